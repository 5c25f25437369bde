// npm run theme:css: writes the theme's CSS variables (both colour schemes) to
// components/layout/theme-variables.css, the stylesheet components/layout/providers.tsx imports, so
// that they reach the browser in a stylesheet it keeps instead of 22 KB of <style> in every page
// (docs/performance.md, "Styles per render"). Run it after changing components/layout/theme.ts:
// the unit tests fail until then.
import fs from "node:fs";
import path from "node:path";
import { theme } from "@/components/layout/theme";
import { THEME_STYLESHEET, themeStylesheet } from "@/lib/ui/theme-css";

const file = path.join(import.meta.dirname, "..", THEME_STYLESHEET);
const text = themeStylesheet(theme);
const before = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
if (before === text) console.log(`${THEME_STYLESHEET}: up to date`);
else {
  fs.writeFileSync(file, text);
  console.log(`${THEME_STYLESHEET}: written (${text.length} bytes)`);
}
