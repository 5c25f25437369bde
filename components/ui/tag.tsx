import type { ReactElement, ReactNode } from "react";
import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import { withSx } from "./sx";

type TagColor = "default" | "primary" | "secondary" | "success" | "warning" | "error" | "info";

/**
 * A small label (a state, a count, "Sandbox data"): MUI's small Chip as it looks, colours from the
 * theme's variables so it follows the colour scheme, without the Chip's code (clickable and
 * deletable chips, avatars, ripples: about 3.5 KiB gzip on every page that showed one). Never
 * interactive; its words are its text. `icon` is a MUI icon, shown before the words and hidden
 * from assistive technology.
 */
export function Tag({
  label,
  color = "default",
  variant = "filled",
  icon,
  sx,
}: {
  label: ReactNode;
  color?: TagColor;
  variant?: "filled" | "outlined";
  icon?: ReactElement;
  sx?: SxProps<Theme>;
}) {
  const outlined = variant === "outlined";
  const main = `var(--mui-palette-${color}-main)`;
  const look =
    color === "default"
      ? outlined
        ? { color: "text.primary", border: "1px solid var(--mui-palette-Chip-defaultBorder)" }
        : { color: "text.primary", bgcolor: "action.selected" }
      : outlined
        ? { color: main, border: `1px solid rgba(var(--mui-palette-${color}-mainChannel) / 0.7)` }
        : { color: `var(--mui-palette-${color}-contrastText)`, bgcolor: main };
  return (
    <Box
      component="span"
      sx={withSx(
        {
          display: "inline-flex",
          alignItems: "center",
          justifyContent: "center",
          maxWidth: "100%",
          height: 24,
          boxSizing: "border-box",
          borderRadius: "12px",
          fontSize: "0.8125rem",
          lineHeight: 1.5,
          whiteSpace: "nowrap",
          verticalAlign: "middle",
          ...look,
        },
        sx,
      )}
    >
      {icon && (
        <Box
          component="span"
          aria-hidden
          sx={{
            display: "inline-flex",
            ml: outlined ? "2px" : "4px",
            mr: "-4px",
            color: color === "default" ? "var(--mui-palette-Chip-defaultIconColor)" : "inherit",
            "& > svg": { fontSize: 18 },
          }}
        >
          {icon}
        </Box>
      )}
      <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", px: outlined ? "7px" : "8px" }}>
        {label}
      </Box>
    </Box>
  );
}
