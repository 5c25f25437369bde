// The community's one privacy rule for aggregates (docs/community.md, "Privacy"): no figure over
// fewer than MIN_GROUP households is shown anywhere, and the comparisons show rounded quantiles of
// a group the household cannot choose, never a sum or a mean that two overlapping groups could
// difference.

/** The fewest households an aggregate may cover. */
export const MIN_GROUP = 10;

/** `x` to two significant digits (what the comparisons show). */
export function roundFigure(x: number): number {
  if (!Number.isFinite(x) || x === 0) return 0;
  const digits = 2 - Math.ceil(Math.log10(Math.abs(x)));
  // 10 ** -4 and below are not exact in binary: scale by the whole power instead
  if (digits < 0) {
    const f = 10 ** -digits;
    return Math.round(x / f) * f;
  }
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** The `q` quantile (0..1) of sorted values, by linear interpolation. */
export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}
