// The allocation keys Enedis offers a collective self-consumption operation (ACC), one period at a
// time (docs/community.md, "Allocation keys"). In each period (half hour) the operation's local
// production P is shared among its consumers, consumer i withdrawing C[i] from the grid:
// - static: a fixed share s[i] of P, capped at C[i]; what a consumer does not use is surplus;
// - dynamic_default: pro rata of consumption, a[i] = C[i] × min(1, P / ΣC);
// - dynamic_simple: the operator's shares s[i] (sent to Enedis monthly), capped at C[i], what a
//   consumer does not use given again to the others pro rata of their shares, round after round,
//   until production or consumption runs out.
// Sources: Enedis' "clés de répartition" of ACC as described by Enogrid
// (https://enogrid.com/les-cles-de-repartition-en-autoconsommation-collective/) and in
// ../shared/FLEXIBILITY.md. Shares are fractions (0..1) whose sum is at most 1.
import type { AllocationKey } from "@/lib/generated/prisma/enums";

export type { AllocationKey };
export const ALLOCATION_KEYS = ["static", "dynamic_default", "dynamic_simple"] as const satisfies readonly AllocationKey[];

/**
 * Allocates one period's production `p` among consumptions `c` under `key`, writing each
 * consumer's allocation into `out` (same length as `c`); returns the total allocated (≤ p, ≤ Σc).
 * `shares` is read by the static and dynamic simple keys. `active` (optional) holds the indices of
 * the consumers to consider; the others get 0.
 */
export function allocate(key: AllocationKey, p: number, c: ArrayLike<number>, shares: ArrayLike<number>, out: Float64Array, scratch?: Int32Array): number {
  const n = c.length;
  out.fill(0, 0, n);
  if (!(p > 0)) return 0;
  if (key === "dynamic_default") {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += c[i] > 0 ? c[i] : 0;
    if (sum <= 0) return 0;
    const k = p >= sum ? 1 : p / sum;
    let total = 0;
    for (let i = 0; i < n; i++) if (c[i] > 0) total += out[i] = c[i] * k;
    return total;
  }
  if (key === "static") {
    let total = 0;
    for (let i = 0; i < n; i++) if (c[i] > 0 && shares[i] > 0) total += out[i] = Math.min(shares[i] * p, c[i]);
    return total;
  }
  // dynamic simple: rounds of redistribution; each round caps at least one consumer or gives all
  let remaining = p;
  const idx = scratch && scratch.length >= n ? scratch : new Int32Array(n);
  let m = 0;
  // the shares give out at most their sum of production (the rest is surplus whatever the
  // consumption); a consumer using nothing leaves its share to the others
  let shareSum = 0;
  for (let i = 0; i < n; i++) {
    if (shares[i] > 0) shareSum += shares[i];
    if (c[i] > 0 && shares[i] > 0) idx[m++] = i;
  }
  remaining = p * Math.min(1, shareSum);
  let total = 0;
  while (m > 0 && remaining > 1e-9) {
    let s = 0;
    for (let j = 0; j < m; j++) s += shares[idx[j]];
    let used = 0;
    let kept = 0;
    for (let j = 0; j < m; j++) {
      const i = idx[j];
      const give = (remaining * shares[i]) / s;
      const room = c[i] - out[i];
      if (give >= room) {
        out[i] = c[i];
        used += room;
      } else {
        out[i] += give;
        used += give;
        idx[kept++] = i;
      }
    }
    total += used;
    if (kept === m) break; // nobody was capped: everything was given
    remaining -= used;
    m = kept;
  }
  return total;
}

/** The operation's rates: self-consumption (allocated / production) and self-sufficiency (allocated / consumption); null without a denominator. */
export function ratesOf(productionWh: number, consumptionWh: number, allocatedWh: number) {
  return {
    selfConsumption: productionWh > 0 ? allocatedWh / productionWh : null,
    selfSufficiency: consumptionWh > 0 ? allocatedWh / consumptionWh : null,
  };
}

/** Shares (percent) made fractions; with none set, equal shares among the consumers. */
export function sharesOf(percents: (number | null | undefined)[]): Float64Array {
  const out = new Float64Array(percents.length);
  const set = percents.some((x) => x !== null && x !== undefined);
  for (let i = 0; i < percents.length; i++) out[i] = set ? (percents[i] ?? 0) / 100 : 1 / percents.length;
  return out;
}
