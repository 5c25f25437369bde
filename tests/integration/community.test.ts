// The community (docs/community.md) against a real PostgreSQL: a known operation of one producer and
// twelve consumers over November 2026, worked by hand: its rollups kept from the readings, the
// operator's figures against one direct SQL query over the readings, dated entries and exits, the
// three keys replayed, the shares and their coefficient file, Enedis' ACC data imported and
// reconciled, "homes like mine", ownership, and the aggregate-differencing attempt.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db, pgQuery } from "@/lib/db";
import { parisDayStart } from "@/lib/time/paris";
import { upsertCurve } from "@/lib/services/readings/store";
import type { CurvePoint } from "@/lib/services/readings/types";
import { refreshRollups, rollUpAll } from "@/lib/services/community/rollup";
import pg from "pg";
import { upsertTariffs } from "@/lib/services/tariffs/tariffs";
import { GET as summaryGET } from "@/app/api/v1/community/summary/route";
import { GET as membersGET, POST as membersPOST } from "@/app/api/v1/community/members/route";
import { POST as exitPOST } from "@/app/api/v1/community/members/[id]/exit/route";
import { POST as simulatePOST } from "@/app/api/v1/community/simulate/route";
import { GET as sharesGET, PUT as sharesPUT } from "@/app/api/v1/community/shares/route";
import { GET as coefficientsGET } from "@/app/api/v1/community/coefficients/route";
import { GET as settingsGET, PUT as settingsPUT } from "@/app/api/v1/community/settings/route";
import { GET as importsGET, POST as importsPOST } from "@/app/api/v1/community/acc_imports/route";
import { GET as sampleGET } from "@/app/api/v1/community/acc_imports/sample/route";
import { GET as profileGET, PUT as profilePUT } from "@/app/api/v1/users/me/household/route";
import { GET as compareGET } from "@/app/api/v1/users/me/homes_like_mine/route";
import { GET as mineGET } from "@/app/api/v1/users/me/community/route";
import { keepPartitions } from "@/lib/services/telemetry/partitions";
import { ensureDeviceMqtt } from "@/lib/services/telemetry/connection";
import { makeDevice } from "../factories/devices";
import { call } from "../helpers/api";
import { makeUser, type TestUser } from "../factories/users";

vi.useFakeTimers({ toFake: ["Date"] });
vi.setSystemTime(new Date("2026-12-06T10:00:00Z"));

const HALF_HOUR = 1_800_000;
const NOV = parisDayStart("2026-11-01");
const DEC = parisDayStart("2026-12-01");

/** Consumer i (1..12) draws 100·i Wh every half hour of November. */
function flat(wh: number): CurvePoint[] {
  const out: CurvePoint[] = [];
  for (let t = NOV; t < DEC; t += HALF_HOUR) out.push({ start: new Date(t), wh, stepMin: 30, quality: "BEST" } as CurvePoint);
  return out;
}
/** The producer injects 1,000 Wh a half hour from 09:00 to 12:00 (6) and 8,000 from 12:00 to 13:00 (2), Paris, every day. */
function solar(): CurvePoint[] {
  const out: CurvePoint[] = [];
  for (let t = NOV; t < DEC; t += HALF_HOUR) {
    const h = new Date(t + 3_600_000).getUTCHours() + new Date(t).getUTCMinutes() / 60; // Paris is UTC+1 in November
    const wh = h >= 9 && h < 12 ? 1000 : h >= 12 && h < 13 ? 8000 : 0;
    out.push({ start: new Date(t), wh, stepMin: 30, quality: "BEST" } as CurvePoint);
  }
  return out;
}

type Community = { admin: TestUser; producer: TestUser; consumers: TestUser[]; meters: number[]; memberIds: number[] };

async function buildCommunity(): Promise<Community> {
  await upsertTariffs(db);
  const admin = await makeUser({ admin: true });
  const producer = await makeUser();
  const consumers: TestUser[] = [];
  for (let i = 1; i <= 12; i++) consumers.push(await makeUser());
  const meters: number[] = [];
  const all = [producer, ...consumers];
  for (const [i, u] of all.entries()) {
    const m = await db.meter.create({ data: { userId: u.id, usagePointId: String(30000000000000 + i), sandbox: true, producer: i === 0, syncState: "done", tariff: "base", tariffKva: 6 } });
    meters.push(m.id);
  }
  await upsertCurve(meters[0], "production", solar(), "sandbox");
  for (let i = 1; i <= 12; i++) await upsertCurve(meters[i], "consumption", flat(100 * i), "sandbox");
  const memberIds: number[] = [];
  for (const [i, u] of all.entries()) {
    const r = await call(membersPOST, { method: "POST", path: "/api/v1/community/members", token: admin.token, json: { user_id: u.id, role: i === 0 ? "producer" : "consumer", joined_on: "2026-10-01" } });
    expect(r.status).toBe(201);
    memberIds.push(r.body.id);
  }
  await refreshRollups();
  return { admin, producer, consumers, meters, memberIds };
}

const summary = (c: Community, q: string) => call(summaryGET, { path: `/api/v1/community/summary?${q}`, token: c.admin.token });
const simulate = (c: Community, json: unknown) => call(simulatePOST, { method: "POST", path: "/api/v1/community/simulate", token: c.admin.token, json });

// ΣC = 100·(1+…+12) = 7,800 Wh a half hour; P = 1,000 (6 a day) or 8,000 (2 a day)
const C = 7800;
const SLOTS = 30 * 48;

describe("the operator's community view", () => {
  let c: Community;
  beforeEach(async () => {
    c = await buildCommunity();
  });

  it("keeps the rollups from the readings and answers November as one direct SQL query over them does", async () => {
    const r = await summary(c, "from=2026-11-01&to=2026-12-01&by=day");
    expect(r.status).toBe(200);
    expect(r.body.withheld).toBe(false);
    expect(r.body.members).toBe(13);
    // by hand: used = 6·1,000 + 2·7,800 a day, surplus 2·200 a day
    expect(r.body.totals).toEqual({
      consumption_wh: C * SLOTS, production_wh: 30 * 22_000, self_consumed_wh: 30 * 21_600, surplus_wh: 30 * 400,
      self_consumption: Math.round((21_600 / 22_000) * 10_000) / 10_000, self_sufficiency: Math.round(((30 * 21_600) / (C * SLOTS)) * 10_000) / 10_000,
    });
    expect(r.body.series).toHaveLength(30);
    expect(r.body.series[1]).toEqual({ start: "2026-11-02", consumption_wh: C * 48, production_wh: 22_000, self_consumed_wh: 21_600, surplus_wh: 400 });
    // the surplus falls between 12:00 and 13:00 only
    const nov = r.body.heatmap.find((h: { month: string }) => h.month === "2026-11");
    expect(nov.surplus_wh[12]).toBe(30 * 400);
    expect(nov.surplus_wh.reduce((s: number, x: number) => s + x, 0)).toBe(30 * 400);
    // the same figures by one query over the readings (the benchmark's baseline)
    const { rows } = await pgQuery<{ c: number; p: number; u: number }>(
      `WITH hh AS (SELECT r.ts, sum(r.wh) FILTER (WHERE r.kind = 1) AS c, coalesce(sum(r.wh) FILTER (WHERE r.kind = 2), 0) AS p
                   FROM energy.readings r WHERE r.kind IN (1, 2) AND r.ts >= $1 AND r.ts < $2 GROUP BY r.ts)
       SELECT sum(c) AS c, sum(p) AS p, sum(least(c, p)) AS u FROM hh`,
      [new Date(NOV), new Date(DEC)],
    );
    expect([rows[0].c, rows[0].p, rows[0].u]).toEqual([r.body.totals.consumption_wh, r.body.totals.production_wh, r.body.totals.self_consumed_wh]);
    // by month, and as CSV
    const m = await summary(c, "from=2026-10-01&to=2026-12-01&by=month");
    expect(m.body.series.map((s: { start: string }) => s.start)).toEqual(["2026-10-01", "2026-11-01"]);
    expect(m.body.series[0].consumption_wh).toBe(0);
    const csv = await summary(c, "from=2026-11-01&to=2026-12-01&by=month&format=csv");
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(String(csv.body)).toContain(`2026-11-01,${(C * SLOTS) / 1000}`);
  });

  it("follows new readings: a rewritten half hour changes the figures once rolled up", async () => {
    await upsertCurve(c.meters[1], "consumption", [{ start: new Date(NOV), wh: 1100, stepMin: 30, quality: "BEST" } as CurvePoint], "sandbox");
    const stale = await pgQuery<{ n: number }>("SELECT count(*)::int AS n FROM community.stale");
    expect(stale.rows[0].n).toBe(1);
    await refreshRollups();
    const r = await summary(c, "from=2026-11-01&to=2026-11-02&by=day");
    expect(r.body.totals.consumption_wh).toBe(C * 48 + 1000);
  });

  it("rolls up everything for a reader next, waiting out a batch another process holds (rollUpAll)", async () => {
    await upsertCurve(c.meters[2], "consumption", [{ start: new Date(NOV), wh: 1200, stepMin: 30, quality: "BEST" } as CurvePoint], "sandbox");
    // another process has claimed that household month and is rebuilding it (a transaction of its own:
    // when it commits, the community's month it marks is to roll up)
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query("BEGIN");
      const claimed = await other.query("DELETE FROM community.stale WHERE user_id > 0 RETURNING user_id");
      expect(claimed.rows).toEqual([{ user_id: c.consumers[1].id }]);
      // bounded: past its time it returns with what it could do (nothing here)
      const t0 = performance.now();
      expect(await rollUpAll(300)).toEqual({ households: 0, months: 0 });
      expect(performance.now() - t0).toBeGreaterThanOrEqual(300);
      let settled = false;
      const all = rollUpAll(10_000).then((r) => ((settled = true), r));
      await new Promise((r) => setTimeout(r, 600));
      // refreshRollups alone would have returned: nothing it may claim
      expect(settled).toBe(false);
      await other.query("INSERT INTO community.stale (user_id, month) VALUES (0, '2026-11-01') ON CONFLICT DO NOTHING");
      await other.query("COMMIT");
      expect(await all).toEqual({ households: 0, months: 1 });
      const left = await pgQuery<{ n: number }>("SELECT count(*)::int AS n FROM community.stale");
      expect(left.rows[0].n).toBe(0);
    } finally {
      await other.end();
    }
  });

  it("counts a household without Linky from the clamp on its supply (its live telemetry)", async () => {
    await keepPartitions();
    const u = await makeUser();
    const d = await makeDevice(u.id, { deviceType: "shelly", measurements: [{ name: "grid", measureType: "total_home", classification: "consumption" }] });
    await ensureDeviceMqtt([d.id]);
    // 50 Wh a quarter hour all of 2 November: 100 Wh a half hour, 4,800 Wh the day
    await db.$executeRaw`INSERT INTO telemetry.quarters (measurement_id, start, import_wh)
      SELECT ${d.measurements[0].id}, t, 50 FROM generate_series(${new Date(parisDayStart("2026-11-02"))}::timestamptz, ${new Date(parisDayStart("2026-11-03") - 1)}::timestamptz, interval '15 minutes') t`;
    const r = await call(membersPOST, { method: "POST", path: "/api/v1/community/members", token: c.admin.token, json: { user_id: u.id, role: "consumer", joined_on: "2026-10-01" } });
    expect(r.status).toBe(201);
    await refreshRollups();
    const day = await summary(c, "from=2026-11-02&to=2026-11-03&by=day");
    expect(day.body).toMatchObject({ members: 14, totals: { consumption_wh: C * 48 + 4800 } });
    const held = await pgQuery<{ cons_points: number }>("SELECT cons_points FROM community.household_months WHERE user_id = $1", [u.id]);
    expect(held.rows).toEqual([{ cons_points: 48 }]);
  });

  it("counts a producer without Linky from what the clamp on its supply saw sent to the grid, and a half hour Linky gave from Linky", async () => {
    await keepPartitions();
    const u = await makeUser();
    const d = await makeDevice(u.id, { deviceType: "shelly", measurements: [{ name: "grid", measureType: "total_home", classification: "consumption" }] });
    await ensureDeviceMqtt([d.id]);
    // 2 November: 10 Wh drawn and 150 Wh sent a quarter hour from 12:00 to 13:00 Paris (the half hours of the surplus), nothing sent otherwise
    await db.$executeRaw`INSERT INTO telemetry.quarters (measurement_id, start, import_wh, export_wh)
      SELECT ${d.measurements[0].id}, t, 10, CASE WHEN t >= ${new Date(parisDayStart("2026-11-02") + 12 * 3_600_000)}::timestamptz AND t < ${new Date(parisDayStart("2026-11-02") + 13 * 3_600_000)}::timestamptz THEN 150 ELSE 0 END
      FROM generate_series(${new Date(parisDayStart("2026-11-02"))}::timestamptz, ${new Date(parisDayStart("2026-11-03") - 1)}::timestamptz, interval '15 minutes') t`;
    const r = await call(membersPOST, { method: "POST", path: "/api/v1/community/members", token: c.admin.token, json: { user_id: u.id, role: "both", joined_on: "2026-10-01" } });
    expect(r.status).toBe(201);
    await refreshRollups();
    const day = await summary(c, "from=2026-11-02&to=2026-11-03&by=day");
    // 600 Wh more production at noon (8,300 Wh a half hour), where the community now draws 7,820
    // (its own 20 Wh a half hour): 20 Wh more used in each, the rest is surplus
    expect(day.body.totals).toMatchObject({ consumption_wh: C * 48 + 48 * 20, production_wh: 22_000 + 600, self_consumed_wh: 21_600 + 2 * 20, surplus_wh: 2 * (8300 - 7820) });
    const held = await pgQuery<{ prod_wh: number; prod_points: number }>("SELECT prod_wh, prod_points FROM community.household_months WHERE user_id = $1", [u.id]);
    expect(held.rows).toEqual([{ prod_wh: 600, prod_points: 48 }]);
    // its Linky's injection curve, once it comes, is the reference for the half hours it gives
    const meter = await db.meter.create({ data: { userId: u.id, usagePointId: "30000000000099", sandbox: true, producer: true, syncState: "done", tariff: "base", tariffKva: 6 } });
    await upsertCurve(meter.id, "production", [{ start: new Date(parisDayStart("2026-11-02") + 12 * 3_600_000), wh: 250, stepMin: 30, quality: "BEST" } as CurvePoint], "sandbox");
    await refreshRollups();
    const again = await pgQuery<{ prod_wh: number }>("SELECT prod_wh FROM community.household_months WHERE user_id = $1", [u.id]);
    expect(again.rows).toEqual([{ prod_wh: 600 - 300 + 250 }]);
  });

  it("dates entries and exits, never deletes them, and withholds a period of fewer than 10 households", async () => {
    for (const id of c.memberIds.slice(10)) {
      const r = await call(exitPOST, { method: "POST", path: `/api/v1/community/members/${id}/exit`, params: { id: String(id) }, token: c.admin.token, json: { left_on: "2026-11-01" } });
      expect(r.status).toBe(200);
      expect(r.body.left_on).toBe("2026-11-01");
    }
    await refreshRollups();
    expect(await db.communityMember.count()).toBe(13);
    const nov = await summary(c, "from=2026-11-01&to=2026-12-01&by=month");
    expect(nov.body).toMatchObject({ members: 10, withheld: false });
    // consumers 10, 11 and 12 left: 100·(1+…+9) = 4,500 Wh a half hour
    expect(nov.body.totals.consumption_wh).toBe(4500 * SLOTS);
    // October: all thirteen took part, but no reading is held: no household's figures, nothing shown
    const oct = await summary(c, "from=2026-10-01&to=2026-11-01&by=month");
    expect(oct.body).toMatchObject({ members: 0, withheld: true });
    // a fourth exit leaves nine: November is withheld
    const id = c.memberIds[9];
    await call(exitPOST, { method: "POST", path: `/api/v1/community/members/${id}/exit`, params: { id: String(id) }, token: c.admin.token, json: { left_on: "2026-11-01" } });
    const few = await summary(c, "from=2026-11-01&to=2026-12-01&by=month");
    expect(few.body).toMatchObject({ members: 9, withheld: true, totals: null, series: [], heatmap: [] });
    // refusals: a second exit, an exit before the entry, an entry while open, an overlapping entry
    const again = await call(exitPOST, { method: "POST", path: `/api/v1/community/members/${id}/exit`, params: { id: String(id) }, token: c.admin.token, json: { left_on: "2026-11-05" } });
    expect(again.status).toBe(409);
    const early = await call(exitPOST, { method: "POST", path: `/api/v1/community/members/${c.memberIds[1]}/exit`, params: { id: String(c.memberIds[1]) }, token: c.admin.token, json: { left_on: "2026-09-01" } });
    expect(early.status).toBe(422);
    const open = await call(membersPOST, { method: "POST", path: "/api/v1/community/members", token: c.admin.token, json: { user_id: c.consumers[0].id, role: "consumer", joined_on: "2026-11-01" } });
    expect(open.status).toBe(409);
    const overlap = await call(membersPOST, { method: "POST", path: "/api/v1/community/members", token: c.admin.token, json: { user_id: c.consumers[11].id, role: "consumer", joined_on: "2026-10-15" } });
    expect(overlap.status).toBe(409);
    const back = await call(membersPOST, { method: "POST", path: "/api/v1/community/members", token: c.admin.token, json: { user_id: c.consumers[11].id, role: "both", joined_on: "2026-11-15" } });
    expect(back.status).toBe(201);
    const list = await call(membersGET, { path: "/api/v1/community/members?from=2026-10-01&to=2026-12-01", token: c.admin.token });
    expect(list.headers.get("x-total-count")).toBe("14");
    expect(list.body.filter((m: { user_id: number }) => m.user_id === c.consumers[11].id).map((m: { joined_on: string; left_on: string | null }) => [m.joined_on, m.left_on])).toEqual([["2026-10-01", "2026-11-01"], ["2026-11-15", null]]);
  });

  it("replays November under the three keys, worked by hand", async () => {
    const r = await simulate(c, { from: "2026-11-01", to: "2026-12-01" });
    expect(r.status).toBe(200);
    const byKey = Object.fromEntries(r.body.keys.map((k: { key: string }) => [k.key, k]));
    // dynamic by default: all of 1,000; all of 7,800 under 8,000
    expect(byKey.dynamic_default.allocated_wh).toBe(30 * 21_600);
    expect(byKey.dynamic_default.surplus_wh).toBe(30 * 400);
    // consumer 3: 300/7,800 of 1,000 six times a day, and 300 twice
    const c3 = (k: string) => byKey[k].members.find((m: { user_id: number }) => m.user_id === c.consumers[2].id).allocated_wh;
    expect(c3("dynamic_default")).toBe(Math.round(30 * (6 * (300 / 7800) * 1000 + 2 * 300)));
    // static, equal shares (none set): 1,000/12 each; of 8,000, 666.7 each capped at 100·i
    const staticPeak = 100 * (1 + 2 + 3 + 4 + 5 + 6) + 6 * (8000 / 12);
    expect(byKey.static.allocated_wh).toBe(Math.round(30 * (6 * 1000 + 2 * staticPeak)));
    expect(c3("static")).toBe(Math.round(30 * (6 * (1000 / 12) + 2 * 300)));
    // dynamic simple with equal shares redistributes what the small consumers leave: as the default key here
    expect(byKey.dynamic_simple.allocated_wh).toBe(30 * 21_600);
    // with shares: consumer 1 50 %, the eleven others 50/11 % each
    const shares = c.consumers.map((u, i) => ({ user_id: u.id, percent: i === 0 ? 50 : 50 / 11 }));
    const s = await simulate(c, { from: "2026-11-01", to: "2026-11-02", keys: ["static", "dynamic_simple"], shares });
    const [st, ds] = s.body.keys;
    const one = (k: { members: { user_id: number; allocated_wh: number }[] }) => k.members.find((m) => m.user_id === c.consumers[0].id)!.allocated_wh;
    // static, of 1,000: consumer 1 takes 100 of its 500 (the rest is surplus), the others 45.45 each
    expect(one(st)).toBe(Math.round(6 * 100 + 2 * 100));
    expect(st.allocated_wh).toBe(Math.round(6 * (100 + 500) + 2 * (100 + 100 * (2 + 3) + 9 * (4000 / 11))));
    // dynamic simple gives consumer 1's 400 unused to the others: all of 1,000
    expect(one(ds)).toBe(800);
    expect(ds.allocated_wh).toBe(6 * 1000 + 2 * C);
    expect((await simulate(c, { from: "2026-11-01", to: "2026-11-02", shares: [{ user_id: c.consumers[0].id, percent: 101 }] })).status).toBe(422);
    expect((await simulate(c, { from: "2026-12-01", to: "2026-11-01" })).status).toBe(422);
    expect((await simulate(c, { from: "2020-01-01", to: "2026-01-01" })).status).toBe(422);
  });

  it("lists the members with their allocation and savings under the operation's key, as JSON and CSV", async () => {
    const r = await call(membersGET, { path: "/api/v1/community/members?from=2026-11-01&to=2026-12-01", token: c.admin.token });
    expect(r.status).toBe(200);
    const m3 = r.body.find((m: { user_id: number }) => m.user_id === c.consumers[2].id);
    const allocated = 30 * (6 * (300 / 7800) * 1000 + 2 * 300);
    expect(m3).toMatchObject({ role: "consumer", joined_on: "2026-10-01", left_on: null, consumption_wh: 300 * SLOTS, allocated_wh: Math.round(allocated) });
    // savings: the base price of the bundled tariff row less the local price (0.10 €/kWh)
    const row = await db.tariff.findFirst({ where: { option: "base", subscribedKva: 6, validFrom: { lte: new Date("2026-11-01") } }, orderBy: { validFrom: "desc" } });
    expect(m3.savings_eur).toBeCloseTo((allocated / 1000) * (Number(row!.priceBase) - 0.1), 1);
    const producer = r.body.find((m: { user_id: number }) => m.user_id === c.producer.id);
    expect(producer).toMatchObject({ role: "producer", production_wh: 30 * 22_000, allocated_wh: 0 });
    const csv = await call(membersGET, { path: "/api/v1/community/members?from=2026-11-01&to=2026-12-01&format=csv", token: c.admin.token });
    expect(String(csv.body).split("\r\n")[0]).toBe("member_id,user_id,email,usage_point_id,role,joined_on,left_on,consumption_kwh,production_kwh,allocated_kwh,coverage,savings_eur");
    // a household's own card: its allocated production and savings, and the operation's rates
    const mine = await call(mineGET, { path: "/api/v1/users/me/community", token: c.consumers[2].token });
    expect(mine.body.member).toBe(true);
    expect(mine.body.months.find((x: { month: string }) => x.month === "2026-11").allocated_wh).toBe(Math.round(allocated));
    expect(mine.body.community.members).toBe(13);
  });

  it("rolls every month up again under a new key", async () => {
    const s = await call(settingsPUT, { method: "PUT", path: "/api/v1/community/settings", token: c.admin.token, json: { allocation_key: "static", local_price_eur_per_kwh: 0.12 } });
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ allocation_key: "static", local_price_eur_per_kwh: 0.12 });
    await refreshRollups();
    const mine = await call(mineGET, { path: "/api/v1/users/me/community", token: c.consumers[2].token });
    expect(mine.body.months.find((x: { month: string }) => x.month === "2026-11").allocated_wh).toBe(Math.round(30 * (6 * (1000 / 12) + 2 * 300)));
    expect((await call(settingsGET, { path: "/api/v1/community/settings", token: c.admin.token })).body.allocation_key).toBe("static");
    expect((await call(settingsPUT, { method: "PUT", path: "/api/v1/community/settings", token: c.admin.token, json: { allocation_key: "full" } })).status).toBe(422);
  });

  it("sets the shares of a month and writes Enedis' coefficient file only when they add up to 100 %", async () => {
    const none = await call(sharesGET, { path: "/api/v1/community/shares?month=2026-11", token: c.admin.token });
    expect(none.body.members).toHaveLength(12);
    expect(none.body.set_for).toBeNull();
    const equal = await call(coefficientsGET, { path: "/api/v1/community/coefficients?month=2026-11", token: c.admin.token });
    expect(equal.status).toBe(200);
    const lines = String(equal.body).trim().split("\r\n");
    expect(lines[0]).toBe("prm;date_debut;date_fin;coefficient_pct");
    expect(lines).toHaveLength(13);
    expect(lines.slice(1).reduce((s, l) => s + Number(l.split(";")[3]), 0)).toBeCloseTo(100, 6);
    expect(lines[1]).toMatch(/^30000000000001;2026-11-01;2026-11-30;8\.333[34]$/);
    const put = (shares: unknown) => call(sharesPUT, { method: "PUT", path: "/api/v1/community/shares", token: c.admin.token, json: { month: "2026-11", shares } });
    const five = c.consumers.map((u) => ({ user_id: u.id, percent: 5 }));
    const r = await put(five);
    expect(r.status).toBe(200);
    expect(r.body.total_percent).toBe(60);
    const short = await call(coefficientsGET, { path: "/api/v1/community/coefficients?month=2026-11", token: c.admin.token });
    expect(short.status).toBe(409);
    expect(short.body.detail).toContain("60 %");
    expect((await put([{ user_id: c.producer.id, percent: 10 }])).status).toBe(422);
    expect((await put(c.consumers.map((u) => ({ user_id: u.id, percent: 9 })))).status).toBe(422);
    // December inherits November's set
    const dec = await call(sharesGET, { path: "/api/v1/community/shares?month=2026-12", token: c.admin.token });
    expect(dec.body.set_for).toBe("2026-11");
  });

  it("imports Enedis' ACC data and reconciles it, each gap in words; a bad file stores nothing", async () => {
    const sample = await call(sampleGET, { path: "/api/v1/community/acc_imports/sample?month=2026-11", token: c.admin.token });
    expect(sample.status).toBe(200);
    const text = String(sample.body);
    expect(text.split("\r\n")[0]).toBe("prm;type;horodate;pas;valeur_wh");
    const send = (body: string, name = "acc.csv") => call(importsPOST, { method: "POST", path: `/api/v1/community/acc_imports?file_name=${name}`, token: c.admin.token, body, headers: { "content-type": "text/csv" } });
    const same = await send(text);
    expect(same.status).toBe(201);
    expect(same.body.findings).toEqual([]);
    expect(same.body.meters).toHaveLength(13);
    // Enedis counts consumer 3 10 % more, and a meter Foyer does not know
    const changed = text.replace(/^(30000000000003;CONS;2026-11-0[1-9][^;]*;P1D;)(\d+)/gm, (_, head, v) => `${head}${Math.round(Number(v) * 1.1)}`) + "99999999999999;CONS;2026-11-02T00:00:00+01:00;P1D;1000\r\n";
    const gaps = await send(changed, "enedis-2026-11.csv");
    expect(gaps.status).toBe(201);
    const codes = gaps.body.findings.map((f: { code: string; usage_point_id: string }) => `${f.code}:${f.usage_point_id}`);
    expect(codes).toContain("consumption_gap:30000000000003");
    expect(codes).toContain("unknown_meter:99999999999999");
    const gap = gaps.body.findings.find((f: { code: string }) => f.code === "consumption_gap");
    expect(gap.text).toMatch(/^Meter 30000000000003 \(.+\): Enedis counts [\d.]+ kWh withdrawn \(CONS\), Foyer [\d.]+ kWh \(-[\d.]+ %\)$/);
    // a day missing from Foyer's history is said
    await db.$executeRaw`DELETE FROM energy.readings WHERE meter_id = ${c.meters[4]} AND ts >= ${new Date(parisDayStart("2026-11-10"))} AND ts < ${new Date(parisDayStart("2026-11-11"))}`;
    await refreshRollups();
    const missing = await send(text);
    expect(missing.body.findings.map((f: { code: string }) => f.code)).toEqual(expect.arrayContaining(["foyer_missing_days", "consumption_gap"]));
    expect(missing.body.findings.find((f: { code: string }) => f.code === "foyer_missing_days").text).toContain("(2026-11-10 to 2026-11-10)");
    // refusals: a bad line stores nothing
    const before = await db.accImport.count();
    const bad = await send(text + "30000000000003;CONS;2026-11-02;P1D;12\r\n");
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/^The file was not imported: line \d+: /);
    expect((await send("prm;type\r\n")).status).toBe(422);
    expect((await call(importsPOST, { method: "POST", path: "/api/v1/community/acc_imports", token: c.admin.token, json: { a: 1 } })).status).toBe(415);
    expect(await db.accImport.count()).toBe(before);
    const list = await call(importsGET, { path: "/api/v1/community/acc_imports", token: c.admin.token });
    expect(list.body.map((i: { file_name: string }) => i.file_name)).toEqual(["acc.csv", "enedis-2026-11.csv", "acc.csv"]);
  });

  it("is the operator's: a household reads none of the community's endpoints", async () => {
    const u = c.consumers[0];
    expect((await call(summaryGET, { path: "/api/v1/community/summary?from=2026-11-01&to=2026-12-01", token: u.token })).status).toBe(403);
    expect((await call(membersGET, { path: "/api/v1/community/members?from=2026-11-01&to=2026-12-01", token: u.token })).status).toBe(403);
    expect((await call(simulatePOST, { method: "POST", path: "/api/v1/community/simulate", token: u.token, json: { from: "2026-11-01", to: "2026-12-01" } })).status).toBe(403);
    expect((await call(sampleGET, { path: "/api/v1/community/acc_imports/sample?month=2026-11", token: u.token })).status).toBe(403);
  });
});

describe("homes like mine", () => {
  it("compares a household with at least 10 similar homes, and says so plainly otherwise", async () => {
    const c = await buildCommunity();
    const me = c.consumers[0];
    const noProfile = await call(compareGET, { path: "/api/v1/users/me/homes_like_mine", token: me.token });
    expect(noProfile.body).toMatchObject({ status: "no_profile", missing: ["housing_type", "floor_area_m2", "occupants", "heating"], month: "2026-11" });
    const profile = { housing_type: "apartment", floor_area_m2: 60, occupants: 2, heating: "electric", hot_water: "electric" };
    for (const u of c.consumers.slice(0, 10)) expect((await call(profilePUT, { method: "PUT", path: "/api/v1/users/me/household", token: u.token, json: profile })).status).toBe(200);
    expect((await call(profileGET, { path: "/api/v1/users/me/household", token: me.token })).body).toMatchObject(profile);
    // nine similar homes besides mine: not enough
    const few = await call(compareGET, { path: "/api/v1/users/me/homes_like_mine", token: me.token });
    expect(few.body.monthly).toMatchObject({ status: "too_few", homes: 9, similar: null });
    expect(few.body.monthly.own).toMatchObject({ kwh: 144, kwh_per_m2: 2.4, kwh_per_occupant: 72 });
    expect(few.body.yearly).toMatchObject({ status: "no_data", months: 12, months_held: 1 });
    // a tenth: consumers 2..11 at 144·i kWh, 60 m² → 2.4·i kWh/m², 2 occupants → 72·i kWh each
    await call(profilePUT, { method: "PUT", path: "/api/v1/users/me/household", token: c.consumers[10].token, json: profile });
    const ok = await call(compareGET, { path: "/api/v1/users/me/homes_like_mine", token: me.token });
    expect(ok.body.monthly).toMatchObject({ status: "ok", level: "type_heating_size", homes: 10 });
    // median 2.4·6.5 = 15.6 → 16; the 20th percentile 2.4·3.8 = 9.12 → 9.1; per occupant 468 → 470 and 273.6 → 270
    expect(ok.body.monthly.similar).toMatchObject({ median_kwh_per_m2: 16, efficient_kwh_per_m2: 9.1, median_kwh_per_occupant: 470, efficient_kwh_per_occupant: 270 });
    expect(ok.body.monthly.national).toEqual({ kwh: Math.round((4287 * 30) / 365), source: "Enedis 2024, via jechange.fr" });
    expect(ok.body.monthly.similar.median_eur).toBeGreaterThan(ok.body.monthly.own.eur);
    expect((await call(profilePUT, { method: "PUT", path: "/api/v1/users/me/household", token: me.token, json: { floor_area_m2: 5 } })).status).toBe(422);
    expect((await call(profilePUT, { method: "PUT", path: "/api/v1/users/me/household", token: me.token, json: { pets: 2 } })).status).toBe(422);
  });

  it("resists differencing: two overlapping groups (with and without one home) do not give that home away", async () => {
    const c = await buildCommunity();
    const me = c.consumers[0];
    const profile = { housing_type: "apartment", floor_area_m2: 60, occupants: 2, heating: "electric" };
    for (const u of c.consumers) await call(profilePUT, { method: "PUT", path: "/api/v1/users/me/household", token: u.token, json: profile });
    const victim = c.consumers[11];
    const truth = { m2: (100 * 12 * SLOTS) / 1000 / 60, occupant: (100 * 12 * SLOTS) / 1000 / 2 };
    const a = (await call(compareGET, { path: "/api/v1/users/me/homes_like_mine", token: me.token })).body.monthly;
    // the victim moves to a house: the same group less one
    await call(profilePUT, { method: "PUT", path: "/api/v1/users/me/household", token: victim.token, json: { housing_type: "house" } });
    const b = (await call(compareGET, { path: "/api/v1/users/me/homes_like_mine", token: me.token })).body.monthly;
    expect([a.homes, b.homes]).toEqual([11, 10]);
    // what a sum or a mean would give away: n₁·x₁ − n₂·x₂; the figures shown are rounded quantiles
    const attempts = [
      [a.similar.median_kwh_per_m2, b.similar.median_kwh_per_m2, truth.m2],
      [a.similar.efficient_kwh_per_m2, b.similar.efficient_kwh_per_m2, truth.m2],
      [a.similar.median_kwh_per_occupant, b.similar.median_kwh_per_occupant, truth.occupant],
      [a.similar.efficient_kwh_per_occupant, b.similar.efficient_kwh_per_occupant, truth.occupant],
    ];
    for (const [x1, x2, t] of attempts) expect(Math.abs(11 * x1 - 10 * x2 - t) / t).toBeGreaterThan(0.05);
    // nor does any figure shown equal the victim's own
    for (const f of Object.values(a.similar)) expect([truth.m2, truth.occupant]).not.toContain(f);
  });
});

