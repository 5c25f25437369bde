"use client";
// A bar chart drawn with uPlot: imported only by ../energy-charts.tsx, which my-energy-view.tsx loads
// with next/dynamic (ssr: false): uPlot reads `window` when it is imported. Everything uPlot styles
// goes through el.style (CSSOM) and its few rules below through emotion (nonced): nothing the
// Content-Security-Policy refuses.
import Box from "@mui/material/Box";
import { CHART_HEIGHT } from "../chart-skeleton";
import { ChartLegend } from "./legend";
import type { Spec } from "./spec";
import { TooltipBox } from "./tooltip";
import { useBarsData } from "./use-bars-data";
import { useBarsPlot } from "./use-bars-plot";
import { uplotBaseCss } from "../chart-theme";

// uPlot's stylesheet, the rules these charts use (its legend is ours, in HTML)
const uplotCss = {
  ...uplotBaseCss,
  "& .u-axis.u-off, & .u-select.u-off, & .u-cursor-x.u-off, & .u-cursor-y.u-off, & .u-cursor-pt.u-off": { display: "none" },
} as const;

/**
 * Bars per bucket, the series side by side in each: the x axis holds indices (two buckets may
 * share a label, as 02:00 on the October DST day), a null is a gap. A legend in HTML above, a
 * tooltip on hover, and the arrow keys walk the buckets when the chart has the focus.
 */
export function Bars({ spec }: { spec: Spec }) {
  const data = useBarsData(spec);
  const { plotRef, tipRef, liveRef, onKeyDown, onBlur } = useBarsPlot(spec, data);
  return (
    // the legend (one or two lines) and the chart share the chart's fixed height: nothing below moves
    <Box
      role="figure"
      aria-label={spec.title}
      aria-describedby={undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      sx={{ width: "100%", height: CHART_HEIGHT, display: "flex", flexDirection: "column", gap: 0.5, borderRadius: 1, outline: "none", "&:focus-visible": { boxShadow: (t) => `0 0 0 2px ${t.vars.palette.primary.main}` } }}
    >
      <ChartLegend series={spec.series} limit={spec.limit} />
      <Box sx={{ flex: 1, minHeight: 0, position: "relative", overflow: "hidden", ...uplotCss }}>
        <Box ref={plotRef} aria-hidden sx={{ position: "absolute", inset: 0 }} />
        <TooltipBox ref={tipRef} />
        <Box component="span" ref={liveRef} aria-live="polite" sx={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" }} />
      </Box>
    </Box>
  );
}
