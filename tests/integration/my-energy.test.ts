// My Energy's endpoints (docs/my-energy.md) against a real PostgreSQL with a known history written
// through the readings store: DST days, gaps, bucket choice and limits, comparisons, costs worked
// by hand, self-consumption, ownership, the tariff settings and Home's summary.
import fc from "fast-check";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CARBON_DATA_DIR, GridIntensity, useGridIntensityForTests } from "@/lib/energy/carbon";
import { dayTypeOf } from "@/lib/energy/day-type";
import { storeTempoColours } from "@/lib/services/tariffs/tempo";
import { db } from "@/lib/db";
import { parisDayOf, parisDayStart } from "@/lib/time/paris";
import { upsertCurve, upsertDaily, upsertMaxPower } from "@/lib/services/readings/store";
import type { CurvePoint } from "@/lib/services/readings/types";
import type { TariffRow } from "@/lib/energy/tariff";
import { upsertTariffs } from "@/lib/services/tariffs/tariffs";
import { GET as energyGET } from "@/app/api/v1/meters/[id]/energy/route";
import { GET as comparisonGET } from "@/app/api/v1/meters/[id]/tariff-comparison/route";
import { GET as meterGET, PATCH as meterPATCH } from "@/app/api/v1/meters/[id]/route";
import { GET as summaryGET } from "@/app/api/v1/energy/summary/route";
import { call } from "../helpers/api";
import { permissionTable, type PermissionRow } from "../helpers/permissions";
import { makeCast, type TestUser } from "../factories/users";

const HALF_HOUR = 1_800_000;

// Paris today is 2026-11-23 for every test here (the answers depend on what is over)
vi.useFakeTimers({ toFake: ["Date"] });
vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));

/** The 30-minute points of Paris days [from, to), with a value from `wh`. */
function curveDays(from: string, to: string, wh: (t: number) => number = () => 100): CurvePoint[] {
  const points: CurvePoint[] = [];
  for (let t = parisDayStart(from); t < parisDayStart(to); t += HALF_HOUR) points.push({ start: new Date(t), stepMin: 30, wh: wh(t), quality: "BRUT" });
  return points;
}

const SRC = "https://example.test/tariff";
/** Hand-checkable prices: Base 0.20 €/kWh and 365 €/year (1 €/day in 2026 at 6 kVA); HP 0.25, HC 0.10 with 730 €/year. */
const ROWS: TariffRow[] = [
  { supplier: "Test", option: "base", kva: 6, subscriptionEurPerYear: 365, prices: { base: 0.2 }, validFrom: "2025-01-01", validTo: null, source: SRC },
  { supplier: "Test", option: "hphc", kva: 6, subscriptionEurPerYear: 730, prices: { hp: 0.25, hc: 0.1 }, validFrom: "2025-01-01", validTo: null, source: SRC },
];

let owner: TestUser, other: TestUser, admin: TestUser;
let meterId: number;

async function makeMeter(userId: number, data: Record<string, unknown> = {}) {
  return (await db.meter.create({ data: { userId, usagePointId: "24880057139941", sandbox: true, producer: false, ...data } })).id;
}

const idParams = (id = meterId) => ({ id: String(id) });
const patch = (json: unknown, who: TestUser | null = owner, id = meterId) =>
  call(meterPATCH, { method: "PATCH", path: `/api/v1/meters/${id}`, params: idParams(id), token: who?.token, json });
const sum = (xs: (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);

const energy = (q: Record<string, string>, who: TestUser | null = owner, id = meterId) =>
  call(energyGET, { path: `/api/v1/meters/${id}/energy?${new URLSearchParams(q)}`, params: { id: String(id) }, token: who?.token });

beforeEach(async () => {
  ({ owner, other, admin } = await makeCast());
  meterId = await makeMeter(owner.id);
  await upsertTariffs(db, ROWS);
});

describe("GET /api/v1/meters/{id}/energy", () => {
  it("a day in hours: sums of the half hours, gaps as null", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2026-11-02", "2026-11-03", () => 250), "sandbox");
    const r = await energy({ from: "2026-11-02", to: "2026-11-03" });
    expect(r.status).toBe(200);
    expect(r.body.bucket).toBe("hour");
    expect(r.body.series).toHaveLength(24);
    expect(r.body.series[0]).toMatchObject({ start: "2026-11-01T23:00:00.000Z", end: "2026-11-02T00:00:00.000Z", consumption_kwh: 0.5, complete: true, production_kwh: null });
    expect(r.body.totals).toMatchObject({ consumption_kwh: 12, days: 1, days_with_data: 1, missing_days: [] });
  });

  it("the spring-forward day has 46 half hours and 23 hours, the fall-back day 50 and 25", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2026-03-29", "2026-03-30", () => 100), "sandbox");
    await upsertCurve(meterId, "consumption", curveDays("2026-10-25", "2026-10-26", () => 100), "sandbox");
    const spring = await energy({ from: "2026-03-29", to: "2026-03-30", bucket: "30min" });
    expect(spring.body.series).toHaveLength(46);
    expect(spring.body.series.every((p: { complete: boolean; consumption_kwh: number }) => p.complete && p.consumption_kwh === 0.1)).toBe(true);
    expect(spring.body.series[0].start).toBe("2026-03-28T23:00:00.000Z");
    expect(spring.body.series[45].end).toBe("2026-03-29T22:00:00.000Z");
    expect((await energy({ from: "2026-03-29", to: "2026-03-30", bucket: "hour" })).body.series).toHaveLength(23);
    const fall = await energy({ from: "2026-10-25", to: "2026-10-26", bucket: "30min" });
    expect(fall.body.series).toHaveLength(50);
    expect(fall.body.totals.consumption_kwh).toBe(5);
    expect((await energy({ from: "2026-10-25", to: "2026-10-26", bucket: "hour" })).body.series).toHaveLength(25);
    // a day bucket is complete with its 46 or 50 readings
    const days = await energy({ from: "2026-03-28", to: "2026-03-31", bucket: "day" });
    expect(days.body.series.map((p: { consumption_kwh: number | null; complete: boolean }) => [p.consumption_kwh, p.complete])).toEqual([[null, false], [4.6, true], [null, false]]);
    expect(days.body.series[1]).toMatchObject({ start: "2026-03-28T23:00:00.000Z", end: "2026-03-29T22:00:00.000Z" });
    const oct = await energy({ from: "2026-10-25", to: "2026-10-26", bucket: "day" });
    expect(oct.body.series).toEqual([expect.objectContaining({ start: "2026-10-24T22:00:00.000Z", end: "2026-10-25T23:00:00.000Z", consumption_kwh: 5, complete: true })]);
  });

  it("gaps are null and named; a partial day is its partial sum; a day known only by its total counts whole in days", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2026-11-02", "2026-11-03"), "sandbox");
    await upsertCurve(meterId, "consumption", curveDays("2026-11-04", "2026-11-05").slice(0, 24), "sandbox");
    await upsertDaily(meterId, "consumption", [{ day: "2026-11-05", wh: 7000, quality: "BRUT" }], "sandbox");
    const r = await energy({ from: "2026-11-02", to: "2026-11-07", bucket: "day" });
    expect(r.body.series.map((p: { consumption_kwh: number | null; complete: boolean }) => [p.consumption_kwh, p.complete])).toEqual([
      [4.8, true], [null, false], [2.4, false], [7, true], [null, false],
    ]);
    expect(r.body.totals).toMatchObject({ consumption_kwh: 14.2, days: 5, days_with_data: 3, missing_days: ["2026-11-03", "2026-11-06"], average_kwh_per_day: 4.733 });
    // in hours the daily total has no place: that day is a gap there
    const hours = await energy({ from: "2026-11-05", to: "2026-11-06", bucket: "hour" });
    expect(hours.body.series.every((p: { consumption_kwh: number | null }) => p.consumption_kwh === null)).toBe(true);
    expect(hours.body.totals).toMatchObject({ consumption_kwh: null, days_with_data: 0, missing_days: ["2026-11-05"] });
    // days not over yet are not missing
    const future = await energy({ from: "2026-11-22", to: "2026-11-26", bucket: "day" });
    expect(future.body.totals.missing_days).toEqual(["2026-11-22"]);
  });

  it("auto picks hours up to 2 days, days up to 35, months beyond, coarser past max_points", async () => {
    const bucketOf = async (from: string, to: string, extra: Record<string, string> = {}) => (await energy({ from, to, ...extra })).body.bucket;
    expect(await bucketOf("2026-11-01", "2026-11-03")).toBe("hour");
    expect(await bucketOf("2026-11-01", "2026-11-04")).toBe("day");
    expect(await bucketOf("2026-10-01", "2026-11-05")).toBe("day");
    expect(await bucketOf("2026-10-01", "2026-11-06")).toBe("month");
    expect(await bucketOf("2026-11-01", "2026-11-03", { max_points: "40" })).toBe("day");
    expect(await bucketOf("2026-10-01", "2026-11-01", { max_points: "10" })).toBe("month");
    const months = await energy({ from: "2025-11-15", to: "2026-11-01" });
    expect(months.body.series).toHaveLength(12);
    expect(months.body.series[0]).toMatchObject({ start: "2025-11-14T23:00:00.000Z", end: "2025-11-30T23:00:00.000Z" });
  });

  it.each([
    [{ from: "2026-10-01", to: "2026-11-02", bucket: "30min" }, "30min covers at most 31 days"],
    [{ from: "2026-09-01", to: "2026-11-03", bucket: "hour" }, "hour covers at most 62 days"],
    [{ from: "2022-01-01", to: "2026-01-03", bucket: "day" }, "day covers at most 1461 days"],
    [{ from: "2026-11-02", to: "2026-11-02" }, "to must be after from"],
    [{ from: "2026-11-02", to: "2026-11-01" }, "to must be after from"],
    [{ from: "2026-02-30", to: "2026-03-02" }, "from must be a day"],
    [{ to: "2026-03-02" }, "from is required"],
    [{ from: "1999-12-01", to: "2000-01-02" }, "not be before 2000"],
    [{ from: "2026-11-01", to: "2027-11-24" }, "at most one year from today"],
    [{ from: "2012-01-01", to: "2022-01-02" }, "at most 10 years"],
    [{ from: "2026-11-01", to: "2026-11-02", bucket: "week" }, "bucket must be one of"],
    [{ from: "2026-11-01", to: "2026-11-02", compare: "yesterday" }, "compare must be one of"],
    [{ from: "2026-11-01", to: "2026-11-02", max_points: "9" }, "max_points"],
    [{ from: "2026-11-01", to: "2026-11-02", max_points: "5001" }, "max_points"],
    [{ from: "2026-11-01", to: "2026-11-02", max_points: "1e3" }, "max_points"],
  ])("422 for %o", async (q, message) => {
    const r = await energy(q as Record<string, string>);
    expect(r.status).toBe(422);
    expect(r.body.detail).toContain(message);
  });

  it("compares with the period just before and with last year, bucket i against bucket i", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2026-10-30", "2026-11-05", (t) => (parisDayOf(t) < "2026-11-02" ? 50 : 100)), "sandbox");
    await upsertCurve(meterId, "consumption", curveDays("2025-11-02", "2025-11-04", () => 25), "sandbox");
    const prev = await energy({ from: "2026-11-02", to: "2026-11-05", compare: "previous" });
    expect(prev.body.compare).toMatchObject({ kind: "previous", from: "2026-10-30", to: "2026-11-02" });
    expect(prev.body.compare.series.map((p: { consumption_kwh: number }) => p.consumption_kwh)).toEqual([2.4, 2.4, 2.4]);
    expect(prev.body.compare.totals.consumption_kwh).toBe(7.2);
    const ly = await energy({ from: "2026-11-02", to: "2026-11-05", compare: "last_year" });
    expect(ly.body.compare).toMatchObject({ kind: "last_year", from: "2025-11-02", to: "2025-11-05" });
    expect(ly.body.compare.series.map((p: { consumption_kwh: number | null }) => p.consumption_kwh)).toEqual([1.2, 1.2, null]);
    expect(ly.body.compare.totals.missing_days).toEqual(["2025-11-04"]);
    // whole months against whole months; the shorter one padded with empty buckets
    const month = await energy({ from: "2026-10-01", to: "2026-11-01", bucket: "day", compare: "previous" });
    expect(month.body.compare).toMatchObject({ from: "2026-09-01", to: "2026-10-01" });
    expect(month.body.series).toHaveLength(31);
    expect(month.body.compare.series).toHaveLength(31);
    expect(month.body.compare.series[30]).toMatchObject({ consumption_kwh: null, complete: false });
    // 29 February → 28 February
    const leap = await energy({ from: "2024-02-29", to: "2024-03-01", compare: "last_year" });
    expect(leap.body.compare).toMatchObject({ from: "2023-02-28", to: "2023-03-01" });
    expect((await energy({ from: "2026-11-02", to: "2026-11-05" })).body.compare).toBeNull();
  });

  it("costs worked by hand: Base and HP/HC on one day, per bucket and in total", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2026-11-02", "2026-11-03", () => 250), "sandbox");
    // no option or power yet: no cost
    expect((await energy({ from: "2026-11-02", to: "2026-11-03" })).body.cost).toBeNull();

    expect((await patch({ tariff: "base", subscribed_kva: 6 })).status).toBe(200);
    const base = await energy({ from: "2026-11-02", to: "2026-11-03" });
    // 12 kWh × 0.20 = 2.40 €, subscription 365 € / 365 days = 1 €
    expect(base.body.cost).toMatchObject({ option: "base", kva: 6, supplier: "Test", energy_eur: 2.4, subscription_eur: 1, total_eur: 3.4, partial: false, reasons: [] });
    expect(base.body.cost.lines).toEqual([{ period: "base", kwh: 12, eur: 2.4 }]);
    // each hour: 0.5 kWh × 0.20 + 1 €/24
    expect(base.body.series[0].cost_eur).toBeCloseTo(0.1 + 1 / 24, 4);
    // buckets carry 4 decimals: their sum is the total within rounding
    expect(sum(base.body.series.map((p: { cost_eur: number }) => p.cost_eur))).toBeCloseTo(3.4, 2);

    expect((await patch({ tariff: "hphc", offpeak: { valid_from: "2026-01-01", ranges: [{ from: "22:00", to: "06:00" }] } })).status).toBe(200);
    const hphc = await energy({ from: "2026-11-02", to: "2026-11-03" });
    // HC 8 h × 0.5 kWh = 4 kWh × 0.10 = 0.40 €; HP 8 kWh × 0.25 = 2.00 €; subscription 730 / 365 = 2 €
    expect(hphc.body.cost).toMatchObject({ option: "hphc", energy_eur: 2.4, subscription_eur: 2, total_eur: 4.4, partial: false });
    expect(hphc.body.cost.lines).toEqual([{ period: "hp", kwh: 8, eur: 2 }, { period: "hc", kwh: 4, eur: 0.4 }]);
    expect(hphc.body.series[0].cost_eur).toBeCloseTo(0.05 + 2 / 24, 4); // 00:00-01:00 is HC
    expect(hphc.body.series[12].cost_eur).toBeCloseTo(0.125 + 2 / 24, 4); // 12:00-13:00 is HP

    // a day known only by its total: Base prices it, HP/HC cannot (partial)
    await upsertDaily(meterId, "consumption", [{ day: "2026-11-03", wh: 10_000, quality: "BRUT" }], "sandbox");
    const two = await energy({ from: "2026-11-02", to: "2026-11-04", bucket: "day" });
    expect(two.body.cost).toMatchObject({ partial: true, reasons: ["curve_missing"], total_eur: 6.4 });
    await patch({ tariff: "base" });
    const twoBase = await energy({ from: "2026-11-02", to: "2026-11-04", bucket: "day" });
    expect(twoBase.body.cost).toMatchObject({ partial: false, total_eur: 6.4, energy_eur: 4.4 });
    expect(twoBase.body.series.map((p: { cost_eur: number }) => p.cost_eur)).toEqual([3.4, 3]);
    // a missing day: the total is a lower bound
    const gap = await energy({ from: "2026-11-02", to: "2026-11-05", bucket: "day" });
    expect(gap.body.cost).toMatchObject({ partial: true, reasons: ["readings_missing"], subscription_eur: 3 });
  });

  it("self-consumption per half hour, rates and a producer's gaps", async () => {
    const producer = await makeMeter(owner.id, { usagePointId: "25946599093143", producer: true });
    await upsertCurve(producer, "consumption", curveDays("2026-11-02", "2026-11-03", () => 250), "sandbox");
    const hourOf = (t: number) => (t - parisDayStart("2026-11-02")) / 3_600_000;
    // 10:00-12:00 100 Wh a half hour, 12:00-14:00 400 Wh: self-consumed 4 × 100 + 4 × 250 = 1.4 kWh of 2 kWh
    await upsertCurve(producer, "production", curveDays("2026-11-02", "2026-11-03", (t) => (hourOf(t) >= 10 && hourOf(t) < 12 ? 100 : hourOf(t) >= 12 && hourOf(t) < 14 ? 400 : 0)), "sandbox");
    const r = await energy({ from: "2026-11-02", to: "2026-11-04", bucket: "day" }, owner, producer);
    expect(r.body.meter).toMatchObject({ id: producer, producer: true });
    expect(r.body.series[0]).toMatchObject({ consumption_kwh: 12, production_kwh: 2, self_consumed_kwh: 1.4, complete: true });
    expect(r.body.series[1]).toMatchObject({ consumption_kwh: null, production_kwh: null, self_consumed_kwh: null });
    expect(r.body.totals).toMatchObject({ self_consumed_kwh: 1.4, self_consumption_rate: 0.7, self_sufficiency_rate: 0.117 });
    // a consumer-only meter has no production series
    await upsertCurve(meterId, "consumption", curveDays("2026-11-02", "2026-11-03"), "sandbox");
    const c = await energy({ from: "2026-11-02", to: "2026-11-03", bucket: "day" });
    expect(c.body.series[0]).toMatchObject({ production_kwh: null, self_consumed_kwh: null });
    expect(c.body.totals).toMatchObject({ production_kwh: null, self_consumption_rate: null });
  });

  it("max power against the subscribed power", async () => {
    await patch({ subscribed_kva: 6 });
    await upsertMaxPower(meterId, [
      { day: "2026-11-02", va: 4100, at: new Date("2026-11-02T18:10:00Z") },
      { day: "2026-11-03", va: 6400, at: new Date("2026-11-03T07:40:00Z") },
    ]);
    const r = await energy({ from: "2026-11-01", to: "2026-11-05" });
    expect(r.body.max_power).toEqual({
      subscribed_kva: 6,
      peak: { day: "2026-11-03", va: 6400, at: "2026-11-03T07:40:00.000Z" },
      over_subscribed_days: 1,
      days: [{ day: "2026-11-02", va: 4100, at: "2026-11-02T18:10:00.000Z" }, { day: "2026-11-03", va: 6400, at: "2026-11-03T07:40:00.000Z" }],
    });
  });
});

/** The bundled 2023 file's hours as written (Paris date, hour, g): read here apart from the code that loads it. */
const BUNDLED = fs
  .readFileSync(path.join(CARBON_DATA_DIR, "fr-2023", "intensity.csv"), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((l) => ({ day: l.slice(0, 10), hour: Number(l.slice(11, 13)), stamp: l.slice(0, 25), g: Number(l.split(",")[1]) }));
/** The 2023 mean of a month, day type and hour: the estimate's rule, worked from the file. */
function profileMean(month: number, dayType: string, hour: number) {
  const xs = BUNDLED.filter((r) => r.day.startsWith("2023-") && Number(r.day.slice(5, 7)) === month && dayTypeOf(r.day) === dayType && r.hour === hour).map((r) => r.g);
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}
const gOf = (stamp: string) => BUNDLED.find((r) => r.stamp === stamp)!.g;
/** kg as the API writes them: 3 decimals, so within half a gram of the exact figure */
const expectKg = (answer: number, exact: number) => expect(Math.abs(answer - exact)).toBeLessThanOrEqual(0.0005 + 1e-9);

describe("carbon on the energy endpoints", () => {
  afterEach(() => useGridIntensityForTests(undefined));

  it("a day of 2023 is measured: each half hour at its hour's value, credited", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2023-07-12", "2023-07-13", () => 250), "sandbox");
    const r = await energy({ from: "2023-07-12", to: "2023-07-13", bucket: "hour" });
    expect(r.status).toBe(200);
    // 0.5 kWh an hour at that hour's g/kWh
    const hours = BUNDLED.filter((x) => x.day === "2023-07-12");
    expect(hours).toHaveLength(24);
    const kg = hours.reduce((s, x) => s + (0.5 * x.g) / 1000, 0);
    expectKg(r.body.totals.co2_kg, kg);
    expectKg(r.body.series[12].co2_kg, (0.5 * gOf("2023-07-12T12:00:00+02:00")) / 1000);
    expect(r.body.totals).toMatchObject({ co2_partial: false, co2_estimated: false });
    expect(r.body.series.every((p: { co2_estimated: boolean }) => !p.co2_estimated)).toBe(true);
    expect(r.body.carbon).toMatchObject({
      available: true, provider: "Electricity Maps", licence: "ODbL", credit: "Carbon intensity: Electricity Maps (ODbL)",
      basis: "consumed", step_minutes: 60, profile_year: 2023, estimated: false, estimated_share: 0,
    });
    expect(r.body.carbon.source).toMatch(/^Electricity Maps, France 2023, hourly: .*consumed.*not RTE's half-hourly taux_co2/);
    // the household's hours: a flat consumption, so its most CO₂ is at the grid's dirtiest hour of that day
    const dirtiest = [...hours].sort((a, b) => b.g - a.g)[0];
    const r1 = (g: number) => Math.round(g * 10) / 10;
    expect(r.body.carbon.dirtiest_hours[0]).toMatchObject({ weekday: 3, hour: dirtiest.hour, kwh: 0.5, g_per_kwh: r1(dirtiest.g) });
    expect(r.body.carbon.grid_cleanest_hours[0].g_per_kwh).toBe(r1(Math.min(...hours.map((x) => x.g))));
  });

  it("a period of 2026 is estimated from 2023's same month, day type and hour, and says so", async () => {
    // Monday 2 November 2026 (a working day) and Sunday 1 November (All Saints' Day, a holiday)
    await upsertCurve(meterId, "consumption", curveDays("2026-11-01", "2026-11-03", () => 250), "sandbox");
    const r = await energy({ from: "2026-11-01", to: "2026-11-03", bucket: "day" });
    let expected = 0;
    for (let h = 0; h < 24; h++) expected += (0.5 * profileMean(11, "sunday_holiday", h)) / 1000;
    expectKg(r.body.series[0].co2_kg, expected);
    expected = 0;
    for (let h = 0; h < 24; h++) expected += (0.5 * profileMean(11, "workday", h)) / 1000;
    expectKg(r.body.series[1].co2_kg, expected);
    expect(r.body.series.map((p: { co2_estimated: boolean }) => p.co2_estimated)).toEqual([true, true]);
    expect(r.body.totals.co2_estimated).toBe(true);
    expect(r.body.carbon).toMatchObject({ available: true, estimated: true, estimated_share: 1, profile_year: 2023 });
  });

  it("a period across the end of 2023: measured up to the file's last hour, estimated after, the share said", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2023-12-31", "2024-01-02", () => 250), "sandbox");
    const r = await energy({ from: "2023-12-31", to: "2024-01-02", bucket: "day", compare: "previous" });
    expect(r.body.series.map((p: { co2_estimated: boolean }) => p.co2_estimated)).toEqual([false, true]);
    // 1 January 2024: 00:00-01:00 is the file's last hour, the other 23 hours are estimated
    expect(r.body.carbon).toMatchObject({ estimated: true, estimated_share: 0.479 });
    expectKg(r.body.series[1].co2_kg, (0.5 * gOf("2024-01-01T00:00:00+01:00")) / 1000 + [...Array(23)].reduce((s, _, i) => s + (0.5 * profileMean(1, "sunday_holiday", i + 1)) / 1000, 0));
    // the compared period (29-31 December 2023, measured) has its own kg
    expect(r.body.compare.totals).toMatchObject({ co2_kg: null, co2_estimated: false });
  });

  it("nothing bundled: carbon unavailable, no kg anywhere (null, never 0), never a 500", async () => {
    useGridIntensityForTests(new GridIntensity([]));
    await upsertCurve(meterId, "consumption", curveDays("2026-11-01", "2026-11-03", () => 250), "sandbox");
    const r = await energy({ from: "2026-11-01", to: "2026-11-03" });
    expect(r.status).toBe(200);
    expect(r.body.carbon).toEqual({
      available: false, source: null, provider: null, licence: null, credit: null, basis: null, step_minutes: null, profile_year: null,
      estimated: false, estimated_share: 0, fetched: null, cleanest_hours: [], dirtiest_hours: [], grid_cleanest_hours: [],
    });
    expect(r.body.totals).toMatchObject({ co2_kg: null, co2_partial: false, co2_estimated: false });
    expect(r.body.series[0].co2_kg).toBeNull();
    const s = await call(summaryGET, { path: "/api/v1/energy/summary", token: owner.token });
    expect(s.body.meters[0]).toMatchObject({ yesterday: { co2_kg: null }, month: { co2_kg: null }, carbon: null });
  });
});

describe("who may do what on My Energy's endpoints", () => {
  const at = (id: number) => ({ params: { id: String(id) } });
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/meters/[id]/energy", name: "energy", run: (t) => call(energyGET, { path: `/api/v1/meters/${meterId}/energy?from=2026-11-01&to=2026-11-02`, ...at(meterId), token: t }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "GET /api/v1/meters/[id]/energy", name: "energy of a missing meter", run: (t) => call(energyGET, { path: "/api/v1/meters/999999/energy?from=2026-11-01&to=2026-11-02", ...at(999_999), token: t }), expect: { owner: 404, admin: 404 } },
    { route: "GET /api/v1/meters/[id]/tariff-comparison", name: "tariff-comparison", run: (t) => call(comparisonGET, { path: `/api/v1/meters/${meterId}/tariff-comparison`, ...at(meterId), token: t }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "GET /api/v1/meters/[id]", name: "meter", run: (t) => call(meterGET, { path: `/api/v1/meters/${meterId}`, ...at(meterId), token: t }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "GET /api/v1/meters/[id]", name: "meter missing", run: (t) => call(meterGET, { path: "/api/v1/meters/999999", ...at(999_999), token: t }), expect: { owner: 404, admin: 404 } },
    { route: "PATCH /api/v1/meters/[id]", name: "PATCH", run: (t) => call(meterPATCH, { method: "PATCH", path: `/api/v1/meters/${meterId}`, ...at(meterId), token: t, json: { tariff: "base" } }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    // the body is checked before the meter is looked up: its 422 says nothing about whose meter it is
    { route: "PATCH /api/v1/meters/[id]", name: "PATCH invalid", run: (t) => call(meterPATCH, { method: "PATCH", path: `/api/v1/meters/${meterId}`, ...at(meterId), token: t, json: { tariff: "ejp" } }), expect: { owner: 422, other: 422 } },
    { route: "GET /api/v1/energy/summary", name: "summary", run: (t) => call(summaryGET, { path: "/api/v1/energy/summary", token: t }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
  ];
  permissionTable(rows, () => ({ owner, other, admin }));

  it("another household's PATCH changes nothing, and the summary shows only the caller's meters", async () => {
    await patch({ tariff: "tempo" }, other);
    expect((await db.meter.findUniqueOrThrow({ where: { id: meterId } })).tariff).toBeNull();
    const mine = await call(summaryGET, { path: "/api/v1/energy/summary", token: owner.token });
    const theirs = await call(summaryGET, { path: "/api/v1/energy/summary", token: other.token });
    expect(mine.body.meters.map((m: { id: number }) => m.id)).toEqual([meterId]);
    expect(theirs.body).toEqual({ meters: [] });
  });
});

describe("PATCH /api/v1/meters/{id}", () => {
  it.each([
    [{ offpeak: { ranges: [{ from: "22:00", to: "06:00" }, { from: "05:00", to: "07:00" }] } }, "must not overlap"],
    [{ offpeak: { ranges: [{ from: "01:00", to: "02:00" }, { from: "03:00", to: "04:00" }, { from: "05:00", to: "06:00" }, { from: "12:00", to: "13:00" }] } }, "At most 3"],
    [{ offpeak: { ranges: [{ from: "22:15", to: "06:00" }] } }, "on the half hour"],
    [{ offpeak: { ranges: [{ from: "22:00", to: "22:00" }] } }, "must not be empty"],
    [{ offpeak: { valid_from: "2026-13-01", ranges: [] } }, "valid_from must be a day"],
    [{ subscribed_kva: 7 }, "subscribed_kva must be one of"],
    [{ subscribed_kva: "6" }, "subscribed_kva must be one of"],
    [{ tariff: "ejp" }, "tariff must be one of"],
    [{ usage_point_id: "1" }, ""],
  ])("422 for %j", async (json, message) => {
    const r = await patch(json);
    expect(r.status).toBe(422);
    expect(r.body.detail).toContain(message);
  });

  it("stores the household's settings, dated off-peak sets newest first; the contract's fill what is not set", async () => {
    await db.meter.update({ where: { id: meterId }, data: { tariffOption: "HC/HP", subscribedKva: 9, offpeakHours: "HC (22H00-6H00)" } });
    const before = await call(meterGET, { path: `/api/v1/meters/${meterId}`, params: idParams(), token: owner.token });
    expect(before.body).toMatchObject({ tariff: "hphc", tariff_source: "contract", subscribed_kva: 9, tariff_option: "HC/HP", offpeak_hours: "HC (22H00-6H00)" });
    expect(before.body.offpeak).toEqual([{ valid_from: null, ranges: [{ from: "22:00", to: "06:00" }], source: "contract" }]);

    await upsertCurve(meterId, "consumption", curveDays("2026-10-10", "2026-10-11"), "sandbox");
    const first = await patch({ tariff: "tempo", subscribed_kva: 6, offpeak: { ranges: [{ from: "23:00", to: "07:00" }] } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: meterId, tariff: "tempo", tariff_source: "household", subscribed_kva: 6 });
    // valid_from defaults to the first held day
    expect(first.body.offpeak[0]).toEqual({ valid_from: "2026-10-10", ranges: [{ from: "23:00", to: "07:00" }], source: "household" });
    const second = await patch({ offpeak: { valid_from: "2026-11-01", ranges: [{ from: "01:30", to: "07:30" }, { from: "12:30", to: "14:30" }] } });
    expect(second.body.offpeak.map((s: { valid_from: string | null }) => s.valid_from)).toEqual(["2026-11-01", "2026-10-10", null]);
    // the same day again replaces its set
    const again = await patch({ offpeak: { valid_from: "2026-11-01", ranges: [{ from: "02:00", to: "08:00" }] } });
    expect(again.body.offpeak[0]).toEqual({ valid_from: "2026-11-01", ranges: [{ from: "02:00", to: "08:00" }], source: "household" });
    expect(await db.meterOffpeakSlot.count({ where: { meterId } })).toBe(2);
    // null goes back to the contract's
    const reset = await patch({ tariff: null, subscribed_kva: null });
    expect(reset.body).toMatchObject({ tariff: "hphc", tariff_source: "contract", subscribed_kva: 9 });
  });

  it("the contract's off-peak hours price HP/HC until the household's first set", async () => {
    await db.meter.update({ where: { id: meterId }, data: { tariffOption: "HC/HP", subscribedKva: 6, offpeakHours: "HC (22H00-6H00)" } });
    await upsertCurve(meterId, "consumption", curveDays("2026-11-02", "2026-11-04", () => 250), "sandbox");
    await patch({ offpeak: { valid_from: "2026-11-03", ranges: [] } });
    const r = await energy({ from: "2026-11-02", to: "2026-11-04", bucket: "day" });
    // 2 November: 4 kWh HC + 8 kWh HP = 2.40 € + 2 €; 3 November: no off-peak hours, 12 kWh HP = 3 € + 2 €
    expect(r.body.series.map((p: { cost_eur: number }) => p.cost_eur)).toEqual([4.4, 5]);
    expect(r.body.cost.lines).toEqual([{ period: "hp", kwh: 20, eur: 5 }, { period: "hc", kwh: 4, eur: 0.4 }]);
  });
});

describe("GET /api/v1/meters/{id}/tariff-comparison", () => {
  const comparison = () => call(comparisonGET, { path: `/api/v1/meters/${meterId}/tariff-comparison`, params: idParams(), token: owner.token });

  it("prices what is held of the last 12 full months under each option; an option without a grid at this power is not offered", async () => {
    await patch({ tariff: "hphc", subscribed_kva: 6 });
    await upsertCurve(meterId, "consumption", curveDays("2026-10-01", "2026-11-05", () => 250), "sandbox");
    const r = await comparison();
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ from: "2026-10-01", to: "2026-11-01", kwh: 372.5, current: "hphc", offpeak_assumed: true, estimates: [] });
    // 31 days of 12 kWh and the fall-back day's extra hour (02:00-03:00, off-peak): 372.5 kWh
    // Base: 372.5 × 0.20 + 31 × 1 €; HP/HC under 22:00-06:00: 31 × (0.40 + 2.00) + 0.05 + 31 × 2 €; Tempo has no row here
    expect(r.body.options.base).toMatchObject({ total_eur: 105.5, partial: false, estimated_eur: 0, margin_eur: 0, offered: true });
    expect(r.body.options.hphc).toMatchObject({ total_eur: 136.45, partial: false, offered: true });
    expect(r.body.options.tempo).toMatchObject({ partial: true, reasons: expect.arrayContaining(["no_tariff"]), offered: false });
    expect(r.body).toMatchObject({ cheapest: "base", difference_eur: 30.95 });
  });

  it("a missing grid, subscription or Tempo colour is estimated, listed, and the verdict given beyond the margin", async () => {
    const tempoPrices = { blueHp: 0.15, blueHc: 0.1, whiteHp: 0.3, whiteHc: 0.2, redHp: 0.9, redHc: 0.3 };
    await upsertTariffs(db, [
      // Base's grid ends on 15 October 2026: its prices stand in after
      { ...ROWS[0], validTo: "2026-10-15" },
      // Tempo: a subscription known until the end of 2025 only
      { supplier: "Test", option: "tempo", kva: 6, subscriptionEurPerYear: 365, prices: tempoPrices, validFrom: "2025-01-01", validTo: "2026-01-01", source: SRC },
      { supplier: "Test", option: "tempo", kva: 6, subscriptionEurPerYear: null, prices: tempoPrices, validFrom: "2026-01-01", validTo: null, source: SRC },
    ]);
    // October 2025's colours known (all blue): October 2026's are taken from them
    await storeTempoColours(db, Array.from({ length: 31 }, (_, i) => ({ day: `2025-10-${String(i + 1).padStart(2, "0")}`, colour: "blue" as const })), "rte");
    await patch({ tariff: "hphc", subscribed_kva: 6 });
    await upsertCurve(meterId, "consumption", curveDays("2026-10-01", "2026-11-05", () => 250), "sandbox");
    const r = await comparison();
    expect(r.status).toBe(200);
    // Base: as before, 57.90 € of it (17 days of 12 kWh, the fall-back day's 0.5 kWh, 17 days' subscription) from the grid before
    expect(r.body.options.base).toMatchObject({ total_eur: 105.5, partial: false, estimated_eur: 57.9, margin_eur: 8.68, estimated_reasons: ["no_tariff"] });
    // Tempo, every day blue: 31 × (8 kWh × 0.15 + 4 kWh × 0.10) + 0.5 kWh × 0.10 + 31 days × 1 €
    expect(r.body.options.tempo).toMatchObject({ total_eur: 80.65, partial: false, estimated_eur: 80.65, margin_eur: 4.65, offered: true });
    expect(r.body.options.tempo.estimated_reasons.sort()).toEqual(["subscription_unknown", "tempo_colour_unknown"]);
    expect(r.body.estimates).toEqual([
      { option: "base", kind: "prices", from: "2026-10-15", to: "2026-11-01", days: 17, grid: "2025-01-01" },
      { option: "tempo", kind: "subscription", from: "2026-10-01", to: "2026-11-01", days: 31, grid: "2025-01-01" },
      // the Tempo day of 1 October's first hours is 30 September's
      { option: "tempo", kind: "tempo_colours", from: "2026-09-30", to: "2026-11-01", days: 32, grid: null },
    ]);
    expect(r.body).toMatchObject({ cheapest: "tempo", difference_eur: 24.85 });
  });

  it("no verdict when the options are closer than the estimate's margin", async () => {
    // Base's grid ends on 2 October: nearly all of it estimated (margin about 15 €), 0.5 € from HP/HC's price
    await upsertTariffs(db, [{ ...ROWS[0], validTo: "2026-10-02" }, { ...ROWS[1], subscriptionEurPerYear: 365 * 1.45, prices: { hp: 0.2, hc: 0.2 } }]);
    await patch({ tariff: "base", subscribed_kva: 6 });
    await upsertCurve(meterId, "consumption", curveDays("2026-10-01", "2026-11-05", () => 250), "sandbox");
    const r = await comparison();
    expect(r.body.options.base.total_eur).toBe(105.5);
    // 372.5 kWh × 0.20 + 31 × 1.45 €: 13.95 € more than Base, inside Base's margin of 15 % of 102.10 €
    expect(r.body.options.hphc.total_eur).toBe(119.45);
    expect(r.body.options.base).toMatchObject({ estimated_eur: 102.1, margin_eur: 15.31 });
    expect(r.body).toMatchObject({ cheapest: null, difference_eur: null });
  });
});

describe("GET /api/v1/energy/summary", () => {
  it("yesterday, this month so far and the same days of last month and last year", async () => {
    await patch({ tariff: "base", subscribed_kva: 6 });
    await upsertCurve(meterId, "consumption", curveDays("2026-11-01", "2026-11-23", () => 250), "sandbox");
    await upsertDaily(meterId, "consumption", [{ day: "2026-10-01", wh: 10_000, quality: "BRUT" }, { day: "2026-10-02", wh: 10_000, quality: "BRUT" }], "sandbox");
    const otherMeter = await makeMeter(other.id);
    await upsertCurve(otherMeter, "consumption", curveDays("2026-11-22", "2026-11-23"), "sandbox");
    const r = await call(summaryGET, { path: "/api/v1/energy/summary", token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body.meters).toHaveLength(1);
    expect(r.body.meters[0]).toMatchObject({
      id: meterId,
      usage_point_id: "24880057139941",
      yesterday: { day: "2026-11-22", kwh: 12, eur: 3.4 },
      month: { from: "2026-11-01", to: "2026-11-23", kwh: 264, eur: 74.8, days: 22, days_with_data: 22 },
      last_month: { from: "2026-10-01", to: "2026-10-23", kwh: 20, days_with_data: 2 },
      // no reading, no kg (never 0)
      last_year: { from: "2025-11-01", to: "2025-11-23", kwh: null, co2_kg: null, days_with_data: 0 },
      carbon: { provider: "Electricity Maps", licence: "ODbL", credit: "Carbon intensity: Electricity Maps (ODbL)", estimated: true },
    });
    // yesterday, a Sunday in November: 0.5 kWh an hour at 2023's November Sundays' means
    let kg = 0;
    for (let h = 0; h < 24; h++) kg += (0.5 * profileMean(11, "sunday_holiday", h)) / 1000;
    expectKg(r.body.meters[0].yesterday.co2_kg, kg);
    expect(r.body.meters[0].month.co2_kg).toBeGreaterThan(0);
    // October's two days known only by their total: no curve, so no kg (null, not 0)
    expect(r.body.meters[0].last_month.co2_kg).toBeNull();
  });
});

describe("hostile inputs", () => {
  const day = fc.oneof(
    fc.date({ min: new Date("1990-01-01T00:00:00Z"), max: new Date("2040-01-01T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    fc.constantFrom("2026-02-29", "2024-02-29", "2026-13-01", "2026-1-1", "", "%00", "9999-99-99", "2026-03-29T00:00", "\u0000"),
  );
  const text = fc.oneof(fc.string(), fc.constantFrom("30min", "hour", "day", "month", "auto", "previous", "last_year", "none", "1500", "10", "0", "-1", "1e3", "\ud800"));

  it("GET energy: any query answers 200 or the contract's 422, never 5xx", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2026-10-24", "2026-10-27"), "sandbox");
    await patch({ tariff: "hphc", subscribed_kva: 6 });
    await fc.assert(
      fc.asyncProperty(fc.record({ from: day, to: day, bucket: text, compare: text, max_points: text }, { requiredKeys: [] }), async (q) => {
        const r = await energy(q as Record<string, string>);
        expect([200, 422], JSON.stringify(q)).toContain(r.status);
        if (r.status === 422) expect(typeof r.body.detail).toBe("string");
        else expect(r.body.series.length).toBeGreaterThan(0);
      }),
      { numRuns: 150, seed: 11 },
    );
  });

  it("PATCH: any body answers 200 or 4xx with a detail, never 5xx", async () => {
    const time = fc.oneof(fc.constantFrom("00:00", "06:00", "22:00", "22:30", "24:00", "23:59", "25:00", "6:00", ""), fc.string());
    const body = fc.record({
      tariff: fc.oneof(fc.constantFrom("base", "hphc", "tempo", null, "BASE"), fc.string(), fc.integer()),
      subscribed_kva: fc.oneof(fc.constantFrom(3, 6, 36, 7, 0, -6, 6.5, null, "6"), fc.double()),
      offpeak: fc.oneof(
        fc.record({ valid_from: day, ranges: fc.array(fc.record({ from: time, to: time }), { maxLength: 5 }) }, { requiredKeys: ["ranges"] }),
        fc.constantFrom(null, "22:00-06:00", [], {}),
      ),
    }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const r = await patch(b);
        expect(r.status < 500, JSON.stringify(b)).toBe(true);
        if (r.status !== 200) expect(typeof r.body.detail).toBe("string");
      }),
      { numRuns: 150, seed: 12 },
    );
  });
});

describe("the demo household", () => {
  it("its Linky meter is priced: HP/HC, 6 kVA, off-peak 22:00-06:00", async () => {
    const { ensureDemoLinky } = await import("@/prisma/demo");
    await ensureDemoLinky(owner.id);
    const meter = await db.meter.findFirstOrThrow({ where: { userId: owner.id, usagePointId: "24880057139941" } });
    const r = await call(meterGET, { path: `/api/v1/meters/${meter.id}`, params: idParams(meter.id), token: owner.token });
    expect(r.body).toMatchObject({ tariff: "hphc", tariff_source: "household", subscribed_kva: 6 });
    expect(r.body.offpeak[0]).toEqual({ valid_from: "2020-01-01", ranges: [{ from: "22:00", to: "06:00" }], source: "household" });
    // again: nothing doubled
    await ensureDemoLinky(owner.id);
    expect(await db.meterOffpeakSlot.count({ where: { meterId: meter.id } })).toBe(1);
  });
});
