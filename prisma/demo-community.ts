// The demo community (docs/community.md, "The demo community"): about 50 households of a French
// neighbourhood sharing their solar production (collective self-consumption), with two years of
// half-hour Linky curves generated from their profiles (size, occupants, heating, hot water, an
// EV, solar panels, a battery), so that the operator's view, the keys and the comparisons show
// something true to life on a fresh machine. Deterministic: the same households and curves on every
// machine for the same day. The demo household (Camille) takes part too.
import crypto from "node:crypto";
import { db, inPgTransaction } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import type { CommunityRole, HeatingEnergy, HotWaterEnergy, HousingType, TariffOption } from "@/lib/generated/prisma/enums";
import { addDays, addMonths, parisDayOf, parisDayStart } from "@/lib/time/paris";
import { rollUpAll } from "@/lib/services/community/rollup";
import { accSample, importAcc } from "@/lib/services/community/acc";

/** Households of the demo community (besides the demo household). */
const DEMO_COMMUNITY_SIZE = 50;
const EMAIL = (i: number) => `member-${String(i + 1).padStart(2, "0")}@community.example`;
const FIRST = ["Léa", "Hugo", "Chloé", "Louis", "Emma", "Jules", "Manon", "Arthur", "Camille", "Lucas", "Inès", "Gabriel", "Sarah", "Raphaël", "Jade", "Adam", "Louise", "Paul", "Alice", "Nathan"];
const LAST = ["Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau", "Simon", "Laurent", "Lefebvre", "Michel", "Garcia", "David", "Bertrand", "Roux", "Vincent", "Fournier", "Morel"];

type Household = {
  housing: HousingType; area: number; occupants: number; heating: HeatingEnergy; hotWater: HotWaterEnergy;
  role: CommunityRole; kwp: number; battery: boolean; ev: boolean; tariff: TariffOption; kva: number;
  /** months after the community's start it joined, and (if it left) months after the start it left */
  joinedAfter: number; leftAfter: number | null;
};

/** A small seeded generator (mulberry32): the same households everywhere. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function demoHouseholds(): Household[] {
  const r = random(51);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  return Array.from({ length: DEMO_COMMUNITY_SIZE }, (_, i) => {
    // two producers alone: the school's roof and a farm's barn
    if (i < 2) return { housing: "house", area: 400, occupants: 1, heating: "other", hotWater: "other", role: "producer", kwp: i === 0 ? 36 : 24, battery: false, ev: false, tariff: "base", kva: 36, joinedAfter: 0, leftAfter: null };
    const house = r() < 0.42;
    const area = house ? 75 + Math.round(r() * 95) : 28 + Math.round(r() * 62);
    const occupants = house ? 2 + Math.floor(r() * 4) : 1 + Math.floor(r() * 3);
    const heating: HeatingEnergy = house ? pick(["electric", "heat_pump", "heat_pump", "gas", "gas", "wood", "fuel"] as const) : pick(["electric", "electric", "gas", "gas", "district"] as const);
    const hotWater: HotWaterEnergy = heating === "gas" && r() < 0.6 ? "gas" : heating === "heat_pump" && r() < 0.5 ? "heat_pump" : "electric";
    const prosumer = house && i % 6 === 2;
    return {
      housing: house ? "house" : "apartment", area, occupants, heating, hotWater,
      role: prosumer ? "both" : "consumer", kwp: prosumer ? 3 + Math.round(r() * 6) : 0, battery: prosumer && r() < 0.5, ev: r() < (house ? 0.3 : 0.1),
      tariff: pick(["base", "base", "hphc", "hphc", "tempo"] as const), kva: house ? pick([9, 12] as const) : pick([6, 9] as const),
      // most were there from the start; some came later, two left
      joinedAfter: i % 9 === 4 ? 3 + (i % 12) : 0, leftAfter: i === 17 || i === 31 ? 18 : null,
    };
  });
}

const CURVE_SQL = `
WITH hh AS (SELECT * FROM unnest($1::int[], $2::float8[], $3::float8[], $4::float8[], $5::float8[], $6::float8[], $7::bool[], $8::bool[])
            AS x(meter, base_w, heat_w, water_w, ev_w, kwp, battery, consumes)),
-- what each half hour is (Paris hour, weekday, season, the sun's height), worked out once for all households
t AS MATERIALIZED (
  SELECT ts, extract(epoch FROM ts)::bigint / 1800 AS k, extract(hour FROM l) + extract(minute FROM l) / 60 AS h, extract(isodow FROM l) AS dow,
         (l::date - DATE '2000-01-01') AS dn,
         (1 + cos(2 * pi() * (extract(doy FROM l) - 20) / 365.25)) / 2 AS winter,
         (1 + cos(2 * pi() * (extract(doy FROM l) - 172) / 365.25)) / 2 AS summer,
         extract(hour FROM ts AT TIME ZONE 'UTC') + extract(minute FROM ts AT TIME ZONE 'UTC') / 60 + 0.25 AS h_utc
  FROM (SELECT ts, ts AT TIME ZONE 'Europe/Paris' AS l FROM generate_series($9::timestamptz, $10::timestamptz - interval '30 minutes', interval '30 minutes') AS ts) s),
tt AS MATERIALIZED (
  SELECT t.*, (h_utc - (11.85 - (8.5 + 7.5 * summer) / 2)) / (8.5 + 7.5 * summer) AS x,
         -- a cloudy or clear day for the whole neighbourhood
         ((dn * 7919) % 10007) / 10007.0 AS sky
  FROM t),
p AS (
  SELECT hh.*, tt.ts, tt.h, tt.dow, tt.winter,
         CASE WHEN tt.x > 0 AND tt.x < 1 THEN power(sin(pi() * tt.x), 1.5) * (0.25 + 0.75 * tt.summer) * (0.3 + 0.7 * tt.sky) ELSE 0 END AS sun,
         -- draws fixed by the household and the half hour (u) or the day (du)
         ((hh.meter::bigint * 2654435761 + tt.k * 97) % 1000003) / 1000003.0 AS u,
         ((hh.meter::bigint * 40503 + tt.dn * 7919) % 100003) / 100003.0 AS du
  FROM hh CROSS JOIN tt),
w AS (
  SELECT meter, ts, battery, consumes, h,
         CASE WHEN NOT consumes THEN 0 ELSE
           base_w * (CASE WHEN h < 6 THEN 0.55 WHEN h < 7 THEN 0.8 WHEN h < 9 THEN 1.6 WHEN h < 12 THEN 0.85 WHEN h < 14 THEN 1.25 WHEN h < 18 THEN 0.85 WHEN h < 22 THEN 1.9 ELSE 1.0 END) * (0.8 + 0.4 * u)
           + heat_w * power(winter, 1.5) * (CASE WHEN h >= 6 AND h < 23 THEN 1 ELSE 0.45 END) * (0.7 + 0.6 * du)
           + water_w * (CASE WHEN h >= 22.5 OR h < 0.5 + 2 * du THEN 1 ELSE 0 END)
           + ev_w * (CASE WHEN dow <= 5 AND h >= 18.5 AND h < 18.5 + 3 * du AND du < 0.7 THEN 1 ELSE 0 END)
         END AS load_w,
         kwp * 800 * sun * (0.9 + 0.2 * u) AS pv_w
  FROM p),
n AS (
  -- a battery keeps half the surplus for the evening
  SELECT meter, ts, consumes,
         CASE WHEN battery AND load_w < pv_w THEN (pv_w - load_w) * 0.5 ELSE pv_w - load_w END AS export_w,
         CASE WHEN battery AND h >= 18 AND h < 23 THEN load_w * 0.6 WHEN load_w > pv_w THEN load_w - pv_w ELSE 0 END AS import_w
  FROM w)
INSERT INTO energy.readings (meter_id, kind, ts, wh, step_min, quality, source)
SELECT meter, 1, ts, round((greatest(import_w, 0) / 2)::numeric, 1)::float8, 30, 1, 2 FROM n WHERE consumes
UNION ALL
SELECT meter, 2, ts, round((greatest(export_w, 0) / 2)::numeric, 1)::float8, 30, 1, 2 FROM n WHERE meter = ANY($11::int[])
ON CONFLICT DO NOTHING`;

/**
 * Seeds the demo community once (its households, meters, profiles, memberships, two years of curves,
 * the operation's settings and shares, an import of Enedis' data for last month), then rolls it up.
 * `demoUserId`: the demo household, made a member too; `adminId`: who imported Enedis' file.
 */
export async function ensureDemoCommunity(demoUserId: number | null, adminId: number | null, now = Date.now()) {
  if (await db.user.findUnique({ where: { email: EMAIL(0) }, select: { id: true } })) return;
  const started = performance.now();
  const phases: string[] = [];
  const phase = (what: string) => phases.push(`${what} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const households = demoHouseholds();
  const thisMonth = `${parisDayOf(now).slice(0, 7)}-01`;
  const start = addMonths(thisMonth, -24);
  const today = parisDayOf(now);
  // nobody logs in as them: a random password nobody knows
  const password = await hashPassword(crypto.randomBytes(24).toString("base64url"));
  const ids: { userId: number; meterId: number }[] = [];
  await db.$transaction(async (tx) => {
    for (const [i, h] of households.entries()) {
      const u = await tx.user.create({ data: { email: EMAIL(i), hashedPassword: password, firstName: i < 2 ? (i === 0 ? "École" : "Ferme") : FIRST[i % FIRST.length], lastName: i < 2 ? (i === 0 ? "des Tilleuls" : "du Moulin") : LAST[(i * 7) % LAST.length] } });
      const m = await tx.meter.create({
        data: { userId: u.id, usagePointId: String(25_000_000_000_000 + i * 7919), sandbox: true, producer: h.kwp > 0, syncState: "done", tariff: h.tariff, tariffKva: h.kva, subscribedKva: h.kva, lastSyncAt: new Date(now) },
      });
      if (h.tariff === "hphc") await tx.meterOffpeakSlot.create({ data: { meterId: m.id, validFrom: new Date("2000-01-01T00:00:00Z"), ranges: [{ from: "22:00", to: "06:00" }] } });
      if (h.role !== "producer") await tx.householdProfile.create({ data: { userId: u.id, housingType: h.housing, floorAreaM2: h.area, occupants: h.occupants, heating: h.heating, hotWater: h.hotWater } });
      await tx.communityMember.create({
        data: { userId: u.id, role: h.role, joinedOn: new Date(`${addMonths(start, h.joinedAfter)}T00:00:00Z`), leftOn: h.leftAfter === null ? null : new Date(`${addMonths(start, h.leftAfter)}T00:00:00Z`) },
      });
      ids.push({ userId: u.id, meterId: m.id });
    }
    if (demoUserId !== null && !(await tx.communityMember.findFirst({ where: { userId: demoUserId } }))) {
      await tx.communityMember.create({ data: { userId: demoUserId, role: "both", joinedOn: new Date(`${start}T00:00:00Z`) } });
      await tx.householdProfile.upsert({ where: { userId: demoUserId }, create: { userId: demoUserId, housingType: "house", floorAreaM2: 95, occupants: 3, heating: "electric", hotWater: "electric" }, update: {} });
    }
    await tx.communitySettings.upsert({ where: { id: 1 }, create: { id: 1, name: "Les Tilleuls" }, update: { name: "Les Tilleuls" } });
  }, { timeout: 60_000 });
  // the curves: W per household from its profile (heating ~12 W/m² at the coldest, a third of it with
  // a heat pump; an electric water heater at night; an EV charging some weekday evenings)
  const params = households.map((h) => {
    const consumes = h.role !== "producer";
    const base = 70 + 35 * h.occupants + h.area;
    const heat = h.heating === "electric" ? 12 * h.area : h.heating === "heat_pump" ? 4 * h.area : 0;
    const water = h.hotWater === "electric" ? 500 * Math.min(h.occupants, 4) : h.hotWater === "heat_pump" ? 200 * Math.min(h.occupants, 4) : 0;
    return { consumes, base: consumes ? base : 0, heat, water, ev: h.ev ? 7000 : 0 };
  });
  const producers = ids.filter((_, i) => households[i].kwp > 0).map((x) => x.meterId);
  // a month per statement (about 75,000 rows), in one transaction with room for them
  const args = [
    ids.map((x) => x.meterId), params.map((p) => p.base), params.map((p) => p.heat), params.map((p) => p.water), params.map((p) => p.ev),
    households.map((h) => h.kwp), households.map((h) => h.battery), params.map((p) => p.consumes),
  ];
  await inPgTransaction(async (c) => {
    await c.query("SET LOCAL statement_timeout = '120s'");
    for (let from = start; from < today; from = addMonths(from, 1)) {
      const to = addMonths(from, 1) < today ? addMonths(from, 1) : today;
      await c.query(CURVE_SQL, [...args, new Date(parisDayStart(from)), new Date(parisDayStart(to)), producers]);
    }
  });
  // the dynamic simple key's shares for this month: equal, to the hundredth of a percent, adding up to 100
  const consumers = ids.filter((_, i) => households[i].role !== "producer" && households[i].leftAfter === null).map((x) => x.userId);
  if (demoUserId !== null) consumers.push(demoUserId);
  const each = Math.floor(10_000 / consumers.length);
  await db.communityShare.createMany({ data: consumers.map((userId, i) => ({ userId, month: new Date(`${thisMonth}T00:00:00Z`), percent: (each + (i < 10_000 - each * consumers.length ? 1 : 0)) / 100 })) });
  phase("curves");
  // the app's workers may be rolling up too (the demo's Linky sync): what they hold is waited for
  const rolled = await rollUpAll();
  phase(`rolled up (${rolled.households} household months, ${rolled.months} community months)`);
  // Enedis' figures of last month, as its file would give them, while Foyer then lacks two days of one household
  const lastMonth = addMonths(thisMonth, -1);
  const admin = { id: adminId, isSuperuser: true } as unknown as Parameters<typeof accSample>[0];
  const sample = await accSample(admin, lastMonth);
  const gap = ids[7].meterId;
  await db.$executeRaw`DELETE FROM energy.readings WHERE meter_id = ${gap} AND kind = 1 AND ts >= ${new Date(parisDayStart(addDays(lastMonth, 9)))} AND ts < ${new Date(parisDayStart(addDays(lastMonth, 11)))}`;
  await rollUpAll();
  await importAcc(admin, `enedis-acc-${lastMonth.slice(0, 7)}.csv`, sample);
  phase("imported");
  console.log(`[foyer:seed] demo community: ${households.length} households, two years of curves (${phases.join(", ")})`);
}
