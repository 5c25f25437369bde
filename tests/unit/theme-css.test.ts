// The theme's CSS variables (lib/ui/theme-css.ts), in the stylesheet the providers import
// (components/layout/theme-variables.css, written by npm run theme:css): the very text MUI's
// ThemeProvider writes on every render.
import fs from "node:fs";
import path from "node:path";
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { createTheme, ThemeProvider } from "@mui/material/styles";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { theme, themeOptions } from "@/components/layout/theme";
import { STYLIS_PLUGINS } from "@/lib/ui/lean-prefixer";
import { THEME_STYLESHEET, themeCss, themeStylesheet } from "@/lib/ui/theme-css";

/** The global <style> text(s) MUI's own ThemeProvider renders for `t` on the server (with the app's stylis plugins). */
function fromThemeProvider(t: Parameters<typeof themeCss>[0]): string {
  const cache = createCache({ key: "p", stylisPlugins: STYLIS_PLUGINS });
  const html = renderToString(createElement(CacheProvider, { value: cache }, createElement(ThemeProvider, { theme: t }, createElement("i"))));
  return [...html.matchAll(/<style data-emotion="p-global [^"]*"[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]).join("");
}

describe("the theme's variable references", () => {
  it("are made once, and are what a theme made from the same options makes", () => {
    expect(theme.generateThemeVars()).toBe(theme.generateThemeVars());
    const fresh = createTheme(themeOptions);
    expect(fresh.generateThemeVars()).not.toBe(fresh.generateThemeVars());
    expect(theme.generateThemeVars()).toEqual(fresh.generateThemeVars());
    expect(theme.generateThemeVars().palette.primary.main).toBe("var(--mui-palette-primary-main)");
  });
});

describe("themeCss", () => {
  it("is the stylesheet MUI's ThemeProvider writes for Foyer's theme", () => {
    const text = themeCss(theme);
    expect(text).toMatch(/^:root\{--mui-spacing:8px;/);
    expect(text).toContain("--mui-palette-primary-main:#1b6b4f;");
    expect(text).toContain("--mui-shape-borderRadius:10px;");
    expect(text).toBe(fromThemeProvider(theme));
  });

  it("is what the app's stylesheet holds (run `npm run theme:css` after changing the theme)", () => {
    const file = fs.readFileSync(path.join(__dirname, "../..", THEME_STYLESHEET), "utf8");
    expect(file, "components/layout/theme-variables.css is stale: run npm run theme:css").toBe(themeStylesheet(theme));
    // the variables themselves, below the line that says where they come from
    expect(file.split("\n")[1]).toBe(fromThemeProvider(theme));
  });

  it("carries every colour scheme: dark under its media query, or its class", () => {
    const both = createTheme({ cssVariables: true, colorSchemes: { light: true, dark: true } });
    const text = themeCss(both);
    expect(text).toContain("@media (prefers-color-scheme: dark){:root{color-scheme:dark;");
    expect(text).toBe(fromThemeProvider(both));
    const byClass = createTheme({ cssVariables: { colorSchemeSelector: "class" }, colorSchemes: { light: true, dark: true } });
    expect(themeCss(byClass)).toContain(".dark{color-scheme:dark;");
    expect(themeCss(byClass)).toBe(fromThemeProvider(byClass));
  });
});
