// The power chart's data (power-chart.tsx): each measurement's points laid on one time grid, a
// value per step of the period (null where the device sent nothing: a gap in the line). Pure.

type Point = { start: string; power_w_avg: number | null };

/** The grid's times (Unix seconds, as uPlot reads them) and each measurement's values on it, in the order given. */
export function onGrid(range: { start: number; end: number; stepMs: number }, measurements: readonly { points: readonly Point[] }[]) {
  const n = Math.max(0, Math.round((range.end - range.start) / range.stepMs));
  const xs = Array.from({ length: n }, (_, i) => (range.start + i * range.stepMs) / 1000);
  const ys = measurements.map((m) => {
    const values: (number | null)[] = new Array(n).fill(null);
    for (const p of m.points) {
      const i = Math.round((Date.parse(p.start) - range.start) / range.stepMs);
      if (i >= 0 && i < n) values[i] = p.power_w_avg;
    }
    return values;
  });
  return { xs, ys };
}

/** The indices of values with a gap on both sides: a line cannot draw them, a dot does. */
export function isolatedPoints(values: readonly (number | null)[]): number[] {
  const out: number[] = [];
  values.forEach((v, i) => {
    if (v !== null && (values[i - 1] ?? null) === null && (values[i + 1] ?? null) === null) out.push(i);
  });
  return out;
}

/** True when some measurement has a point with a power. */
export const hasPower = (measurements: readonly { points: readonly Point[] }[]) => measurements.some((m) => m.points.some((p) => p.power_w_avg !== null));
