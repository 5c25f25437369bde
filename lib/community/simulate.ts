// A month of the operation replayed under allocation keys (docs/community.md): each member's
// half-hour curves (lib/services/community/rollup.ts keeps them), the days it took part, its shares
// and its prices, in; each key's totals and each member's allocation and savings, out. Pure, on
// typed arrays: a year of 1,000 members is 17.5 million member-periods per key.
import { allocate, type AllocationKey } from "./keys";

export type MemberMonth = {
  /** Wh per half hour from the month's first local midnight; null: nothing held that month */
  cons: Float32Array | null;
  prod: Float32Array | null;
  /** the half hours [from, to) of the month it counts in (its membership within the period) */
  from: number;
  to: number;
  /** whether it receives local production (consumer or both) */
  consumer: boolean;
  /** whether its injection is the operation's production (producer or both) */
  producer: boolean;
  /** its share under the static and dynamic simple keys (0..1) */
  share: number;
  /** € per kWh of its supplier per half hour (NaN: unpriced), or null: no tariff known */
  prices: Float32Array | null;
};

export type KeyResult = {
  key: AllocationKey;
  productionWh: number;
  consumptionWh: number;
  allocatedWh: number;
  savingsEur: number;
  /** per member, in the members' order */
  memberAllocatedWh: Float64Array;
  memberSavingsEur: Float64Array;
};

/** A half hour of a replay: its index, the production, each member's consumption and allocation (read, not kept), the total allocated. */
export type SlotVisitor = (t: number, production: number, consumption: Float64Array, allocated: Float64Array, given: number) => void;

export const emptyResult = (key: AllocationKey, members: number): KeyResult => ({
  key, productionWh: 0, consumptionWh: 0, allocatedWh: 0, savingsEur: 0,
  memberAllocatedWh: new Float64Array(members), memberSavingsEur: new Float64Array(members),
});

/**
 * Adds one month to `results` (one per key, members in the order of `members`): per half hour the
 * production of the members counting then, shared among the consumers counting then. Savings: the
 * allocated kWh at the member's supplier price less `localPrice`. `onSlot`, when given, sees each
 * half hour under the first result's key: the production, each member's consumption counting then
 * and its allocation, and the total allocated (Enedis' per-meter quantities: lib/services/community/acc.ts).
 */
export function simulateMonth(slots: number, members: MemberMonth[], localPrice: number, results: KeyResult[], onSlot?: SlotVisitor) {
  const n = members.length;
  const c = new Float64Array(n);
  const shares = new Float64Array(n);
  const out = new Float64Array(n);
  const scratch = new Int32Array(n);
  for (let i = 0; i < n; i++) shares[i] = members[i].consumer ? members[i].share : 0;
  for (let t = 0; t < slots; t++) {
    let p = 0;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const m = members[i];
      const on = t >= m.from && t < m.to;
      c[i] = on && m.consumer && m.cons ? m.cons[t] : 0;
      sum += c[i];
      if (on && m.producer && m.prod) p += m.prod[t];
    }
    for (const [k, r] of results.entries()) {
      r.productionWh += p;
      r.consumptionWh += sum;
      if (p <= 0 || sum <= 0) {
        if (k === 0 && onSlot) onSlot(t, p, c, out.fill(0), 0);
        continue;
      }
      const given = allocate(r.key, p, c, shares, out, scratch);
      r.allocatedWh += given;
      if (k === 0 && onSlot) onSlot(t, p, c, out, given);
      for (let i = 0; i < n; i++) {
        const a = out[i];
        if (a <= 0) continue;
        r.memberAllocatedWh[i] += a;
        const price = members[i].prices?.[t];
        if (price !== undefined && price === price) {
          const eur = (a / 1000) * (price - localPrice);
          r.memberSavingsEur[i] += eur;
          r.savingsEur += eur;
        }
      }
    }
  }
}

/** Float32 big-endian bytes (PostgreSQL's float4send) as an array. */
export function curveOf(bytes: Uint8Array | null): Float32Array | null {
  if (!bytes || bytes.length === 0) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength >> 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, false);
  return out;
}
