// One Paris month of the operation as the keys replay it (lib/community/simulate.ts): the members
// taking part in it (one entry per membership row: a household that left and came back counts in
// each of its spans), their half-hour curves (community.household_months), shares and prices.
import type pg from "pg";
import { db } from "@/lib/db";
import { listTariffs } from "@/lib/services/tariffs/tariffs";
import { tempoColours } from "@/lib/services/tariffs/tempo";
import { pricerOf } from "@/lib/energy/costs";
import { tariffSettingsOf } from "@/lib/energy/series";
import type { TariffRow } from "@/lib/energy/tariff";
import { addDays, addMonths, parisDayStart } from "@/lib/time/paris";
import { curveOf, type MemberMonth } from "@/lib/community/simulate";
import type { AllocationKey } from "@/lib/community/keys";

const HALF_HOUR_MS = 1_800_000;

export type MonthData = {
  month: string;
  slots: number;
  key: AllocationKey;
  localPrice: number;
  members: MemberMonth[];
  /** the household of each entry of `members` */
  userIds: number[];
  /** the membership row of each entry */
  memberIds: number[];
};

type Options = {
  /** only the half hours of these Paris days [from, to) */
  period?: { from: string; to: string } | null;
  /** shares (%) by household instead of the operator's */
  shares?: Map<number, number> | null;
  /** prices are only needed for savings */
  prices?: boolean;
  tariffs?: TariffRow[];
};

type Querier = Pick<pg.PoolClient, "query">;

/** The operator's shares (%) in force for `month`: the latest set made for it or before. */
export async function sharesFor(c: Querier, month: string): Promise<Map<number, number>> {
  const { rows } = await c.query<{ user_id: number; percent: number }>(
    "SELECT user_id, percent FROM community_shares WHERE month = (SELECT max(month) FROM community_shares WHERE month <= $1::date)",
    [month],
  );
  return new Map(rows.map((r) => [r.user_id, r.percent]));
}

/** Per distinct tariff setting, the € per kWh of each half hour of the month (NaN: unpriced). */
export async function priceArrays(userIds: number[], month: string, slots: number, tariffs: TariffRow[]): Promise<Map<number, Float32Array | null>> {
  const meters = await db.meter.findMany({
    where: { userId: { in: userIds } },
    select: { userId: true, tariff: true, tariffKva: true, subscribedKva: true, tariffOption: true, offpeakHours: true, offpeakSlots: { select: { validFrom: true, ranges: true } } },
    orderBy: { id: "asc" },
  });
  const t0 = parisDayStart(month);
  const next = addMonths(month, 1);
  let tempo: Map<string, "blue" | "white" | "red"> | null = null;
  const byKey = new Map<string, Float32Array | null>();
  const out = new Map<number, Float32Array | null>();
  for (const m of meters) {
    if (out.has(m.userId)) continue; // a household's first meter prices it
    const s = tariffSettingsOf(m);
    if (!s.option || !s.kva) {
      out.set(m.userId, null);
      continue;
    }
    const key = JSON.stringify([s.option, s.kva, s.slots]);
    let arr = byKey.get(key);
    if (arr === undefined) {
      if (s.option === "tempo" && !tempo) tempo = await tempoColours(db, addDays(month, -1), next);
      const pricer = pricerOf({ option: s.option, kva: s.kva, tariffs, offpeak: s.slots, tempo: tempo ?? undefined });
      arr = new Float32Array(slots);
      for (let t = 0; t < slots; t++) arr[t] = pricer.price(t0 + t * HALF_HOUR_MS).eurPerKwh ?? NaN;
      byKey.set(key, arr);
    }
    out.set(m.userId, arr);
  }
  return out;
}

/** Loads `month` for the keys: its members, curves, shares and (unless `prices: false`) prices. */
export async function loadMonth(c: Querier, month: string, o: Options | null): Promise<MonthData> {
  const next = addMonths(month, 1);
  const t0 = parisDayStart(month);
  const slots = Math.round((parisDayStart(next) - t0) / HALF_HOUR_MS);
  // one after the other: `c` may be one client inside a transaction (the rollup's)
  const settings = await c.query<{ allocation_key: AllocationKey; local_price_eur_per_kwh: number }>("SELECT allocation_key, local_price_eur_per_kwh FROM community_settings WHERE id = 1");
  const memberships = await c.query<{ id: number; user_id: number; role: string; joined_on: string; left_on: string | null }>(
    `SELECT id, user_id, role::text, joined_on::text, left_on::text FROM community_members
     WHERE joined_on < $2::date AND (left_on IS NULL OR left_on > $1::date) ORDER BY user_id, joined_on`,
    [month, next],
  );
  const curves = await c.query<{ user_id: number; cons: Buffer; prod: Buffer }>(
    `SELECT h.user_id, h.cons, h.prod FROM community.household_months h
     WHERE h.month = $1::date AND h.user_id IN (SELECT user_id FROM community_members WHERE joined_on < $2::date AND (left_on IS NULL OR left_on > $1::date))`,
    [month, next],
  );
  const shares = o?.shares ?? (await sharesFor(c, month));
  const set = settings.rows[0] ?? { allocation_key: "dynamic_default" as const, local_price_eur_per_kwh: 0.1 };
  const byUser = new Map(curves.rows.map((r) => [r.user_id, { cons: curveOf(r.cons), prod: curveOf(r.prod) }]));
  const userIds = [...new Set(memberships.rows.map((r) => r.user_id))];
  const prices = o?.prices === false || !userIds.length ? new Map<number, Float32Array | null>() : await priceArrays(userIds, month, slots, o?.tariffs ?? (await listTariffs(db)));
  // without shares set, every consumer of the month has an equal one
  const consumers = memberships.rows.filter((r) => r.role !== "producer");
  const equal = consumers.length ? 100 / new Set(consumers.map((r) => r.user_id)).size : 0;
  const slotOf = (day: string) => Math.max(0, Math.min(slots, Math.round((parisDayStart(day) - t0) / HALF_HOUR_MS)));
  const lo = o?.period ? slotOf(o.period.from) : 0;
  const hi = o?.period ? slotOf(o.period.to) : slots;
  const members: MemberMonth[] = [];
  const ids: number[] = [];
  const memberIds: number[] = [];
  for (const r of memberships.rows) {
    const curve = byUser.get(r.user_id);
    const from = Math.max(lo, r.joined_on <= month ? 0 : slotOf(r.joined_on));
    const to = Math.min(hi, r.left_on === null || r.left_on >= next ? slots : slotOf(r.left_on));
    members.push({
      cons: curve?.cons ?? null,
      prod: curve?.prod ?? null,
      from,
      to: Math.max(from, to),
      consumer: r.role !== "producer",
      producer: r.role !== "consumer",
      share: (shares.size ? (shares.get(r.user_id) ?? 0) : equal) / 100,
      prices: prices.get(r.user_id) ?? null,
    });
    ids.push(r.user_id);
    memberIds.push(r.id);
  }
  return { month, slots, key: set.allocation_key, localPrice: set.local_price_eur_per_kwh, members, userIds: ids, memberIds };
}
