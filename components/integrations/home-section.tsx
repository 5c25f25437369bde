"use client";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { Text } from "@/components/ui/text";
import { useTranslations } from "use-intl";
import { NextLink } from "@/components/ui/next-link";
import { SandboxChip } from "./sandbox-chip";
import { Notice } from "@/components/ui/notice";

// only a section whose vendor wants a new link shows an alert: its code loads then (rendered on the server)

/** One of the home's data sections: a titled panel, marked when its data comes from the sandbox. */
export function HomeSection({
  id,
  title,
  sandbox,
  needsRelink,
  action,
  children,
}: {
  id: string;
  title: string;
  sandbox?: boolean;
  /** the vendor no longer accepts Foyer's access: say so above the section's content */
  needsRelink?: boolean;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  const t = useTranslations("integrations.home");
  return (
    <Paper component="section" aria-labelledby={`${id}-title`} variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", mb: 1.5 }}>
        <Text id={`${id}-title`} variant="h2" sx={{ fontSize: { xs: "1.2rem", sm: "1.35rem" }, mr: "auto" }}>
          {title}
        </Text>
        {sandbox && <SandboxChip />}
        {action}
      </Box>
      {needsRelink && (
        <Notice
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button component={NextLink} href="/integrations-setup" color="inherit" size="small">
              {t("relink")}
            </Button>
          }
        >
          {t("relinkText")}
        </Notice>
      )}
      {children}
    </Paper>
  );
}

/** What a section says while its integration is not linked, with the way to link it. */
export function LinkHint({ children, linkLabel }: { children: React.ReactNode; linkLabel: string }) {
  return (
    <Box sx={{ display: "flex", alignItems: { xs: "flex-start", sm: "center" }, gap: 2, flexDirection: { xs: "column", sm: "row" } }}>
      <Text color="textSecondary" sx={{ flexGrow: 1 }}>
        {children}
      </Text>
      <Button component={NextLink} href="/integrations-setup" variant="outlined" sx={{ flexShrink: 0 }}>
        {linkLabel}
      </Button>
    </Box>
  );
}
