// A period of the operation replayed under allocation keys (docs/community.md, "Allocation keys"):
// month by month from the rollups (lib/services/community/month.ts, lib/community/simulate.ts),
// each member's consumption, production, allocation and savings summed over its spans.
import type { Caller } from "@/lib/auth/caller";
import { db, pgQuery } from "@/lib/db";
import { forbidden } from "@/lib/errors";
import { listTariffs } from "@/lib/services/tariffs/tariffs";
import { addDays } from "@/lib/time/paris";
import { emptyResult, simulateMonth } from "@/lib/community/simulate";
import { ratesOf, type AllocationKey } from "@/lib/community/keys";
import { loadMonth } from "./month";
import { monthsBetween } from "./rollup";
import type { Period } from "./view";

export type MemberFigures = { userId: number; consumptionWh: number; productionWh: number };
type MemberKeyFigures = { userId: number; allocatedWh: number; savingsEur: number };
type KeyFigures = {
  key: AllocationKey;
  productionWh: number;
  consumptionWh: number;
  allocatedWh: number;
  surplusWh: number;
  savingsEur: number;
  selfConsumption: number | null;
  selfSufficiency: number | null;
  members: MemberKeyFigures[];
};

/**
 * [from, to) under each of `keys` (the operator's shares, or `shares` by household in %). Returns
 * each key's totals and members, and each member's consumption and production while it took part.
 */
export async function simulatePeriod(p: Period, keys: readonly AllocationKey[], shares?: Map<number, number> | null) {
  const tariffs = await listTariffs(db);
  const totals = keys.map((k) => emptyResult(k, 0));
  const perKey = keys.map(() => new Map<number, { allocatedWh: number; savingsEur: number }>());
  const figures = new Map<number, MemberFigures>();
  const querier = { query: pgQuery } as unknown as Parameters<typeof loadMonth>[0];
  let key: AllocationKey = "dynamic_default";
  for (const month of monthsBetween(p.from, addDays(p.to, -1))) {
    const data = await loadMonth(querier, month, { period: p, shares: shares ?? null, tariffs });
    key = data.key;
    const results = keys.map((k) => emptyResult(k, data.members.length));
    simulateMonth(data.slots, data.members, data.localPrice, results);
    results.forEach((r, k) => {
      const t = totals[k];
      t.productionWh += r.productionWh;
      t.consumptionWh += r.consumptionWh;
      t.allocatedWh += r.allocatedWh;
      t.savingsEur += r.savingsEur;
      data.userIds.forEach((u, i) => {
        const x = perKey[k].get(u) ?? { allocatedWh: 0, savingsEur: 0 };
        x.allocatedWh += r.memberAllocatedWh[i];
        x.savingsEur += r.memberSavingsEur[i];
        perKey[k].set(u, x);
      });
    });
    data.members.forEach((m, i) => {
      const u = data.userIds[i];
      const f = figures.get(u) ?? { userId: u, consumptionWh: 0, productionWh: 0 };
      for (let t = m.from; t < m.to; t++) {
        if (m.consumer && m.cons) f.consumptionWh += m.cons[t];
        if (m.producer && m.prod) f.productionWh += m.prod[t];
      }
      figures.set(u, f);
    });
  }
  const byKey: KeyFigures[] = totals.map((t, k) => ({
    key: t.key,
    productionWh: t.productionWh,
    consumptionWh: t.consumptionWh,
    allocatedWh: t.allocatedWh,
    surplusWh: Math.max(0, t.productionWh - t.allocatedWh),
    savingsEur: t.savingsEur,
    ...ratesOf(t.productionWh, t.consumptionWh, t.allocatedWh),
    members: [...perKey[k].entries()].map(([userId, x]) => ({ userId, ...x })),
  }));
  return { operationKey: key, keys: byKey, members: [...figures.values()] };
}

/** The operator's simulation: [from, to) under each key, side by side. */
export async function simulateKeys(caller: Caller, p: Period, keys: readonly AllocationKey[], shares?: Map<number, number> | null) {
  if (!caller.isSuperuser) throw forbidden();
  return simulatePeriod(p, keys, shares);
}
