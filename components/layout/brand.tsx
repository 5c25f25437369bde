"use client";
import { useTranslations } from "use-intl";
import { NextLink } from "@/components/ui/next-link";
import Box from "@mui/material/Box";

/**
 * Foyer's mark and name, linking home. `markOnNarrow`: the mark alone on a narrow phone (the
 * visitors' bar, which holds the language, the scheme, Log in and Sign up too); the link's name
 * stays "Foyer, home".
 */
export function Brand({ size = 32, markOnNarrow = false }: { size?: number; markOnNarrow?: boolean }) {
  const t = useTranslations("common.header");
  return (
    <Box
      component={NextLink}
      href="/"
      aria-label={t("brand")}
      sx={{ display: "inline-flex", alignItems: "center", gap: 1, color: "primary.main", textDecoration: "none", borderRadius: 1, flexShrink: 0, "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 4 } }}
    >
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
        <rect width="64" height="64" rx="14" fill="#1b6b4f" />
        <path d="M32 12 12 30h6v20h28V30h6z" fill="#fff" />
        <path d="M34 26 27 38h6l-3 10 9-14h-6l3-8z" fill="#f2a33a" />
      </svg>
      <Box
        component="span"
        sx={{ fontWeight: 700, fontSize: size * 0.66, letterSpacing: "-0.01em", color: "text.primary", ...(markOnNarrow && { "@media (max-width: 429.95px)": { display: "none" } }) }}
      >
        Foyer
      </Box>
    </Box>
  );
}
