// Grid carbon: the import of the bundled 2023 year (the real file, byte for byte), the rule that
// gives each half hour its intensity (measured, else the same month, day type and hour of the
// reference year), kg CO2 worked by hand, the household's and the grid's hours of the week, and
// ODRÉ's records API against its local fake (tests/fakes/odre.ts). Intensities other than the
// bundled file's are made up for the test.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARBON_DATA_DIR, GridIntensity, IntensitySpan, OdreCarbonSource, bundledGridIntensity, halfHoursOf, loadCarbonDatasets, type CarbonDataset } from "@/lib/energy/carbon";
import { CarbonImportError, detectFormat, importIntensity, parseBundled, seriesFacts, toBundledCsv } from "@/lib/energy/carbon-import";
import { gridCleanestHours, householdHours } from "@/lib/energy/carbon-calc";
import { dayTypeOf } from "@/lib/energy/day-type";
import { easterOf, frenchHolidays } from "@/lib/time/holidays";
import { buildSeries } from "@/lib/energy/series";
import { isoParis } from "@/lib/energy/export/format";
import { parisDayStart } from "@/lib/time/paris";
import { OdreFake } from "../fakes/odre";

const HH = 30 * 60_000;
const at = (iso: string) => new Date(iso);
const row = (iso: string, gPerKwh: number) => ({ start: at(iso), gPerKwh });
const FOLDER = path.join(CARBON_DATA_DIR, "fr-2023");
const read = (f: string) => fs.readFileSync(path.join(FOLDER, f), "utf8");

describe("importing a year (npm run carbon:import)", () => {
  const original = read("source.electricitymaps.csv");
  const bundled = read("intensity.csv");

  it("turns Electricity Maps' file into the bundled file byte for byte (the README's sha256)", () => {
    const s = importIntensity(original);
    expect(s.format).toBe("electricitymaps");
    expect(s.points).toHaveLength(8760);
    expect(s.providerEstimated).toBe(5);
    const text = toBundledCsv(s.points);
    expect(text).toBe(bundled);
    expect(crypto.createHash("sha256").update(text).digest("hex")).toBe("7e2e56de8d6a85007db3bf98f657485fa4843d3f6b1b926199862c2f3c210d6f");
  });

  it("writes the DST days in Paris time: no 02:00 on 26 March, two on 29 October", () => {
    const lines = bundled.split("\n");
    expect(lines.filter((l) => l.startsWith("2023-03-26T02:"))).toEqual([]);
    expect(lines.filter((l) => l.startsWith("2023-03-26T"))).toHaveLength(23);
    expect(lines.filter((l) => l.startsWith("2023-10-29T02:00:00"))).toEqual(["2023-10-29T02:00:00+02:00,7.01", "2023-10-29T02:00:00+01:00,6.75"]);
    expect(lines.filter((l) => l.startsWith("2023-10-29T"))).toHaveLength(25);
    // the first and last hours: the UTC year 2023
    expect(lines[1]).toBe("2023-01-01T01:00:00+01:00,35.34");
    expect(lines[8760]).toMatch(/^2024-01-01T00:00:00\+01:00,/);
  });

  it("dataset.json says what the file holds", () => {
    const meta = JSON.parse(read("dataset.json"));
    expect(meta).toMatchObject({ ...seriesFacts(importIntensity(bundled)), provider_estimated_rows: 5, licence: "ODbL", credit: "Carbon intensity: Electricity Maps (ODbL)", basis: "consumed" });
    expect(meta).toMatchObject({ rows: 8760, missing_rows: 0, mean_g_per_kwh: 30.43, min_g_per_kwh: 3.54, max_g_per_kwh: 126.78 });
    expect(fs.readFileSync(path.join(FOLDER, "LICENSE.md"), "utf8")).toContain("Open Database License");
  });

  it("reads an ODRÉ export (labels as header): quarter hours into half hours, zero and empty dropped, one Paris year", () => {
    const exported = [
      "Périmètre;Nature;Date;Heure;Date - Heure;Consommation (MW);Taux de CO2 (g/kWh)",
      "France;Données définitives;2022-12-31;23:45;2022-12-31T23:45:00+01:00;61000;39",
      "France;Données définitives;2023-01-01;00:00;2023-01-01T00:00:00+01:00;60000;40",
      "France;Données définitives;2023-01-01;00:15;2023-01-01T00:15:00+01:00;60000;",
      "France;Données définitives;2023-01-01;00:30;2023-01-01T00:30:00+01:00;60000;41",
      "France;Données définitives;2023-01-01;00:45;2023-01-01T00:45:00+01:00;60000;44",
      "France;Données définitives;2023-01-01;01:00;2023-01-01T01:00:00+01:00;60000;0",
      "France;Données définitives;2023-01-01;01:30;2023-01-01T01:30:00+01:00;60000;45",
    ].join("\n");
    const s = importIntensity(exported, 2023);
    expect(s).toMatchObject({ format: "rte", stepMinutes: 30, missing: 1 });
    expect(toBundledCsv(s.points)).toBe("datetime,gco2_per_kwh\n2023-01-01T00:00:00+01:00,40\n2023-01-01T00:30:00+01:00,42.5\n2023-01-01T01:30:00+01:00,45\n");
    expect(toBundledCsv(importIntensity("date_heure;taux_co2\n2023-06-01T12:00:00+00:00;20\n2023-06-01T12:15:00+00:00;21\n").points)).toBe("datetime,gco2_per_kwh\n2023-06-01T14:00:00+02:00,20.5\n");
  });

  it("reads RTE's annual file (tab, Paris wall-clock times): the repeated October hour in order", () => {
    const head = "Périmètre\tNature\tDate\tHeures\tConsommation\tTaux de Co2";
    const rows = [["01:30", 10], ["02:00", 11], ["02:30", 12], ["02:00", 13], ["02:30", 14], ["03:00", 15]].map(([h, g]) => `France\tDonnées définitives\t2023-10-29\t${h}\t50000\t${g}`);
    const s = importIntensity([head, ...rows, "RTE ne pourra être tenu responsable…"].join("\n"));
    expect(s.points.map((p) => [isoParis(p.t), p.g])).toEqual([
      ["2023-10-29T01:30:00+02:00", 10], ["2023-10-29T02:00:00+02:00", 11], ["2023-10-29T02:30:00+02:00", 12],
      ["2023-10-29T02:00:00+01:00", 13], ["2023-10-29T02:30:00+01:00", 14], ["2023-10-29T03:00:00+01:00", 15],
    ]);
  });

  it.each([
    ["an unknown header", "time,co2\n2023-01-01T00:00Z,40"],
    ["a repeated interval", "datetime,gco2_per_kwh\n2023-01-01T01:00:00+01:00,40\n2023-01-01T01:00:00+01:00,41"],
    ["rows out of order", "datetime,gco2_per_kwh\n2023-01-01T02:00:00+01:00,40\n2023-01-01T01:00:00+01:00,41"],
    ["a zero (a missing value must be absent)", "datetime,gco2_per_kwh\n2023-01-01T01:00:00+01:00,0"],
    ["a time off the hour", "datetime,gco2_per_kwh\n2023-01-01T01:15:00+01:00,40\n2023-01-01T02:15:00+01:00,40"],
    ["a malformed line", "datetime,gco2_per_kwh\n2023-01-01 01:00,40"],
    ["nothing", "datetime,gco2_per_kwh\n"],
  ])("refuses %s", (_, text) => {
    expect(() => importIntensity(text)).toThrow(CarbonImportError);
  });

  it("recognises each format by its header", () => {
    expect(detectFormat(original)).toBe("electricitymaps");
    expect(detectFormat(bundled)).toBe("bundled");
    expect(detectFormat("\uFEFFdate_heure;taux_co2\n")).toBe("rte");
    expect(parseBundled(bundled).stepMinutes).toBe(60);
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

});

describe("day types", () => {
  it("Easter and France's public holidays", () => {
    expect([2023, 2024, 2025, 2026].map(easterOf)).toEqual(["2023-04-09", "2024-03-31", "2025-04-20", "2026-04-05"]);
    expect(frenchHolidays(2026).map((h) => h.day)).toEqual(["2026-01-01", "2026-04-06", "2026-05-01", "2026-05-08", "2026-05-14", "2026-05-25", "2026-07-14", "2026-08-15", "2026-11-01", "2026-11-11", "2026-12-25"]);
    expect(["2026-12-07", "2026-12-05", "2026-12-06", "2026-12-25", "2026-05-14"].map(dayTypeOf)).toEqual(["workday", "saturday", "sunday_holiday", "sunday_holiday", "sunday_holiday"]);
  });
});

/** A made-up hourly dataset of Paris days [from, to) with the value `g(t)`. */
function dataset(from: string, to: string, g: (t: number) => number, step: 30 | 60 = 60): CarbonDataset {
  const points = [];
  for (let t = parisDayStart(from); t < parisDayStart(to); t += step * 60_000) points.push({ t, g: g(t) });
  return {
    meta: { id: "test", title: "Test", provider: "Test", licence: "Test", credit: "Carbon intensity: Test", source: "made up", url: "", basis: "consumed", step_minutes: step, first: isoParis(points[0].t), last: isoParis(points[points.length - 1].t), rows: points.length },
    points,
  };
}
const parisHour = (t: number) => Number(isoParis(t).slice(11, 13));

describe("which intensity a half hour gets", () => {
  it("measured: both half hours of an hour take its value; hours outside are estimated, never measured", () => {
    const grid = new GridIntensity([dataset("2023-06-01", "2023-06-02", (t) => 10 + parisHour(t))]);
    const span = grid.span("2023-05-31", "2023-06-03")!;
    const rows = span.rows();
    expect(rows).toHaveLength(3 * 48);
    const june1 = rows.filter((r) => r.start >= parisDayStart("2023-06-01") && r.start < parisDayStart("2023-06-02"));
    expect(june1.map((r) => r.g)).toEqual(Array.from({ length: 48 }, (_, i) => 10 + Math.floor(i / 2)));
    expect(june1.every((r) => !r.estimated)).toBe(true);
    expect(rows.filter((r) => r.estimated)).toHaveLength(96);
  });

  it("estimated: the reference year's mean for the same month, day type and Paris hour", () => {
    // January 2023: workdays 100 + hour, Saturdays 200 + hour, Sundays and 1 January 300 + hour, with a
    // spread within each cell (+0 on odd days, +4 on even days) so the mean is not any one day's value
    const g = (t: number) => {
      const day = isoParis(t).slice(0, 10);
      const base = { workday: 100, saturday: 200, sunday_holiday: 300 }[dayTypeOf(day)];
      return base + parisHour(t) + (Number(day.slice(8)) % 2 ? 0 : 4);
    };
    const grid = new GridIntensity([dataset("2023-01-01", "2023-02-01", g)]);
    const mean = (kind: string, h: number) => {
      const vals = [];
      for (let d = 1; d <= 31; d++) {
        const day = `2023-01-${String(d).padStart(2, "0")}`;
        if (dayTypeOf(day) === kind) vals.push(g(parisDayStart(day) + h * 3_600_000));
      }
      return vals.reduce((a, b) => a + b, 0) / vals.length;
    };
    const span = grid.span("2026-01-01", "2026-01-06")!; // Thu 1 (holiday), Fri 2, Sat 3, Sun 4, Mon 5
    const hourOf = (day: string, h: number) => span.at(parisDayStart(day) + h * 3_600_000)!;
    expect(hourOf("2026-01-01", 8)).toBeCloseTo(mean("sunday_holiday", 8), 9);
    expect(hourOf("2026-01-02", 8)).toBeCloseTo(mean("workday", 8), 9);
    expect(hourOf("2026-01-03", 19)).toBeCloseTo(mean("saturday", 19), 9);
    expect(hourOf("2026-01-04", 0)).toBeCloseTo(mean("sunday_holiday", 0), 9);
    expect(mean("workday", 8)).not.toBe(108);
    expect(Array.from(span.estimated).every((e) => e === 1)).toBe(true);
    // a month the reference year lacks: the mean of every value held
    expect(grid.span("2026-07-01", "2026-07-02")!.at(parisDayStart("2026-07-01"))).toBeCloseTo(averageOf(grid), 9);
  });

  it("the bundled year: July 2026's Wednesday 14:00 is 2023's July working days' 14:00 mean, from the file itself", () => {
    const lines = read("intensity.csv").trim().split("\n").slice(1);
    const vals = lines.filter((l) => /^2023-07-\d{2}T14:00/.test(l) && dayTypeOf(l.slice(0, 10)) === "workday").map((l) => Number(l.split(",")[1]));
    expect(vals).toHaveLength(20); // 21 weekdays, less 14 July
    const expected = vals.reduce((a, b) => a + b, 0) / vals.length;
    const grid = bundledGridIntensity();
    expect(grid.reference?.id).toBe("fr-2023");
    const span = grid.span("2026-07-15", "2026-07-16")!;
    expect(span.at(parisDayStart("2026-07-15") + 14 * 3_600_000)).toBeCloseTo(expected, 9);
    expect(span.at(parisDayStart("2026-07-15") + 14.5 * 3_600_000)).toBeCloseTo(expected, 9);
    // and 2023 itself is measured
    const measured = grid.span("2023-07-12", "2023-07-13")!;
    expect(measured.at(parisDayStart("2023-07-12") + 12 * 3_600_000)).toBe(37);
    expect(Array.from(measured.estimated).some((e) => e === 1)).toBe(false);
  });

  it("DST days: 46 and 50 half hours, each at its own Paris hour", () => {
    const grid = new GridIntensity([dataset("2023-03-01", "2023-04-01", (t) => parisHour(t) + 1), dataset("2023-10-01", "2023-11-01", (t) => parisHour(t) + 1)]);
    expect(grid.span("2026-03-29", "2026-03-30")!.g.length).toBe(46);
    const oct = grid.span("2026-10-25", "2026-10-26")!;
    expect(Array.from(oct.g).slice(0, 10)).toEqual([1, 1, 2, 2, 3, 3, 3, 3, 4, 4]);
    expect(Array.from(oct.hourOfWeek).slice(0, 10)).toEqual([144, 144, 145, 145, 146, 146, 146, 146, 147, 147]);
  });

  it("nothing bundled: no span at all (carbon.available is false)", () => {
    const none = new GridIntensity([]);
    expect(none.reference).toBeNull();
    expect(none.span("2026-01-01", "2026-01-02")).toBeNull();
    expect(loadCarbonDatasets(path.join(FOLDER, "no-such-folder"))).toEqual([]);
  });

  it("a bundled folder whose file disagrees with its dataset.json is refused, not half read", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carbon-"));
    try {
      fs.mkdirSync(path.join(dir, "bad"));
      fs.writeFileSync(path.join(dir, "bad", "dataset.json"), JSON.stringify({ ...JSON.parse(read("dataset.json")), rows: 8761 }));
      fs.copyFileSync(path.join(FOLDER, "intensity.csv"), path.join(dir, "bad", "intensity.csv"));
      expect(() => loadCarbonDatasets(dir)).toThrow(/says 8761 rows of 60 min, intensity.csv has 8760 of 60/);
      fs.writeFileSync(path.join(dir, "bad", "intensity.csv"), "datetime,gco2_per_kwh\n2023-01-01 01:00,40\n");
      expect(() => loadCarbonDatasets(dir)).toThrow(CarbonImportError);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

function averageOf(grid: GridIntensity) {
  // the mean of every half hour of the reference January, as the last fallback
  const s = grid.span("2023-01-01", "2023-02-01")!;
  return Array.from(s.g).reduce((a, b) => a + b, 0) / s.g.length;
}

describe("kg CO2 of a day worked by hand", () => {
  const curve = (from: string, to: string, wh: (t: number) => number) => {
    const t: number[] = [], w: number[] = [], step: number[] = [];
    for (let x = parisDayStart(from); x < parisDayStart(to); x += HH) {
      t.push(x);
      w.push(wh(x));
      step.push(30);
    }
    return { t, wh: w, step };
  };
  const series = (from: string, to: string, cons: ReturnType<typeof curve>, span: IntensitySpan | null, bucket: "hour" | "day" = "day") =>
    buildSeries({ from, to, bucket, consumption: cons, production: null, dailyConsumption: new Map(), dailyProduction: null, pricer: null, option: null, intensity: span, today: "2026-12-06" });

  it("500 Wh every half hour, the hour at 10 + h g/kWh: Σ 2 × 0.5 kWh × (10 + h) g = 0.516 kg", () => {
    const grid = new GridIntensity([dataset("2023-06-01", "2023-06-02", (t) => 10 + parisHour(t))]);
    const r = series("2023-06-01", "2023-06-02", curve("2023-06-01", "2023-06-02", () => 500), grid.span("2023-06-01", "2023-06-02"));
    expect(r.totals).toMatchObject({ consumption_kwh: 24, co2_kg: 0.516, co2_partial: false, co2_estimated: false });
    const hours = series("2023-06-01", "2023-06-02", curve("2023-06-01", "2023-06-02", () => 500), grid.span("2023-06-01", "2023-06-02"), "hour");
    // 07:00: 1 kWh × 17 g
    expect(hours.series[7]).toMatchObject({ consumption_kwh: 1, co2_kg: 0.017, co2_estimated: false });
  });

  it("the spring-forward day: 46 half hours of 100 Wh at 20 g is 92 g; a period into estimated days says so per bucket", () => {
    const grid = new GridIntensity([dataset("2023-03-26", "2023-03-27", () => 20)]);
    const r = series("2023-03-26", "2023-03-28", curve("2023-03-26", "2023-03-28", () => 100), grid.span("2023-03-26", "2023-03-28"));
    expect(r.series[0]).toMatchObject({ consumption_kwh: 4.6, co2_kg: 0.092, co2_estimated: false });
    expect(r.series[1]).toMatchObject({ consumption_kwh: 4.8, co2_estimated: true });
    expect(r.totals.co2_estimated).toBe(true);
  });

  it("without intensity: no kg anywhere (null, never 0)", () => {
    const r = series("2026-11-01", "2026-11-02", curve("2026-11-01", "2026-11-02", () => 100), null);
    expect(r.totals).toMatchObject({ co2_kg: null, co2_partial: false, co2_estimated: false });
    expect(r.series[0].co2_kg).toBeNull();
  });
});

describe("hours of the week", () => {
  // Monday 2026-11-02 and Tuesday 2026-11-03: intensity 10 + hour; the household uses 1 kWh per half
  // hour at 19:00-20:00 on Monday, 0.1 kWh at 03:00 on Tuesday, 0.5 kWh at 13:00 on Tuesday
  const grid = new GridIntensity([dataset("2026-11-02", "2026-11-04", (t) => 10 + parisHour(t))]);
  const span = grid.span("2026-11-02", "2026-11-04")!;
  const mon = parisDayStart("2026-11-02"), tue = parisDayStart("2026-11-03");
  const h = 3_600_000;
  const t = [mon + 19 * h, mon + 19.5 * h, tue + 3 * h, tue + 13 * h, tue + 13.5 * h, tue + 20 * h];
  const wh = [1000, 1000, 100, 500, 0, 0];

  it("the household's: the most and the fewest kg of its own consumption, hours it used nothing left out", () => {
    const r = householdHours(t, wh, span);
    expect(r.dirtiest.map((x) => [x.weekday, x.hour, x.kwh, +x.kg.toFixed(6), +x.gPerKwh.toFixed(6)])).toEqual([
      [1, 19, 2, 0.058, 29],
      [2, 13, 0.5, 0.0115, 23],
      [2, 3, 0.1, 0.0013, 13],
    ]);
    expect(r.cleanest.map((x) => [x.weekday, x.hour])).toEqual([[2, 3], [2, 13], [1, 19]]);
  });

  it("the grid's cleanest hours of the period's typical week", () => {
    expect(gridCleanestHours(span, mon, tue + 24 * h, 3).map((x) => [x.weekday, x.hour, x.gPerKwh])).toEqual([[1, 0, 10], [2, 0, 10], [1, 1, 11]]);
    expect(gridCleanestHours(span, tue, tue + 24 * h, 2).map((x) => [x.weekday, x.hour])).toEqual([[2, 0], [2, 1]]);
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
