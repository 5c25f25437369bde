"use client";
import { createTheme, type CssVarsThemeOptions } from "@mui/material/styles";

/**
 * Foyer's look: a calm energy green and a clear blue for information, light and dark. The colour
 * scheme follows the system (light when it states no preference) until the household picks one
 * (ColorSchemeSwitch); `data-mui-color-scheme` on <html> selects it, set before the first paint by
 * MUI's InitColorSchemeScript (app/layout.tsx).
 */
export const themeOptions = {
  cssVariables: { colorSchemeSelector: "data" },
  colorSchemes: {
    light: {
      palette: {
        // text on a coloured fill is white only where white reaches WCAG AA's 4.5:1, dark otherwise
        contrastThreshold: 4.5,
        primary: { main: "#1b6b4f" },
        secondary: { main: "#f2a33a" },
        info: { main: "#1769aa" },
        background: { default: "#f6f8f7" },
      },
    },
    dark: {
      palette: {
        contrastThreshold: 4.5,
        primary: { main: "#6fcf9f" },
        secondary: { main: "#f2a33a" },
        info: { main: "#7ab8f0" },
        // MUI's dark error red (#f44336) reaches only 4.4:1 on a dark alert or card: a lighter red
        error: { main: "#f66a5e" },
        background: { default: "#0f1513", paper: "#161d1a" },
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    // the device's own typeface (Roboto on Android, San Francisco on Apple, Segoe UI on Windows):
    // no web font to download before the text shows, nor a stylesheet that blocks the first paint
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', Helvetica, Arial, sans-serif",
    h1: { fontSize: "2.4rem", fontWeight: 600 },
    h2: { fontSize: "1.8rem", fontWeight: 600 },
    h3: { fontSize: "1.4rem", fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: "none", fontWeight: 600 } } },
    // a disabled field's helper often says why it is disabled: it stays readable (AA contrast)
    MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ "&.Mui-disabled": { color: theme.vars.palette.text.secondary } }) } },
  },
} satisfies CssVarsThemeOptions & { cssVariables: object };

export const theme = createTheme(themeOptions);

// ThemeProvider asks the theme for its CSS variables' references (`var(--mui-...)`) on every render,
// which on the server is every request: a deep merge of both schemes' references, 65-75 µs of CPU
// each time (measured warm; a signed-in page costs about 16 ms). They depend on the theme alone:
// made once per server process. (The browser renders ThemeProvider once: no code for it there.)
if (typeof window === "undefined") {
  const themeVars = theme.generateThemeVars();
  theme.generateThemeVars = () => themeVars;
}

// The theme is made with `cssVariables: true`: MUI's types then describe `theme.vars`, the colour
// schemes and ThemeProvider's CSS-variable props (disableStyleSheetGeneration, providers.tsx).
declare module "@mui/material/styles" {
  interface CssThemeVariables {
    enabled: true;
  }
}
