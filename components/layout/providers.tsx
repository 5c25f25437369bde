"use client";
import { useEffect } from "react";
import { AppRouterCacheProvider } from "@mui/material-nextjs/v16-appRouter";
import { ThemeProvider } from "@mui/material/styles";
import CssBaseline from "@mui/material/CssBaseline";
import { ToastProvider } from "@/components/ui/toast-provider";
import { STYLIS_PLUGINS } from "@/lib/ui/lean-prefixer";
import { theme } from "./theme";
// the theme's CSS variables, both colour schemes (generated: npm run theme:css), in the frame's
// stylesheet, which the browser keeps, instead of 22 KB of <style> in every page
import "./theme-variables.css";
// The site's frame, imported for the bundler only (nothing here renders it): both top bars, the
// footer and the status panel of the error, not-found and forbidden pages. Every page shows them,
// but the route groups' layouts, the root error boundary and the not-found and forbidden pages are
// bundled apart, and each carried its own copy of what the root layout's chunks did not hold, so
// a page loaded the top bar, MUI's Button, Paper and next/link two or three times (7-11 KiB).
import "./app-shell";
import "./public-shell";
import "./status-panel";

/**
 * emotion's cache (MUI's styles as <style> tags carrying the page's CSP `nonce`, only the vendor
 * prefixes browsers still need: lib/ui/lean-prefixer.ts) and the theme, whose CSS variables come
 * from a stylesheet (theme-variables.css, imported above) instead of ThemeProvider writing them on
 * every render. The colour scheme follows the system until the household picks one
 * (ColorSchemeSwitch, kept in localStorage by MUI); with no preference stated by the system, it is
 * light.
 */
export function Providers({ nonce, children }: { nonce?: string; children: React.ReactNode }) {
  // Marks the document once React has hydrated it: a click before then does nothing, so the
  // end-to-end specs wait for this mark after each navigation (tests/e2e/helpers.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <AppRouterCacheProvider options={{ key: "css", nonce, stylisPlugins: STYLIS_PLUGINS }}>
      <ThemeProvider theme={theme} defaultMode="system" disableStyleSheetGeneration>
        <CssBaseline />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </AppRouterCacheProvider>
  );
}
