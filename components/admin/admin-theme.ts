import type { Theme } from "@mui/material/styles";
import { defaultTheme, type RaThemeOptions } from "react-admin";
import { theme as foyer } from "@/components/layout/theme";

/**
 * The back-office in Foyer's colours, light and dark, shown in the scheme the rest of the app shows.
 *
 * react-admin's own dark mode (`darkTheme` and ToggleThemeButton) would keep a second choice in its
 * store beside the app's, and the two could disagree. Instead this is one theme with CSS variables
 * under the app's selector (the `data-light` / `data-dark` attribute on <html>) and the app's
 * palettes: react-admin's ThemeProvider nests it in the app's (components/layout/providers.tsx),
 * so MUI takes the mode from the app's, with one stored choice (the top bar's switch here, the
 * switch or Appearance in the app), and the colours from the app's variables, already on the page.
 * react-admin's styles read `theme.vars` first, so they follow the attribute too.
 */
export const adminTheme: RaThemeOptions = {
  cssVariables: { colorSchemeSelector: "data" },
  colorSchemes: {
    light: { palette: foyer.colorSchemes.light!.palette },
    dark: { palette: foyer.colorSchemes.dark!.palette },
  },
  shape: foyer.shape,
  typography: { fontFamily: foyer.typography.fontFamily },
  // react-admin's sidebar widths
  sidebar: defaultTheme.sidebar,
  components: {
    // react-admin's dense, full-width filled inputs (its light-only grey fields and form toolbar are left out)
    ...Object.fromEntries(Object.entries(defaultTheme.components ?? {}).filter(([name]) => name !== "MuiFilledInput" && name !== "RaToolbar")),
    ...foyer.components,
    // the form's toolbar (Save, Delete) on the page's background: Delete's red text keeps 4.5:1 in both schemes
    RaToolbar: { styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ backgroundColor: theme.vars.palette.background.default }) } },
  },
};
