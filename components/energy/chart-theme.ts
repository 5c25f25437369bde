"use client";
// The charts' colours (energy-charts.tsx, bars/): canvas needs the palette's values, not its CSS variables.
import { useMemo } from "react";
import { darken, lighten, useColorScheme, useTheme, type Theme } from "@mui/material/styles";

/**
 * The theme with the palette of the colour scheme shown (light or dark): canvas needs the values,
 * not the CSS variables, and `useTheme().palette` is the light scheme's whatever is shown.
 */
export function useSchemeTheme(): Theme {
  const theme = useTheme();
  const { colorScheme } = useColorScheme();
  return useMemo(() => {
    const palette = theme.colorSchemes[colorScheme ?? "light"]?.palette;
    return palette ? { ...theme, palette } : theme;
  }, [theme, colorScheme]);
}

/** The series' colours, from the theme of the scheme shown. */
export function chartColours(theme: Theme) {
  const p = theme.palette;
  const dark = p.mode === "dark";
  // a compared period is the same hue, faded towards the background
  const fade = (c: string, by: number) => (dark ? darken(c, by) : lighten(c, by));
  return {
    consumption: p.primary.main,
    compared: fade(p.primary.main, 0.55),
    production: p.secondary.main,
    cost: p.info.main,
    costCompared: fade(p.info.main, 0.6),
    carbon: p.success.main,
    carbonCompared: fade(p.success.main, 0.6),
    power: dark ? p.grey[500] : p.grey[600],
    limit: dark ? p.error.light : p.error.dark,
  };
}

/**
 * "Where your energy went": the EV in the information blue, the measured consumers in the
 * consumption green (several, fading towards the background one after another), the rest in
 * grey, solar in the production orange (darker on light, to stand out as a line), the grid dark
 * grey (dashed on the chart).
 */
export function breakdownColours(theme: Theme) {
  const p = theme.palette;
  const dark = p.mode === "dark";
  const fade = (c: string, by: number) => (dark ? darken(c, by) : lighten(c, by));
  const steps = [0, 0.3, 0.5];
  return {
    ev: (i = 0) => fade(p.info.main, steps[i % steps.length]),
    consumer: (i = 0) => fade(p.primary.main, steps[i % steps.length]),
    rest: dark ? p.grey[500] : p.grey[600],
    solar: dark ? p.secondary.main : p.secondary.dark,
    grid: dark ? p.grey[300] : p.grey[800],
  };
}

/** uPlot's stylesheet, the rules every chart here uses (their legends are ours, in HTML); each chart adds its cursor's. */
export const uplotBaseCss = {
  "& .uplot, & .uplot *": { boxSizing: "border-box" },
  "& .u-wrap": { position: "relative", userSelect: "none" },
  "& .u-over, & .u-under": { position: "absolute" },
  "& .u-under": { overflow: "hidden" },
  "& .uplot canvas": { display: "block", position: "relative", width: "100%", height: "100%" },
  "& .u-axis": { position: "absolute" },
} as const;
