"use client";
import { NextLink as Link } from "@/components/ui/next-link";
import { usePathname } from "next/navigation";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { PageWidth } from "@/components/ui/page-width";
import Toolbar from "@mui/material/Toolbar";
import { Brand } from "./brand";
import { useTranslations } from "use-intl";
import { ColorSchemeSwitch } from "./color-scheme-switch";
import { LanguageSwitch } from "./language-switch";

/**
 * The top bar for visitors: Home, Log in and Sign up, the language and the colour scheme. On a
 * phone, the brand is the way home (it links there) and the buttons are tighter: the bar holds
 * "Se connecter" and "S'inscrire" within 360 px (the brand is its mark alone below 430 px).
 */
export function PublicHeader() {
  const t = useTranslations("common.nav");
  const path = usePathname() ?? "/";
  const current = (href: string) => (path === href ? "page" : undefined);
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}>
      <PageWidth disableGutters>
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 1, sm: 3 }, minHeight: { xs: 60, sm: 64 } }}>
        <Brand markOnNarrow />
        <Box sx={{ flexGrow: 1 }} />
        <LanguageSwitch compact />
        <ColorSchemeSwitch />
        <Box component="nav" aria-label={t("main")} sx={{ display: "flex", alignItems: "center", gap: { xs: 0.25, sm: 1 }, "& .MuiButton-root": { whiteSpace: "nowrap", minWidth: 0 } }}>
          <Button component={Link} href="/" aria-current={current("/")} color="inherit" sx={{ display: { xs: "none", sm: "inline-flex" }, px: { xs: 1, sm: 1.5 }, color: path === "/" ? "primary.main" : "text.secondary" }}>
            {t("home")}
          </Button>
          <Button component={Link} href="/login" aria-current={current("/login")} color="inherit" sx={{ px: { xs: 0.75, sm: 1.5 }, color: path === "/login" ? "primary.main" : "text.secondary" }}>
            {t("login")}
          </Button>
          <Button component={Link} href="/signup" aria-current={current("/signup")} variant="contained" sx={{ px: { xs: 1.25, sm: 2 } }}>
            {t("signup")}
          </Button>
        </Box>
      </Toolbar>
      </PageWidth>
    </AppBar>
  );
}
