// What a household sees of the community (docs/community.md): its short profile, "homes like
// mine" on My Energy, and what it gains from the operation (its allocated local production and
// savings). Only its own figures and rounded quantiles of groups of at least MIN_GROUP others.
import type { Caller } from "@/lib/auth/caller";
import { db, pgQuery } from "@/lib/db";
import type { HeatingEnergy, HotWaterEnergy, HousingType } from "@/lib/generated/prisma/enums";
import { listTariffs } from "@/lib/services/tariffs/tariffs";
import { addMonths, parisDayOf } from "@/lib/time/paris";
import { groupFigures, groupOf, missingOf, NATIONAL_KWH_PER_YEAR, NATIONAL_SOURCE, type CompleteProfile, type Home } from "@/lib/community/compare";
import { MIN_GROUP, roundFigure } from "@/lib/community/privacy";
import { curveOf } from "@/lib/community/simulate";
import { ratesOf } from "@/lib/community/keys";
import { priceArrays } from "./month";
import { slotsOf } from "./rollup";
import { membersIn } from "./view";

export type ProfileInput = { housingType: HousingType | null; floorAreaM2: number | null; occupants: number | null; heating: HeatingEnergy | null; hotWater: HotWaterEnergy | null };

export async function householdProfile(caller: Caller) {
  const p = await db.householdProfile.findUnique({ where: { userId: caller.id } });
  return p ?? { userId: caller.id, housingType: null, floorAreaM2: null, occupants: null, heating: null, hotWater: null, updatedAt: null };
}

export async function setHouseholdProfile(caller: Caller, input: Partial<ProfileInput>) {
  return db.householdProfile.upsert({ where: { userId: caller.id }, create: { userId: caller.id, ...input }, update: input });
}

/** A month counts when its curve holds at least this share of its half hours. */
const COMPLETE = 0.9;

type MonthRow = { user_id: number; month: string; cons_wh: number; cons_points: number };

/** Every household's complete months among `months`, with its profile (complete profiles only). */
async function homesOf(months: string[]) {
  const { rows } = await pgQuery<MonthRow & { housing_type: HousingType; floor_area_m2: number; occupants: number; heating: HeatingEnergy }>(
    `SELECT h.user_id, h.month::text AS month, h.cons_wh, h.cons_points, p.housing_type, p.floor_area_m2, p.occupants, p.heating
     FROM community.household_months h JOIN household_profiles p ON p.user_id = h.user_id
     WHERE h.month = ANY($1::date[]) AND p.housing_type IS NOT NULL AND p.floor_area_m2 IS NOT NULL AND p.occupants IS NOT NULL AND p.heating IS NOT NULL`,
    [months],
  );
  const byUser = new Map<number, Home & { months: number }>();
  for (const r of rows) {
    if (r.cons_points < COMPLETE * slotsOf(r.month)) continue;
    const h = byUser.get(r.user_id) ?? { housingType: r.housing_type, floorAreaM2: r.floor_area_m2, occupants: r.occupants, heating: r.heating, kwh: 0, months: 0 };
    h.kwh += r.cons_wh / 1000;
    h.months++;
    byUser.set(r.user_id, h);
  }
  return byUser;
}

/** The household's € for `months` on its own tariff (its first meter's), from its half hours; null when unpriced. */
async function ownCost(userId: number, months: string[]): Promise<number | null> {
  const { rows } = await pgQuery<{ month: string; cons: Buffer }>("SELECT month::text AS month, cons FROM community.household_months WHERE user_id = $1 AND month = ANY($2::date[])", [userId, months]);
  const tariffs = await listTariffs(db);
  let eur = 0;
  for (const r of rows) {
    const prices = (await priceArrays([userId], r.month, slotsOf(r.month), tariffs)).get(userId);
    if (!prices) return null;
    const curve = curveOf(r.cons);
    if (!curve) continue;
    for (let t = 0; t < curve.length; t++) if (prices[t] === prices[t]) eur += (curve[t] / 1000) * prices[t];
  }
  return eur;
}

/** One span's comparison (a month, or 12 months): the household's figures against its group's. */
async function compareSpan(caller: Caller, me: CompleteProfile, months: string[]) {
  const homes = await homesOf(months);
  const mine = homes.get(caller.id);
  const need = months.length;
  if (!mine || mine.months < need) return { status: "no_data" as const, months: need, held: mine?.months ?? 0 };
  const others = [...homes.entries()].filter(([u, h]) => u !== caller.id && h.months === need).map(([, h]) => h);
  const group = groupOf(me, others);
  const eur = await ownCost(caller.id, months);
  const pricePerKwh = eur !== null && mine.kwh > 0 ? eur / mine.kwh : null;
  const own = {
    kwh: Math.round(mine.kwh),
    kwhPerM2: roundFigure(mine.kwh / me.floorAreaM2),
    kwhPerOccupant: roundFigure(mine.kwh / me.occupants),
    eur: eur === null ? null : Math.round(eur),
  };
  const days = months.reduce((s, m) => s + Math.round((Date.parse(`${addMonths(m, 1)}T00:00:00Z`) - Date.parse(`${m}T00:00:00Z`)) / 86_400_000), 0);
  const national = { kwh: Math.round((NATIONAL_KWH_PER_YEAR * days) / 365), source: NATIONAL_SOURCE };
  if (group.level === null) return { status: "too_few" as const, similar: group.homes.length, minGroup: MIN_GROUP, own, national };
  const g = groupFigures(group.homes);
  // what the group's typical and efficient homes of the household's size would pay on its tariff
  const onMyTariff = (kwhPerM2: number) => (pricePerKwh === null ? null : Math.round(kwhPerM2 * me.floorAreaM2 * pricePerKwh));
  return {
    status: "ok" as const,
    level: group.level,
    homes: group.homes.length,
    own,
    similar: { ...g, medianEur: onMyTariff(g.medianKwhPerM2), efficientEur: onMyTariff(g.efficientKwhPerM2) },
    national,
  };
}

/** "Homes like mine": the last complete month and the 12 months ending with it. */
export async function homesLikeMine(caller: Caller, now = Date.now()) {
  const profile = await householdProfile(caller);
  const missing = missingOf(profile);
  const month = addMonths(`${parisDayOf(now).slice(0, 7)}-01`, -1);
  if (missing.length) return { status: "no_profile" as const, missing, month };
  const me = profile as CompleteProfile;
  const year = Array.from({ length: 12 }, (_, i) => addMonths(month, i - 11));
  const [m, y] = await Promise.all([compareSpan(caller, me, [month]), compareSpan(caller, me, year)]);
  return { status: "ok" as const, month, yearFrom: year[0], monthly: m, yearly: y, minGroup: MIN_GROUP };
}

/** What the household gains from the operation: its spans, and per month of the last 12 its allocated local production and savings. */
export async function myCommunity(caller: Caller, now = Date.now()) {
  const spans = await db.communityMember.findMany({ where: { userId: caller.id }, orderBy: { joinedOn: "asc" } });
  const current = `${parisDayOf(now).slice(0, 7)}-01`;
  const from = addMonths(current, -11);
  const [{ rows }, { rows: community }] = await Promise.all([
    pgQuery<{ month: string; allocated_wh: number | null; savings_eur: number | null; cons_wh: number | null }>(
      `SELECT m::date::text AS month, a.allocated_wh, a.savings_eur, h.cons_wh
       FROM generate_series($2::date, $3::date, interval '1 month') AS m
       LEFT JOIN community.allocations a ON a.user_id = $1 AND a.month = m::date
       LEFT JOIN community.household_months h ON h.user_id = $1 AND h.month = m::date ORDER BY 1`,
      [caller.id, from, current],
    ),
    pgQuery<{ c: number | null; u: number | null; p: number | null }>(
      `SELECT sum(cons_wh) AS c, sum(least(cons_wh, prod_wh)) AS u, sum(prod_wh) AS p
       FROM community.half_hours WHERE ts >= ($1::date::timestamp AT TIME ZONE 'Europe/Paris') AND ts < ($2::date::timestamp AT TIME ZONE 'Europe/Paris')`,
      [from, addMonths(current, 1)],
    ),
  ]);
  const n = await membersIn({ from, to: addMonths(current, 1) });
  // a month counts from the household's entry in the operation on (a month it took no part in has no allocation row)
  const months = rows.map((r) => ({ month: r.month, consumptionWh: r.allocated_wh === null ? 0 : (r.cons_wh ?? 0), allocatedWh: r.allocated_wh ?? 0, savingsEur: r.savings_eur ?? 0 }));
  const total = months.reduce((s, m) => ({ c: s.c + m.consumptionWh, a: s.a + m.allocatedWh, e: s.e + m.savingsEur }), { c: 0, a: 0, e: 0 });
  const cm = community[0];
  return {
    member: spans.length > 0,
    spans: spans.map((s) => ({ role: s.role, joinedOn: s.joinedOn.toISOString().slice(0, 10), leftOn: s.leftOn?.toISOString().slice(0, 10) ?? null })),
    from,
    months,
    total: { consumptionWh: total.c, allocatedWh: total.a, savingsEur: total.e, share: total.c > 0 ? total.a / total.c : null },
    // the operation's own rates, an aggregate of at least MIN_GROUP households
    community: cm && n >= MIN_GROUP && cm.p !== null ? { members: n, ...ratesOf(cm.p ?? 0, cm.c ?? 0, cm.u ?? 0) } : null,
  };
}
