// Grid carbon: the compact CSV, the bundled sample's mapping of other years, ODRÉ's records API
// (against tests/fakes/odre.ts), and the pure computations against hand-worked examples. Every
// intensity here is made up for the test: none is RTE's.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BundledCarbonSource,
  CarbonSourceError,
  OdreCarbonSource,
  bundledCarbonFile,
  carbonCsvFromOdreExport,
  halfHoursOf,
  parseCarbonCsv,
  toCarbonCsv,
} from "@/lib/energy/carbon";
import { bucketEnd, carbonOf, cleanestAndDirtiestHours, parisMondayOf, type IntensityRow } from "@/lib/energy/carbon-calc";
import { addDays, parisDayStart, parisWall } from "@/lib/integrations/linky/time";
import { OdreFake } from "../fakes/odre";

const HH = 30 * 60_000;
const at = (iso: string) => new Date(iso);
const row = (iso: string, gPerKwh: number): IntensityRow => ({ start: at(iso), gPerKwh });
const isoMin = (t: number) => new Date(t).toISOString().slice(0, 16) + "Z";

/** the half hours of Paris day `day`, with their wall-clock time and their rank among that wall time's instants */
function halfHoursOfDay(day: string) {
  const out: { t: number; h: number; mi: number; index: number; repeat: number }[] = [];
  const seen = new Map<string, number>();
  const end = parisDayStart(addDays(day, 1));
  for (let t = parisDayStart(day), i = 0; t < end; t += HH, i++) {
    const w = parisWall(t);
    const k = `${w.h}:${w.mi}`;
    seen.set(k, (seen.get(k) ?? 0) + 1);
    out.push({ t, h: w.h, mi: w.mi, index: i, repeat: seen.get(k)! - 1 });
  }
  return out;
}

describe("compact CSV", () => {
  it("reads and writes start,g_per_kwh rows", () => {
    const rows = parseCarbonCsv("start,g_per_kwh\n2023-01-01T00:00Z,40\n2023-01-01T00:30Z,42.5\n\n");
    expect(rows).toEqual([row("2023-01-01T00:00Z", 40), row("2023-01-01T00:30Z", 42.5)]);
    expect(toCarbonCsv(rows)).toBe("start,g_per_kwh\n2023-01-01T00:00Z,40\n2023-01-01T00:30Z,42.5\n");
  });

  it.each([
    ["a wrong header", "time,co2\n2023-01-01T00:00Z,40"],
    ["a start off the half hour", "start,g_per_kwh\n2023-01-01T00:15Z,40"],
    ["a zero (a missing value must be absent)", "start,g_per_kwh\n2023-01-01T00:00Z,0"],
    ["an empty value", "start,g_per_kwh\n2023-01-01T00:00Z,"],
    ["a repeated start", "start,g_per_kwh\n2023-01-01T00:00Z,40\n2023-01-01T00:00Z,41"],
    ["rows out of order", "start,g_per_kwh\n2023-01-01T00:30Z,40\n2023-01-01T00:00Z,41"],
  ])("refuses %s", (_, text) => {
    expect(() => parseCarbonCsv(text)).toThrow(CarbonSourceError);
  });

  it("averages quarter hours into half hours and drops zero and empty values", () => {
    const q = (iso: string, g: number | null) => ({ at: Date.parse(iso), g });
    expect(
      halfHoursOf([
        q("2024-07-03T00:00Z", 10),
        q("2024-07-03T00:15Z", 20), // 00:00 → 15
        q("2024-07-03T00:30Z", null),
        q("2024-07-03T00:45Z", 13), // 00:30 → 13 (one quarter)
        q("2024-07-03T01:00Z", 0),
        q("2024-07-03T01:15Z", 0), // 01:00 → absent, not zero
        q("2024-07-03T01:30Z", 12), // older data: one value per half hour
      ]),
    ).toEqual([
      { start: Date.parse("2024-07-03T00:00Z"), gPerKwh: 15 },
      { start: Date.parse("2024-07-03T00:30Z"), gPerKwh: 13 },
      { start: Date.parse("2024-07-03T01:30Z"), gPerKwh: 12 },
    ]);
  });

  it("makes the sample from an ODRÉ export (labels as header), keeping one Paris year", () => {
    const exported = [
      "Périmètre;Nature;Date;Heure;Date - Heure;Consommation (MW);Taux de CO2 (g/kWh)",
      "France;Données définitives;2022-12-31;23:45;2022-12-31T23:45:00+01:00;61000;39",
      "France;Données définitives;2023-01-01;00:00;2023-01-01T00:00:00+01:00;60000;40",
      "France;Données définitives;2023-01-01;00:15;2023-01-01T00:15:00+01:00;60000;",
      "France;Données définitives;2023-01-01;00:30;2023-01-01T00:30:00+01:00;60000;41",
      "France;Données définitives;2023-01-01;00:45;2023-01-01T00:45:00+01:00;60000;44",
      "France;Données définitives;2023-01-01;01:00;2023-01-01T01:00:00+01:00;60000;0",
    ].join("\n");
    expect(carbonCsvFromOdreExport(exported, 2023)).toBe("start,g_per_kwh\n2022-12-31T23:00Z,40\n2022-12-31T23:30Z,42.5\n");
    const byFieldNames = "date_heure;taux_co2\n2023-06-01T12:00:00+00:00;20\n2023-06-01T12:15:00+00:00;21\n";
    expect(carbonCsvFromOdreExport(byFieldNames)).toBe("start,g_per_kwh\n2023-06-01T12:00Z,20.5\n");
    expect(() => carbonCsvFromOdreExport("Date;Consommation\n2023-01-01;1")).toThrow(CarbonSourceError);
  });
});

describe("the bundled sample", () => {
  // a made-up sample: Monday 9 January 2023 (100 + half hour of the day, local 11:00 missing)
  // and Wednesday 12 July 2023 (10 + half hour of the day)
  const winter = halfHoursOfDay("2023-01-09").filter((h) => !(h.h === 11 && h.mi === 0)).map((h) => ({ start: h.t, gPerKwh: 100 + h.index }));
  const summer = halfHoursOfDay("2023-07-12").map((h) => ({ start: h.t, gPerKwh: 10 + h.index }));
  const csv = toCarbonCsv([...winter, ...summer]);
  const source = new BundledCarbonSource(csv);

  it("reads a half hour inside the sample as it is", async () => {
    // Paris 10:00 in January is 09:00Z: the 20th half hour of the day
    expect(await source.intensity(at("2023-01-09T09:00Z"), at("2023-01-09T10:00Z"))).toEqual([row("2023-01-09T09:00Z", 120), row("2023-01-09T09:30Z", 121)]);
    expect(source.range()).toEqual({ first: at("2023-01-08T23:00Z"), last: at("2023-07-12T21:30Z") });
  });

  it("reads another year from the same weekday and Paris wall-clock time of the sample", async () => {
    // Monday 12 January 2026 10:00 Paris → 12 January 2023 is a Thursday → Monday 9 January 10:00
    expect(await source.intensity(at("2026-01-12T09:00Z"), at("2026-01-12T09:30Z"))).toEqual([row("2026-01-12T09:00Z", 120)]);
    // Wednesday 15 July 2026 12:00 Paris (10:00Z, summer time) → Wednesday 12 July 2023 12:00 Paris: the 24th half hour
    expect(await source.intensity(at("2026-07-15T10:00Z"), at("2026-07-15T10:30Z"))).toEqual([row("2026-07-15T10:00Z", 34)]);
    // years before the sample too: Monday 9 January 2017 00:00 Paris → Monday 9 January 2023 00:00
    expect(source.sampleInstantOf(Date.parse("2017-01-08T23:00Z"))).toBe(Date.parse("2023-01-08T23:00Z"));
  });

  it("keeps the first and the second of the repeated October hour apart", async () => {
    // Sunday 29 October 2023 (fall-back day, 50 half hours): value = half hour of the day
    const october = new BundledCarbonSource(toCarbonCsv(halfHoursOfDay("2023-10-29").map((h) => ({ start: h.t, gPerKwh: 1 + h.index }))));
    // Sunday 25 October 2026: 02:00 summer time is 00:00Z, 02:00 winter time 01:00Z; so in 2023
    // (day from 22:00Z): the 5th and the 7th half hours
    expect(await october.intensity(at("2026-10-25T00:00Z"), at("2026-10-25T01:30Z"))).toEqual([row("2026-10-25T00:00Z", 5), row("2026-10-25T00:30Z", 6), row("2026-10-25T01:00Z", 7)]);
  });

  it("maps the spring-forward day to a plain sample day by wall-clock time", async () => {
    // a sample of one plain Sunday, 19 March 2023 (value = 1 + half hour of the day)
    const march = new BundledCarbonSource(toCarbonCsv(halfHoursOfDay("2023-03-19").map((h) => ({ start: h.t, gPerKwh: 1 + h.index }))));
    // Sunday 29 March 2026 (46 half hours): 01:30 Paris (00:30Z) → 01:30, the 4th half hour;
    // 03:00 summer time (01:00Z), right after the skipped hour → 03:00, the 7th
    expect(await march.intensity(at("2026-03-29T00:30Z"), at("2026-03-29T01:30Z"))).toEqual([row("2026-03-29T00:30Z", 4), row("2026-03-29T01:00Z", 7)]);
  });

  it("leaves out the sample's missing half hours and days it lacks, never as zero", async () => {
    // Monday 12 January 2026 10:00-12:00 Paris: local 11:00 is missing in the sample
    const rows = await source.intensity(at("2026-01-12T09:00Z"), at("2026-01-12T11:00Z"));
    expect(rows.map((r) => [isoMin(r.start.getTime()), r.gPerKwh])).toEqual([
      ["2026-01-12T09:00Z", 120],
      ["2026-01-12T09:30Z", 121],
      ["2026-01-12T10:30Z", 123],
    ]);
    // a Thursday maps to a Thursday, which this sample does not hold
    expect(await source.intensity(at("2026-01-15T09:00Z"), at("2026-01-15T12:00Z"))).toEqual([]);
  });

  it("reads the CSV once", async () => {
    let reads = 0;
    const counted = new BundledCarbonSource(() => {
      reads += 1;
      return csv;
    });
    await counted.intensity(at("2023-01-09T09:00Z"), at("2023-01-09T10:00Z"));
    await counted.intensity(at("2026-01-12T09:00Z"), at("2026-01-12T10:00Z"));
    expect(reads).toBe(1);
  });

  it("finds the newest carbon-fr-<year>.csv, and says so when none is bundled", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-"));
    try {
      expect(bundledCarbonFile(dir)).toBeNull();
      fs.writeFileSync(path.join(dir, "carbon-fr-2022.csv"), "start,g_per_kwh\n");
      fs.writeFileSync(path.join(dir, "carbon-fr-2023.csv"), "start,g_per_kwh\n");
      fs.writeFileSync(path.join(dir, "tempo-sample.json"), "{}");
      expect(bundledCarbonFile(dir)).toBe(path.join(dir, "carbon-fr-2023.csv"));
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
    await expect(new BundledCarbonSource("start,g_per_kwh\n").intensity(at("2023-01-01T00:00Z"), at("2023-01-02T00:00Z"))).rejects.toMatchObject({ kind: "no_sample" });
  });
});

describe("carbonOf", () => {
  it("30-minute readings: each half hour at its own intensity, a missing one reported apart", () => {
    const out = carbonOf(
      [
        { start: at("2026-01-12T00:00Z"), wh: 1000 },
        { start: at("2026-01-12T00:30Z"), wh: 500 },
        { start: at("2026-01-12T01:00Z"), wh: 2000 },
      ],
      [row("2026-01-12T00:00Z", 50), row("2026-01-12T00:30Z", 100)],
    );
    // 1 kWh × 50 g + 0.5 kWh × 100 g = 100 g; the last 2 kWh have no intensity
    expect(out.kg).toBeCloseTo(0.1, 12);
    expect(out).toMatchObject({ wh: 3500, whWithIntensity: 1500, whWithoutIntensity: 2000, partial: true });
    expect(out.buckets.map((b) => [b.kg, b.partial])).toEqual([
      [0.05, false],
      [0.05, false],
      [null, true],
    ]);
    expect(out.buckets[2]).toMatchObject({ kg: null, gPerKwh: null, halfHours: 1, halfHoursWithIntensity: 0, whWithoutIntensity: 2000 });
  });

  it("an hour: 600 Wh over 30 then 60 g/kWh is 27 g", () => {
    const out = carbonOf([{ start: at("2026-01-12T10:00Z"), wh: 600 }], [row("2026-01-12T10:00Z", 30), row("2026-01-12T10:30Z", 60)], "hour");
    expect(out.kg).toBeCloseTo(0.027, 12);
    expect(out.buckets[0]).toMatchObject({ halfHours: 2, gPerKwh: 45, partial: false });
  });

  it("the spring-forward day has 46 half hours: 4.6 kWh at 20 g is 92 g", () => {
    const start = parisDayStart("2026-03-29");
    expect(new Date(start).toISOString()).toBe("2026-03-28T23:00:00.000Z");
    const intensity = Array.from({ length: 46 }, (_, i) => ({ start: new Date(start + i * HH), gPerKwh: 20 }));
    const out = carbonOf([{ start: new Date(start), wh: 4600 }], intensity, "day");
    expect(out.buckets[0]).toMatchObject({ halfHours: 46, halfHoursWithIntensity: 46, partial: false });
    expect(out.kg).toBeCloseTo(0.092, 12);
  });

  it("the fall-back day has 50 half hours: 25 at 10 g and 25 at 30 g over 5 kWh is 100 g", () => {
    const start = parisDayStart("2026-10-25");
    const intensity = Array.from({ length: 50 }, (_, i) => ({ start: new Date(start + i * HH), gPerKwh: i < 25 ? 10 : 30 }));
    const out = carbonOf([{ start: new Date(start), wh: 5000 }], intensity, "day");
    // 100 Wh a half hour: 25 × 0.1 kWh × 10 g + 25 × 0.1 kWh × 30 g = 25 + 75 g
    expect(out.buckets[0]).toMatchObject({ halfHours: 50, gPerKwh: 20 });
    expect(out.kg).toBeCloseTo(0.1, 12);
  });

  it("a day missing two half hours is partial: 46 × 0.1 kWh × 40 g = 184 g, 200 Wh without intensity", () => {
    const start = parisDayStart("2026-01-12");
    const intensity = Array.from({ length: 48 }, (_, i) => ({ start: new Date(start + i * HH), gPerKwh: 40 })).filter((_, i) => i !== 10 && i !== 11);
    const out = carbonOf([{ start: new Date(start), wh: 4800 }], intensity, "day");
    expect(out.kg).toBeCloseTo(0.184, 12);
    expect(out.whWithoutIntensity).toBeCloseTo(200, 9);
    expect(out.buckets[0]).toMatchObject({ halfHours: 48, halfHoursWithIntensity: 46, gPerKwh: 40, partial: true });
  });

  it("months end at the next Paris month: March 2026 has 1,486 half hours, October 1,490", () => {
    const march = parisDayStart("2026-03-01");
    const october = parisDayStart("2026-10-01");
    expect((bucketEnd(march, "month") - march) / HH).toBe(31 * 48 - 2);
    expect((bucketEnd(october, "month") - october) / HH).toBe(31 * 48 + 2);
    expect(carbonOf([{ start: new Date(march), wh: 1486 }], [], "month").buckets[0]).toMatchObject({ halfHours: 1486, kg: null, partial: true, whWithoutIntensity: 1486 });
  });

  it("no energy is no carbon, whatever the intensity", () => {
    expect(carbonOf([{ start: at("2026-01-12T00:00Z"), wh: 0 }], [])).toMatchObject({ kg: 0, partial: false, buckets: [{ kg: 0, partial: false }] });
  });
});

describe("cleanestAndDirtiestHours", () => {
  /** every half hour of the Paris week from `monday` at `g`, then `change` may alter or drop (undefined) each */
  function week(monday: string, change: (h: { day: number; h: number; mi: number; repeat: number }) => number | undefined = () => 10) {
    const rows: IntensityRow[] = [];
    for (let d = 0; d < 7; d++)
      for (const h of halfHoursOfDay(addDays(monday, d))) {
        const g = change({ day: d + 1, h: h.h, mi: h.mi, repeat: h.repeat });
        if (g !== undefined) rows.push({ start: new Date(h.t), gPerKwh: g });
      }
    return rows;
  }

  it("ranks Paris hours of the week; the repeated October hour is one hour of four half hours", () => {
    const rows = week("2026-10-19", ({ day, h, mi, repeat }) => {
      if (day === 2 && h === 3) return mi === 0 ? 2 : 4; // Tuesday 03:00 → 3
      if (day === 3 && h === 18) return 90; // Wednesday 18:00 → 90
      if (day === 7 && h === 2) return repeat === 0 ? 5 : 7; // Sunday 02:00, twice → 6
      if (day === 4 && h === 12) return undefined; // Thursday 12:00 missing
      if (day === 5 && h === 8 && mi === 30) return undefined; // Friday 08:00 half there
      return 10;
    });
    // a row of the week before is not this week's
    rows.unshift(row("2026-10-18T10:00Z", 1));
    const out = cleanestAndDirtiestHours(rows, at("2026-10-22T12:00Z"), 2);
    expect(out.cleanest.map((h) => [h.weekday, h.hour, h.gPerKwh])).toEqual([
      [2, 3, 3],
      [7, 2, 6],
    ]);
    expect(out.dirtiest.map((h) => [h.weekday, h.hour, h.gPerKwh])).toEqual([
      [3, 18, 90],
      [1, 0, 10],
    ]);
    expect(out.hours).toHaveLength(167);
    expect(out.hours.find((h) => h.weekday === 7 && h.hour === 2)).toMatchObject({ halfHours: 4, partial: false });
    expect(out.hours.find((h) => h.weekday === 5 && h.hour === 8)).toMatchObject({ halfHours: 1, partial: true, gPerKwh: 10 });
    expect(out.hours.find((h) => h.weekday === 4 && h.hour === 12)).toBeUndefined();
    expect(out).toMatchObject({ missingHours: 1, partial: true });
  });

  it("the spring-forward week has 167 hours and none missing", () => {
    const rows = week("2026-03-23", ({ day, h }) => (day === 6 && h === 14 ? 55 : 10));
    const out = cleanestAndDirtiestHours(rows, at("2026-03-29T12:00Z"), 1);
    expect(out.hours).toHaveLength(167);
    expect(out.hours.find((h) => h.weekday === 7 && h.hour === 2)).toBeUndefined();
    expect(out).toMatchObject({ missingHours: 0, partial: false });
    expect(out.dirtiest[0]).toMatchObject({ weekday: 6, hour: 14, gPerKwh: 55 });
    expect(parisMondayOf(Date.parse("2026-03-29T21:00Z"))).toBe("2026-03-23");
  });

  it("without a week, a typical week over every row", () => {
    const rows = [...week("2026-01-05", ({ day, h }) => (day === 1 && h === 0 ? 10 : 50)), ...week("2026-01-12", ({ day, h }) => (day === 1 && h === 0 ? 30 : 50))];
    const out = cleanestAndDirtiestHours(rows, null, 1);
    expect(out.cleanest).toEqual([{ weekday: 1, hour: 0, gPerKwh: 20, halfHours: 4, partial: false }]);
    expect(out).toMatchObject({ missingHours: 0, partial: false });
    expect(cleanestAndDirtiestHours(rows.slice(0, 10), null)).toMatchObject({ missingHours: 163, partial: true });
  });
});

describe("ODRÉ records API (local fake)", () => {
  const fake = new OdreFake();
  beforeAll(async () => {
    await fake.start();
  });
  afterAll(async () => {
    await fake.stop();
  });

  const quarters = (fromIso: string, n: number, g: (i: number) => number | null) =>
    Array.from({ length: n }, (_, i) => ({ date_heure: new Date(Date.parse(fromIso) + i * 15 * 60_000).toISOString().replace(".000Z", "+00:00"), taux_co2: g(i) }));

  it("reads quarter hours page by page and averages them into half hours", async () => {
    fake.seen.length = 0;
    // two days of quarter hours: 20, 21, 22, 23, ... (half hours 20.5, 22.5); quarter 5 null;
    // the half hour of quarters 10-11 is zero (absent)
    fake.records["eco2mix-national-tr"] = quarters("2026-11-20T00:00:00Z", 192, (i) => (i === 5 ? null : i === 10 || i === 11 ? 0 : 20 + (i % 4)));
    const source = new OdreCarbonSource({ origin: fake.origin });
    const rows = await source.intensity(at("2026-11-20T00:00Z"), at("2026-11-22T00:00Z"));
    expect(rows).toHaveLength(95);
    expect(rows.slice(0, 4)).toEqual([row("2026-11-20T00:00Z", 20.5), row("2026-11-20T00:30Z", 22.5), row("2026-11-20T01:00Z", 20), row("2026-11-20T01:30Z", 22.5)]);
    expect(rows.find((r) => r.start.getTime() === Date.parse("2026-11-20T02:30Z"))).toBeUndefined();
    expect(fake.seen).toHaveLength(2);
    const q = fake.seen[0].query;
    expect(fake.seen[0].path).toBe("/api/explore/v2.1/catalog/datasets/eco2mix-national-tr/records");
    expect(Object.fromEntries(q)).toEqual({
      select: "date_heure,taux_co2",
      where: "date_heure >= date'2026-11-20T00:00:00Z' AND date_heure < date'2026-11-22T00:00:00Z'",
      order_by: "date_heure",
      limit: "100",
      offset: "0",
      timezone: "UTC",
    });
    expect(fake.seen[1].query.get("offset")).toBe("100");
  });

  it("cuts long ranges into 7-day windows and reads the consolidated dataset's half hours", async () => {
    fake.seen.length = 0;
    fake.records["eco2mix-national-cons-def"] = Array.from({ length: 4 }, (_, i) => ({ date_heure: new Date(Date.parse("2023-01-01T00:00:00Z") + i * HH).toISOString(), taux_co2: 40 + i }));
    const source = new OdreCarbonSource({ origin: fake.origin, dataset: "eco2mix-national-cons-def" });
    const rows = await source.intensity(at("2022-12-25T00:00Z"), at("2023-01-05T00:00Z"));
    expect(rows).toEqual([row("2023-01-01T00:00Z", 40), row("2023-01-01T00:30Z", 41), row("2023-01-01T01:00Z", 42), row("2023-01-01T01:30Z", 43)]);
    expect(fake.seen.map((s) => s.query.get("where"))).toEqual([
      "date_heure >= date'2022-12-25T00:00:00Z' AND date_heure < date'2023-01-01T00:00:00Z'",
      "date_heure >= date'2023-01-01T00:00:00Z' AND date_heure < date'2023-01-05T00:00:00Z'",
    ]);
  });

  it.each([
    [{ status: 503, body: "<html>Maintenance</html>" }, "unavailable"],
    [{ status: 400, body: { error_code: "ODSQLError", message: "bad where" } }, "bad_request"],
    [{ status: 200, body: "<html>not json</html>" }, "malformed"],
    [{ status: 200, body: { results: [] } }, "malformed"],
    [{ status: 200, body: { total_count: 1, results: [{ date_heure: "2026-11-20T00:00:00+00:00", taux_co2: "13" }] } }, "malformed"],
  ])("classifies %j as %s", async (failWith, kind) => {
    fake.failWith = failWith;
    try {
      await expect(new OdreCarbonSource({ origin: fake.origin }).intensity(at("2026-11-20T00:00Z"), at("2026-11-20T01:00Z"))).rejects.toMatchObject({ name: "CarbonSourceError", kind });
    } finally {
      fake.failWith = null;
    }
  });

  it("an unreachable ODRÉ is unavailable", async () => {
    const closed = new OdreFake();
    await closed.start();
    await closed.stop();
    await expect(new OdreCarbonSource({ origin: closed.origin, timeoutMs: 2000 }).intensity(at("2026-11-20T00:00Z"), at("2026-11-20T01:00Z"))).rejects.toMatchObject({ kind: "unavailable" });
  });
});
