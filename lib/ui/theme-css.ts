import createCache from "@emotion/cache";
import { css, type CSSObject } from "@emotion/react";
import { STYLIS_PLUGINS } from "./lean-prefixer";

/** What `themeCss` needs of a MUI theme made with `cssVariables: true`. */
type CssVarsTheme = { generateStyleSheets: () => CSSObject[] };

/**
 * A MUI theme's CSS variables (`:root{--mui-spacing:8px;--mui-palette-...}`, and one block per further
 * colour scheme: a media query or a class, as `colorSchemeSelector` says) as CSS text, compiled by
 * emotion exactly as MUI's ThemeProvider does on every render (its GlobalStyles), but once.
 */
export function themeCss(theme: CssVarsTheme): string {
  const sheets = theme.generateStyleSheets();
  if (sheets.length === 0) return "";
  // a cache of its own (the app's plugins): `compat` makes `insert` hand back the CSS instead of
  // writing a <style>
  const cache = createCache({ key: "theme", stylisPlugins: STYLIS_PLUGINS });
  cache.compat = true;
  const serialized = css(sheets);
  return String(cache.insert("", serialized, cache.sheet, false) ?? "");
}
