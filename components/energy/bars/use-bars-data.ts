"use client";
// What a bar chart draws with, prepared from its spec and the theme shown: the font and colours
// canvas needs, the buckets' labels and their widest, and each bucket in words for the live region.
import { useMemo } from "react";
import { alpha } from "@mui/material/styles";
import { bucketLabel, bucketText } from "../period";
import { useSchemeTheme } from "../chart-theme";
import type { Spec } from "./spec";

let measurer: CanvasRenderingContext2D | null = null;
/** The width of `text` in `font`, in CSS pixels. */
export const textWidth = (text: string, font: string) => {
  measurer ??= document.createElement("canvas").getContext("2d");
  if (!measurer) return text.length * 7;
  measurer.font = font;
  return measurer.measureText(text).width;
};
export const pxRatio = () => window.devicePixelRatio || 1;

export type BarsData = ReturnType<typeof prepare>;

function prepare(spec: Spec, theme: ReturnType<typeof useSchemeTheme>) {
  const { series, starts, ends, bucket, periodDays, locale } = spec;
  const family = theme.typography.fontFamily ?? "sans-serif";
  const font = `12px ${family}`;
  const labels = starts.map((s) => bucketLabel(s, bucket, periodDays, locale));
  return {
    /** buckets, and bars side by side in each (one pile when stacked; lines apart) */
    n: starts.length,
    k: spec.stacked ? 1 : series.filter((s) => !s.line).length,
    family,
    font,
    axisColour: theme.palette.text.secondary,
    gridColour: theme.palette.divider,
    /** the hovered bucket's band, and the background of the limit's label */
    bandColour: alpha(theme.palette.text.primary, 0.06),
    labelBackground: alpha(theme.palette.background.paper, 0.85),
    labels,
    labelWidth: Math.max(...labels.map((l) => textWidth(l, font))),
    /** bucket i and its values in words (the live region) */
    text: (i: number) => spec.live(bucketText(starts[i], ends[i], bucket, locale), series.map((s) => `${s.label} ${s.format(s.data[i])}`).join(", ")),
  };
}

/** The spec prepared for drawing, again whenever it or the colour scheme changes. */
export function useBarsData(spec: Spec): BarsData {
  const theme = useSchemeTheme();
  return useMemo(() => prepare(spec, theme), [spec, theme]);
}
