"use client";
import Box from "@mui/material/Box";
import { useTranslations } from "use-intl";

/** The first stop of the Tab key: jumps over the navigation to the page's content. */
export function SkipLink() {
  const t = useTranslations("common.header");
  return (
    <Box
      component="a"
      href="#main"
      sx={{
        position: "absolute",
        left: 8,
        top: -48,
        zIndex: 2000,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: "primary.main",
        color: "primary.contrastText",
        fontWeight: 600,
        textDecoration: "none",
        "&:focus": { top: 8 },
      }}
    >
      {t("skip")}
    </Box>
  );
}
