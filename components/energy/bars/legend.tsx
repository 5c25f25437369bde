"use client";
// A bar chart's legend, in HTML above the plot: a swatch (a line for a line) and a name for each series, and the limit's dashed line.
import Box from "@mui/material/Box";
import type { Spec } from "./spec";

export function ChartLegend({ series, limit }: Pick<Spec, "series" | "limit">) {
  return (
    <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexWrap: "wrap", columnGap: 2, rowGap: 0.25, fontSize: 13, color: "text.secondary" }}>
      {series.map((s) => (
        <Box component="li" key={s.id} sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
          {s.line ? (
            <Box component="span" aria-hidden sx={{ width: 16, borderTop: 2, borderTopStyle: s.line.dash ? "dashed" : "solid", borderColor: s.color }} />
          ) : (
            <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: s.color }} />
          )}
          {s.label}
        </Box>
      ))}
      {limit && (
        <Box component="li" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
          <Box component="span" aria-hidden sx={{ width: 16, borderTop: 2, borderTopStyle: "dashed", borderColor: limit.color }} />
          {limit.label}
        </Box>
      )}
    </Box>
  );
}
