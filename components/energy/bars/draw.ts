// What the bar charts draw on uPlot's canvas themselves: the bars, and the dashed limit line.
import type uPlot from "uplot";
import type { Spec } from "./spec";
import { pxRatio } from "./use-bars-data";

/**
 * The bars of series `si` of `k`, over `n` buckets: the group takes most of its bucket, its bars
 * split it (a thin gap between them). Piled (`base`: the sum of the bars below, per bucket), each
 * bar starts where the one below ends, square, a hairline of the paper between them.
 */
export const barPaths = (n: number, k: number, si: number, base?: number[]): uPlot.Series.PathBuilder => (u, seriesIdx, idx0, idx1) => {
  const fill = new Path2D();
  const ys = u.data[seriesIdx];
  const r = pxRatio();
  const bucketPx = u.bbox.width / n;
  const groupPx = bucketPx * (n > 60 ? 0.86 : 0.72);
  const gap = k > 1 && groupPx > 8 * r ? Math.min(2 * r, groupPx * 0.08) : 0;
  const barPx = Math.max(r, (groupPx - gap * (k - 1)) / k);
  const y0 = u.valToPos(0, "y", true);
  const round = !base && barPx > 6 * r && typeof fill.roundRect === "function";
  for (let i = idx0; i <= idx1; i++) {
    const v = ys[i];
    if (v === null || v === undefined) continue;
    if (base) {
      if (v <= 0) continue;
      const left = u.valToPos(i, "x", true) - groupPx / 2;
      const bottom = u.valToPos(base[i], "y", true);
      const top = u.valToPos(base[i] + v, "y", true);
      // a hairline between two piled bars, when the bar is tall enough to spare it
      const h = bottom - top > 3 * r && base[i] > 0 ? bottom - top - r : Math.max(bottom - top, r);
      fill.rect(left, top, groupPx, h);
      continue;
    }
    const left = u.valToPos(i, "x", true) - groupPx / 2 + si * (barPx + gap);
    const y = u.valToPos(v, "y", true);
    const top = Math.min(y, y0), h = Math.max(Math.abs(y0 - y), v === 0 ? 0 : r);
    if (round) fill.roundRect(left, top, barPx, h, v >= 0 ? [2 * r, 2 * r, 0, 0] : [0, 0, 2 * r, 2 * r]);
    else fill.rect(left, top, barPx, h);
  }
  return { fill, stroke: null };
};

/** The limit across the plot, dashed, its label at the right end on a light background. */
export function drawLimit(u: uPlot, limit: NonNullable<Spec["limit"]>, family: string, labelBackground: string) {
  const r = pxRatio(), ctx = u.ctx;
  const y = Math.round(u.valToPos(limit.value, "y", true)) + 0.5;
  const x0 = u.bbox.left, x1 = u.bbox.left + u.bbox.width;
  ctx.save();
  ctx.strokeStyle = limit.color;
  ctx.lineWidth = 2 * r;
  ctx.setLineDash([6 * r, 4 * r]);
  ctx.beginPath();
  ctx.moveTo(x0, y);
  ctx.lineTo(x1, y);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.font = `600 ${12 * r}px ${family}`;
  ctx.textAlign = "right";
  ctx.textBaseline = "bottom";
  const w = ctx.measureText(limit.label).width;
  ctx.fillStyle = labelBackground;
  ctx.fillRect(x1 - w - 8 * r, y - 19 * r, w + 6 * r, 16 * r);
  ctx.fillStyle = limit.color;
  ctx.fillText(limit.label, x1 - 5 * r, y - 5 * r);
  ctx.restore();
}
