// uPlot's options for a bar chart (bars.tsx): the x axis holds bucket indices, labelled as many as
// fit; the y axis the spec's unit; the bars, the tooltip and the limit line through uPlot's hooks.
import type uPlot from "uplot";
import { barPaths, drawLimit } from "./draw";
import type { Spec } from "./spec";
import type { BarsTooltip } from "./tooltip";
import { pxRatio, textWidth, type BarsData } from "./use-bars-data";

/**
 * The options of a chart of `el`'s size; `focused()` is the bucket the keyboard holds, shown when
 * the pointer leaves the plot.
 */
export function barsOptions(spec: Spec, d: BarsData, el: HTMLElement, tooltip: BarsTooltip, focused: () => number | null): uPlot.Options {
  const { series, yLabel, yFormat, limit } = spec;
  const { n, k, font, axisColour, gridColour, labels, labelWidth } = d;
  // piled bars: each starts on the sum of those before it
  const bars = series.filter((s) => !s.line);
  const bases = spec.stacked ? bars.map((_, bi) => Array.from({ length: n }, (_, i) => bars.slice(0, bi).reduce((a, s) => a + Math.max(0, s.data[i] ?? 0), 0))) : null;
  const seriesOptions = series.map((s): uPlot.Series => {
    if (s.line) return { label: s.label, stroke: s.color, width: 2, dash: s.line.dash, spanGaps: false, points: { show: n <= 31, size: 5, fill: s.color, stroke: s.color } };
    const bi = bars.indexOf(s);
    return { label: s.label, fill: s.color, stroke: s.color, width: 0, paths: bases ? barPaths(n, 1, 0, bases[bi]) : barPaths(n, k, bi), points: { show: false } };
  });
  return {
    width: Math.max(el.clientWidth, 100),
    height: Math.max(el.clientHeight, 100),
    padding: [10, 8, 0, 0],
    legend: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    cursor: { x: false, y: false, points: { show: false }, drag: { x: false, y: false, setScale: false } },
    scales: {
      x: { time: false, range: () => [-0.5, n - 0.5] },
      y: {
        range: (_u, min, max) => {
          const lo = spec.yMin ?? Math.min(0, min ?? 0);
          const hi = spec.yMax ?? Math.max(lo + 1e-9, max ?? 0) * 1.08;
          return [lo, hi > lo ? hi : lo + 1];
        },
      },
    },
    axes: [
      {
        stroke: axisColour,
        font,
        size: 30,
        gap: 4,
        grid: { show: false },
        ticks: { show: true, stroke: gridColour, width: 1, size: 4 },
        // as many labels as fit without touching, on whole steps of buckets
        splits: (u) => {
          const width = u.bbox.width / pxRatio();
          const fit = Math.max(1, Math.floor(width / (labelWidth + 14)));
          const step = Math.max(1, Math.ceil(n / fit));
          const out: number[] = [];
          // a label past the right edge (beyond the plot's padding) would be cut: left out
          for (let i = 0; i < n; i += step) if (i === 0 || ((i + 0.5) / n) * width + labelWidth / 2 <= width + 8) out.push(i);
          return out;
        },
        values: (_u, splits) => splits.map((i) => labels[i] ?? ""),
      },
      {
        stroke: axisColour,
        font,
        label: yLabel,
        labelFont: font,
        labelSize: 16,
        labelGap: 2,
        gap: 6,
        grid: { stroke: gridColour, width: 1 },
        ticks: { show: false },
        values: (_u, splits) => splits.map((v) => yFormat(v)),
        size: (_u, values) => 16 + 10 + Math.ceil(Math.max(16, ...(values ?? []).map((v) => textWidth(String(v), font)))),
      },
    ],
    series: [{}, ...seriesOptions],
    hooks: {
      ready: [tooltip.mountBand],
      setCursor: [
        (u) => {
          const left = u.cursor.left ?? -1;
          if (left < 0) return tooltip.show(u, focused());
          tooltip.show(u, Math.min(n - 1, Math.max(0, Math.round(u.posToVal(left, "x")))));
        },
      ],
      draw: [
        (u) => {
          if (!limit) return;
          drawLimit(u, limit, d.family, d.labelBackground);
        },
      ],
    },
  };
}
