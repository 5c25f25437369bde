"use client";
import { useTranslations } from "use-intl";
import { NextLink } from "@/components/ui/next-link";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { Text } from "@/components/ui/text";

/** A centred message with an icon, a title and a way back home (not found, forbidden...). */
export function StatusPanel({
  icon,
  eyebrow,
  title,
  children,
  tone = "primary",
}: {
  icon: React.ReactNode;
  eyebrow: string;
  title: string;
  children: React.ReactNode;
  tone?: "primary" | "error";
}) {
  const t = useTranslations("common.status");
  return (
    <Paper variant="outlined" sx={{ maxWidth: 640, mx: "auto", mt: { xs: 2, md: 6 }, p: { xs: 3, sm: 5 }, textAlign: "center" }}>
      <Box
        aria-hidden
        sx={{
          position: "relative",
          width: 72,
          height: 72,
          mx: "auto",
          mb: 2,
          display: "grid",
          placeItems: "center",
          color: `${tone}.main`,
          // a 10% tint of the tone behind the icon (objects only: this is a server component)
          "&::before": { content: '""', position: "absolute", inset: 0, borderRadius: "50%", bgcolor: "currentColor", opacity: 0.1 },
          "& svg": { fontSize: 36, position: "relative" },
        }}
      >
        {icon}
      </Box>
      <Text variant="overline" component="p" color={tone === "error" ? "error" : "primary"} sx={{ fontWeight: 700, letterSpacing: "0.12em" }}>
        {eyebrow}
      </Text>
      <Text variant="h1" component="h1" sx={{ fontSize: { xs: "1.6rem", sm: "2rem" }, mb: 1.5 }}>
        {title}
      </Text>
      <Text color="textSecondary" component="div" sx={{ mb: 3, maxWidth: 480, mx: "auto" }}>
        {children}
      </Text>
      <Button component={NextLink} href="/" variant="contained">
        {t("backHome")}
      </Button>
    </Paper>
  );
}
