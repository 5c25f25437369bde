import type { HTMLAttributes, ReactNode, Ref } from "react";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { Text } from "@/components/ui/text";
import type { SxProps, Theme } from "@mui/material/styles";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import CloseIcon from "@mui/icons-material/Close";
import ErrorOutline from "@mui/icons-material/ErrorOutlineOutlined";
import InfoOutlined from "@mui/icons-material/InfoOutlined";
import ReportProblemOutlined from "@mui/icons-material/ReportProblemOutlined";
import { withSx } from "./sx";

type Severity = "success" | "info" | "warning" | "error";

const ICONS = { success: CheckCircleOutline, info: InfoOutlined, warning: ReportProblemOutlined, error: ErrorOutline } as const;

/** The colours of MUI's Alert, from the theme's variables (they follow the colour scheme). */
function look(severity: Severity, variant: "standard" | "outlined" | "filled") {
  const alert = (key: string) => `var(--mui-palette-Alert-${severity}${key})`;
  if (variant === "filled") return { root: { color: alert("FilledColor"), bgcolor: alert("FilledBg"), fontWeight: 500 }, icon: "inherit" };
  const root = variant === "outlined" ? { color: alert("Color"), border: `1px solid var(--mui-palette-${severity}-light)` } : { color: alert("Color"), bgcolor: alert("StandardBg") };
  return { root, icon: alert("IconColor") };
}

/**
 * A message in a coloured box (an error, a warning, a note): MUI's Alert as it looks and as
 * assistive technology meets it (role "alert" unless told otherwise, the severity's icon hidden
 * from it, a close button named `closeText`), without the Alert's code (about 2 KiB gzip on every
 * page that showed one). `action` sits at the end; `onClose` without an action adds the close
 * button; `messageSx` styles the message's box.
 */
export function Notice({
  severity = "info",
  variant = "standard",
  role = "alert",
  icon,
  action,
  onClose,
  closeText = "Close",
  sx,
  messageSx,
  children,
  ref,
  ...rest
}: {
  severity?: Severity;
  variant?: "standard" | "outlined" | "filled";
  role?: string;
  /** false: no icon */
  icon?: ReactNode | false;
  action?: ReactNode;
  onClose?: () => void;
  closeText?: string;
  sx?: SxProps<Theme>;
  messageSx?: SxProps<Theme>;
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
} & Omit<HTMLAttributes<HTMLDivElement>, "role" | "color">) {
  const colours = look(severity, variant);
  const Icon = ICONS[severity];
  const end = action ?? (onClose ? (
    <IconButton size="small" aria-label={closeText} title={closeText} color="inherit" onClick={onClose}>
      <CloseIcon fontSize="small" />
    </IconButton>
  ) : null);
  return (
    <Box
      ref={ref}
      role={role}
      {...rest}
      sx={withSx({ display: "flex", px: 2, py: "6px", borderRadius: 1, typography: "body2", ...colours.root }, sx)}
    >
      {icon !== false && (
        <Box aria-hidden sx={{ display: "flex", mr: "12px", py: "7px", fontSize: 22, opacity: 0.9, color: colours.icon }}>
          {icon ?? <Icon fontSize="inherit" />}
        </Box>
      )}
      <Box sx={withSx({ py: 1, minWidth: 0, overflow: "auto" }, messageSx)}>{children}</Box>
      {end && <Box sx={{ display: "flex", alignItems: "flex-start", pt: "4px", pl: 2, ml: "auto", mr: -1 }}>{end}</Box>}
    </Box>
  );
}

/** A notice's title, as MUI's AlertTitle sets it: a line of medium weight above the message. */
export function NoticeTitle({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Text component="div" gutterBottom sx={withSx({ fontWeight: 500, mt: "-2px" }, sx)}>
      {children}
    </Text>
  );
}
