// My Energy's pure parts (lib/energy/series.ts, lib/validation/energy.ts, pricerOf in
// lib/energy/costs.ts): bucket choice and edges across DST days, compared periods, the contract's
// off-peak text, the settings' precedence, the series pass, and the inputs' rules.
import { describe, expect, it } from "vitest";
import { computeCost, pricerOf } from "@/lib/energy/costs";
import { IntensitySpan } from "@/lib/energy/carbon";
import type { TariffRow } from "@/lib/energy/tariff";
import {
  bucketCount, bucketEdges, buildSeries, chooseBucket, comparePeriod, offpeakFromContract, optionFromContract, tariffSettingsOf, type CurveArrays,
} from "@/lib/energy/series";
import { daysOf, parisDayStart, parisDayStarts } from "@/lib/time/paris";
import { energyQuerySchema, halfHoursOf, meterTariffSchema } from "@/lib/validation/energy";

const HALF_HOUR = 1_800_000;
const iso = (t: number) => new Date(t).toISOString();

function curve(from: string, to: string, wh: (t: number) => number = () => 100): CurveArrays {
  const c: CurveArrays = { t: [], wh: [], step: [] };
  for (let t = parisDayStart(from); t < parisDayStart(to); t += HALF_HOUR) {
    c.t.push(t);
    c.wh.push(wh(t));
    c.step.push(30);
  }
  return c;
}

describe("bucket choice", () => {
  it.each([
    ["2026-11-01", "2026-11-02", "hour"],
    ["2026-11-01", "2026-11-03", "hour"],
    ["2026-11-01", "2026-11-04", "day"],
    ["2026-10-01", "2026-11-05", "day"],
    ["2026-10-01", "2026-11-06", "month"],
    ["2016-10-01", "2026-10-01", "month"],
  ])("auto for %s → %s is %s", (from, to, bucket) => {
    expect(chooseBucket(from, to, "auto", 1500)).toEqual({ bucket });
  });

  it("goes coarser while over max_points, and keeps an explicit bucket within its limit", () => {
    expect(chooseBucket("2026-11-01", "2026-11-03", "auto", 47)).toEqual({ bucket: "day" });
    expect(chooseBucket("2026-10-01", "2026-11-05", "auto", 34)).toEqual({ bucket: "month" });
    expect(chooseBucket("2026-10-01", "2026-11-01", "30min", 10)).toEqual({ bucket: "30min" });
    expect(chooseBucket("2026-10-01", "2026-11-02", "30min", 1500)).toEqual({ error: expect.stringContaining("at most 31 days") });
    expect(chooseBucket("2026-01-01", "2026-03-05", "hour", 1500)).toEqual({ error: expect.stringContaining("at most 62 days") });
    expect(chooseBucket("2022-01-01", "2026-01-01", "day", 1500)).toEqual({ bucket: "day" });
    expect(chooseBucket("2022-01-01", "2026-01-02", "day", 1500)).toEqual({ error: expect.stringContaining("at most 1461 days") });
  });

  it("counts months touched", () => {
    expect(bucketCount("2025-11-15", "2026-11-01", "month")).toBe(12);
    expect(bucketCount("2026-01-31", "2026-02-02", "month")).toBe(2);
  });
});

describe("parisDayStarts", () => {
  it("is daysOf and parisDayStart of each day, over 40 years of clock changes", () => {
    const { days, starts } = parisDayStarts("2000-01-01", "2040-01-01");
    expect(days).toEqual(daysOf("2000-01-01", "2040-01-01"));
    expect(starts).toEqual([...days, "2040-01-01"].map(parisDayStart));
    expect(parisDayStarts("2026-03-29", "2026-03-29")).toEqual({ days: [], starts: [parisDayStart("2026-03-29")] });
  });
});

describe("bucket edges in Paris time", () => {
  it("DST days: 46 and 50 half hours, 23- and 25-hour days", () => {
    expect(bucketEdges("2026-03-29", "2026-03-30", "30min")).toHaveLength(47);
    expect(bucketEdges("2026-10-25", "2026-10-26", "30min")).toHaveLength(51);
    expect(bucketEdges("2026-10-25", "2026-10-26", "hour")).toHaveLength(26);
    const days = bucketEdges("2026-03-28", "2026-03-31", "day").map(iso);
    expect(days).toEqual(["2026-03-27T23:00:00.000Z", "2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z", "2026-03-30T22:00:00.000Z"]);
  });

  it("months start at local midnight of the 1st, the first at `from`", () => {
    expect(bucketEdges("2026-03-15", "2026-05-01", "month").map(iso)).toEqual(["2026-03-14T23:00:00.000Z", "2026-03-31T22:00:00.000Z", "2026-04-30T22:00:00.000Z"]);
  });
});

describe("compared periods", () => {
  it.each([
    ["2026-11-02", "2026-11-05", "previous", "2026-10-30", "2026-11-02"],
    ["2026-11-01", "2026-12-01", "previous", "2026-10-01", "2026-11-01"],
    ["2026-01-01", "2027-01-01", "previous", "2025-01-01", "2026-01-01"],
    ["2026-11-02", "2026-11-05", "last_year", "2025-11-02", "2025-11-05"],
    ["2024-02-29", "2024-03-01", "last_year", "2023-02-28", "2023-03-01"],
    ["2024-02-28", "2024-02-29", "last_year", "2023-02-28", "2023-03-01"],
  ] as const)("%s → %s, %s: %s → %s", (from, to, kind, f, t) => {
    expect(comparePeriod(from, to, kind)).toEqual({ from: f, to: t });
  });
});

describe("contract data", () => {
  it.each([
    ["HC (22H00-6H00)", [{ from: "22:00", to: "06:00" }]],
    ["HC (1H30-7H30;12H30-14H30)", [{ from: "01:30", to: "07:30" }, { from: "12:30", to: "14:30" }]],
    ["HC (22H30-6H30)", [{ from: "22:30", to: "06:30" }]],
    ["HC (22H15-6H15)", null],
    ["", null],
    [null, null],
  ])("off-peak %j → %j", (text, ranges) => {
    expect(offpeakFromContract(text)).toEqual(ranges);
  });

  it.each([
    ["HC/HP", "hphc"],
    ["Base", "base"],
    ["Tarif BT<=36kVA Moyenne Utilisation heures pleines heures creuses", "hphc"],
    ["Tarif BT<=36kVA Courte Utilisation sans différenciation temporelle", "base"],
    ["Tempo", "tempo"],
    ["quelque chose", null],
    [null, null],
  ])("option %j → %j", (text, option) => {
    expect(optionFromContract(text)).toBe(option);
  });

  it("the household's settings win; the contract's hours apply before its first set", () => {
    const m = { tariff: null, tariffKva: null, subscribedKva: 9, tariffOption: "HC/HP", offpeakHours: "HC (22H00-6H00)", offpeakSlots: [] };
    expect(tariffSettingsOf(m)).toMatchObject({ option: "hphc", kva: 9, optionSource: "contract", slots: [{ validFrom: "2000-01-01", validTo: null }] });
    const own = tariffSettingsOf({
      ...m, tariff: "tempo", tariffKva: 6,
      offpeakSlots: [{ validFrom: new Date("2026-11-01T00:00:00Z"), ranges: [{ from: "02:00", to: "08:00" }] }, { validFrom: "2026-01-01", ranges: [] }],
    });
    expect(own).toMatchObject({ option: "tempo", kva: 6, optionSource: "household" });
    expect(own.slots.map((s) => [s.validFrom, s.validTo])).toEqual([["2000-01-01", "2026-01-01"], ["2026-01-01", "2026-11-01"], ["2026-11-01", null]]);
    expect(own.sets.map((s) => [s.valid_from, s.source])).toEqual([["2026-11-01", "household"], ["2026-01-01", "household"], [null, "contract"]]);
    expect(tariffSettingsOf({ ...m, subscribedKva: 7, tariffOption: null, offpeakHours: null })).toMatchObject({ option: null, kva: null, optionSource: null, slots: [], sets: [] });
  });
});

const ROWS: TariffRow[] = [
  { supplier: "T", option: "hphc", kva: 6, subscriptionEurPerYear: 730, prices: { hp: 0.25, hc: 0.1 }, validFrom: "2025-01-01", validTo: null, source: "https://example.test/" },
  { supplier: "T", option: "base", kva: 6, subscriptionEurPerYear: 365, prices: { base: 0.2 }, validFrom: "2025-01-01", validTo: null, source: "https://example.test/" },
];
const HPHC = { option: "hphc" as const, kva: 6, tariffs: ROWS, offpeak: [{ validFrom: "2025-01-01", validTo: null, ranges: [{ from: "22:00", to: "06:00" }] }] };

describe("the series pass", () => {
  it("self-consumption per half hour, subscription spread over a day's hours, costs equal to computeCost's", () => {
    const cons = curve("2026-10-25", "2026-10-26", () => 250);
    const prod = curve("2026-10-25", "2026-10-26", (t) => ((t - parisDayStart("2026-10-25")) / HALF_HOUR === 30 ? 1000 : 100));
    const r = buildSeries({
      from: "2026-10-25", to: "2026-10-26", bucket: "hour", consumption: cons, production: prod, dailyConsumption: new Map(), dailyProduction: new Map(),
      pricer: pricerOf(HPHC), option: "hphc", intensity: null, today: "2026-11-23",
    });
    expect(r.series).toHaveLength(25);
    // 50 half hours: 49 × min(250, 100) + 1 × min(250, 1000)
    expect(r.totals).toMatchObject({ consumption_kwh: 12.5, production_kwh: 5.9, self_consumed_kwh: 5.15, days: 1, days_with_data: 1 });
    const total = computeCost({ ...HPHC, readings: cons.t.map((t, i) => ({ start: t, wh: cons.wh[i] })), from: "2026-10-25", to: "2026-10-26" });
    expect(r.series.reduce((s, p) => s + p.cost_eur!, 0)).toBeCloseTo(total.totalEur, 3);
    // the first hour (00:00-01:00, off-peak): 0.5 kWh × 0.10 + 2 € × 1/25
    expect(r.series[0].cost_eur).toBeCloseTo(0.05 + 2 / 25, 4);
  });

  it("a day known by its total fills a day bucket (priced for Base), and is a gap in hours", () => {
    const input = {
      from: "2026-11-02", to: "2026-11-04", consumption: curve("2026-11-02", "2026-11-03"), production: null,
      dailyConsumption: new Map([["2026-11-03", 5000]]), dailyProduction: null, pricer: pricerOf({ ...HPHC, option: "base" as const }), option: "base" as const,
      intensity: null, today: "2026-11-23",
    };
    const days = buildSeries({ ...input, bucket: "day" });
    expect(days.series.map((p) => [p.consumption_kwh, p.complete, p.cost_eur])).toEqual([[4.8, true, 1.96], [5, true, 2]]);
    expect(days.dailyOnlyDays).toEqual(["2026-11-03"]);
    const hours = buildSeries({ ...input, bucket: "hour" });
    expect(hours.totals).toMatchObject({ consumption_kwh: 4.8, days_with_data: 1, missing_days: ["2026-11-03"] });
    expect(hours.dailyOnlyDays).toEqual([]);
  });

  it("CO2 from the half hours' intensity; a half hour without one leaves the total partial", () => {
    const cons = curve("2026-11-02", "2026-11-03", () => 1000);
    // 47 half hours at 50 g (the first two estimated), the last one without a value
    const g = Float64Array.from(cons.t, (_, i) => (i < 47 ? 50 : NaN));
    const intensity = new IntensitySpan(cons.t[0], g, Uint8Array.from(g, (_, i) => (i < 2 ? 1 : 0)), new Uint8Array(g.length));
    const r = buildSeries({
      from: "2026-11-02", to: "2026-11-03", bucket: "day", consumption: cons, production: null, dailyConsumption: new Map(), dailyProduction: null,
      pricer: null, option: null, intensity, today: "2026-11-23",
    });
    // 47 kWh × 50 g
    expect(r.totals).toMatchObject({ co2_kg: 2.35, co2_partial: true });
    expect(r.series[0]).toMatchObject({ co2_kg: 2.35, co2_estimated: true, cost_eur: null });
  });
});

describe("pricerOf", () => {
  it("prices each reading as computeCost does (DST day, off-peak across midnight)", () => {
    const cons = curve("2026-03-28", "2026-03-31", (t) => (t / HALF_HOUR) % 17);
    const p = pricerOf(HPHC);
    let eur = 0;
    for (let i = 0; i < cons.t.length; i++) eur += (cons.wh[i] / 1000) * p.price(cons.t[i]).eurPerKwh!;
    const c = computeCost({ ...HPHC, readings: cons.t.map((t, i) => ({ start: t, wh: cons.wh[i] })), from: "2026-03-28", to: "2026-03-31" });
    expect(eur).toBeCloseTo(c.energyEur, 9);
    expect(p.price(parisDayStart("2026-03-29") + 5.5 * 3_600_000 - 3_600_000)).toMatchObject({ key: "hc" }); // 05:30 local on the 23-hour day
    expect(p.price(parisDayStart("2026-03-29") + 6 * 3_600_000 - 3_600_000)).toMatchObject({ key: "hp" }); // 06:00 local
  });
});

describe("inputs", () => {
  const q = energyQuerySchema("2026-11-23");
  it("reads the query with its defaults", () => {
    expect(q.parse({ from: "2026-11-01", to: "2026-11-02" })).toEqual({ from: "2026-11-01", to: "2026-11-02", bucket: "auto", compare: "none", max_points: 1500 });
    expect(q.safeParse({ from: "2026-11-01", to: "2027-11-23" }).success).toBe(true);
    expect(q.safeParse({ from: "2026-11-01", to: "2027-11-24" }).success).toBe(false);
    expect(q.safeParse({ from: "2016-11-01", to: "2026-11-01" }).success).toBe(true);
    expect(q.safeParse({ from: "2016-11-01", to: "2026-11-02" }).success).toBe(false);
  });

  it("off-peak ranges: half hours covered, across midnight", () => {
    expect(halfHoursOf({ from: "22:00", to: "06:00" })).toHaveLength(16);
    expect(halfHoursOf({ from: "12:30", to: "14:00" })).toEqual([25, 26, 27]);
    expect(halfHoursOf({ from: "00:00", to: "24:00" })).toHaveLength(48);
  });

  it.each([
    [{ offpeak: { ranges: [{ from: "22:00", to: "06:00" }, { from: "06:00", to: "07:00" }] } }, true],
    [{ offpeak: { ranges: [{ from: "22:00", to: "06:00" }, { from: "05:30", to: "07:00" }] } }, false],
    [{ offpeak: { ranges: [{ from: "23:00", to: "01:00" }, { from: "00:30", to: "02:00" }] } }, false],
    [{ offpeak: { ranges: [] } }, true],
    [{ tariff: "base", subscribed_kva: 36 }, true],
    [{ subscribed_kva: 6.5 }, false],
    [{}, true],
  ])("%j valid: %s", (body, ok) => {
    expect(meterTariffSchema.safeParse(body).success).toBe(ok);
  });
});
