// My Energy's rows and its "Download" CSV (lib/energy/period-table.ts): the columns shown, hourly
// buckets on the 2026 clock changes (23 and 25 rows, local stamps with their offsets), gaps as
// empty cells, the compared period's columns (padded when shorter), both dialects, the file name.
import { describe, expect, it } from "vitest";
import { bucketEdges } from "@/lib/energy/series";
import { columnsOf, periodCsv, periodCsvFilename, periodTable, type PeriodAnswer, type PeriodPoint } from "@/lib/energy/period-table";
import type { Bucket } from "@/lib/validation/energy";

const PRM = "24880057139941";
const iso = (t: number) => new Date(t).toISOString();
const lines = (s: string) => s.split("\r\n").slice(0, -1);

/** The buckets of [from, to) as the API cuts them, each filled by `fill(i)` (a gap by default). */
function series(from: string, to: string, bucket: Bucket, fill: (i: number) => Partial<PeriodPoint> = () => ({})): PeriodPoint[] {
  const edges = bucketEdges(from, to, bucket);
  return edges.slice(0, -1).map((t, i) => ({
    start: iso(t), end: iso(edges[i + 1]), consumption_kwh: null, production_kwh: null, cost_eur: null, co2_kg: null, complete: false, ...fill(i),
  }));
}

function answer(from: string, to: string, bucket: Bucket, over: Partial<PeriodAnswer> = {}, fill?: (i: number) => Partial<PeriodPoint>): PeriodAnswer {
  return { meter: { usage_point_id: PRM, producer: false }, from, to, bucket, series: series(from, to, bucket, fill), cost: null, carbon: { available: false }, compare: null, ...over };
}

describe("periodTable: the columns on screen", () => {
  it("consumption alone for a consumer without tariff; every series for a producer with tariff, comparison and carbon", () => {
    expect(periodTable(answer("2026-11-01", "2026-11-03", "day"), null).columns.map((c) => c.name)).toEqual(["consumption_kwh"]);
    const full = answer("2026-11-01", "2026-11-03", "day", {
      meter: { usage_point_id: PRM, producer: true },
      cost: {},
      carbon: { available: true },
      compare: { kind: "last_year", series: series("2025-11-01", "2025-11-03", "day") },
    });
    const t = periodTable(full, "Same period last year");
    expect(t.columns.map((c) => c.name)).toEqual(["consumption_kwh", "last_year_consumption_kwh", "production_kwh", "cost_eur", "last_year_cost_eur", "co2_kg"]);
    // the Energy panel's table and the Cost panel's, as the view showed them
    expect(columnsOf(t, "energy").map((c) => c.column.label)).toEqual(["Consumption (kWh)", "Same period last year (kWh)", "Production (kWh)", "Cost (€)", "CO₂ (kg)"]);
    expect(columnsOf(t, "cost").map((c) => c.column.label)).toEqual(["Cost (€)", "Same period last year (€)"]);
    // a comparison the view does not show (no label) has no columns
    expect(periodTable(full, null).columns.map((c) => c.key)).toEqual(["consumption", "production", "cost", "co2"]);
  });

  it("one row per bucket, partial only for a bucket holding some of its readings", () => {
    const t = periodTable(answer("2026-11-01", "2026-11-04", "day", {}, (i) => [{ consumption_kwh: 1, complete: true }, { consumption_kwh: 0.5 }, {}][i]), null);
    expect(t.rows.map((r) => [r.partial, r.values])).toEqual([[false, [1]], [true, [0.5]], [false, [null]]]);
  });
});

describe("periodCsv", () => {
  it("kg CO₂: the Carbon panel's table; in the file, whether each bucket's kg are estimated and the credit on every row", () => {
    const data = answer("2026-11-01", "2026-11-03", "day", { carbon: { available: true, credit: "Carbon intensity: Electricity Maps (ODbL)" } }, (i) =>
      [{ consumption_kwh: 12, co2_kg: 0.36, co2_estimated: false, complete: true }, { consumption_kwh: 10, co2_kg: 0.41, co2_estimated: true, complete: true }][i],
    );
    const t = periodTable(data, null);
    expect(columnsOf(t, "carbon").map((c) => c.column.label)).toEqual(["CO₂ (kg)"]);
    expect(lines(periodCsv(t, "fr"))).toEqual([
      "\uFEFFstart_local;end_local;consumption_kwh;co2_kg;partial;co2_estimated;co2_source",
      "2026-11-01T00:00:00+01:00;2026-11-02T00:00:00+01:00;12;0,36;false;false;Carbon intensity: Electricity Maps (ODbL)",
      "2026-11-02T00:00:00+01:00;2026-11-03T00:00:00+01:00;10;0,41;false;true;Carbon intensity: Electricity Maps (ODbL)",
    ]);
    // no carbon data: neither column
    expect(lines(periodCsv(periodTable(answer("2026-11-01", "2026-11-02", "day"), null), "en"))[0]).toBe("start_local,end_local,consumption_kwh,partial");
  });

  it("a 23-hour day (29 March 2026) in hours: 23 rows, 02:00 skipped, starts and ends with their offsets", () => {
    const csv = periodCsv(periodTable(answer("2026-03-29", "2026-03-30", "hour", {}, (i) => ({ consumption_kwh: 0.25 * i, complete: true })), null), "en");
    const rows = lines(csv);
    expect(rows[0]).toBe("start_local,end_local,consumption_kwh,partial");
    expect(rows).toHaveLength(1 + 23);
    expect(rows.slice(1, 5)).toEqual([
      "2026-03-29T00:00:00+01:00,2026-03-29T01:00:00+01:00,0,false",
      "2026-03-29T01:00:00+01:00,2026-03-29T03:00:00+02:00,0.25,false",
      "2026-03-29T03:00:00+02:00,2026-03-29T04:00:00+02:00,0.5,false",
      "2026-03-29T04:00:00+02:00,2026-03-29T05:00:00+02:00,0.75,false",
    ]);
    expect(rows[23]).toBe("2026-03-29T23:00:00+02:00,2026-03-30T00:00:00+02:00,5.5,false");
  });

  it("a 25-hour day (25 October 2026) in hours: 25 rows, the repeated 02:00 told apart by its offset", () => {
    const rows = lines(periodCsv(periodTable(answer("2026-10-25", "2026-10-26", "hour", {}, () => ({ consumption_kwh: 1, complete: true })), null), "en"));
    expect(rows).toHaveLength(1 + 25);
    expect(rows.slice(2, 5).map((r) => r.split(",")[0])).toEqual(["2026-10-25T01:00:00+02:00", "2026-10-25T02:00:00+02:00", "2026-10-25T02:00:00+01:00"]);
    expect(rows[25].split(",").slice(0, 2)).toEqual(["2026-10-25T23:00:00+01:00", "2026-10-26T00:00:00+01:00"]);
  });

  it("fr: BOM, `;`, decimal comma, the API's decimals (kWh 3, € 4); gaps as empty cells, never 0", () => {
    const data = answer("2026-11-01", "2026-11-04", "day", { meter: { usage_point_id: PRM, producer: true }, cost: {} }, (i) =>
      [
        { consumption_kwh: 12.345, production_kwh: 0, cost_eur: 2.3456, complete: true },
        {},
        { consumption_kwh: 3.5, production_kwh: null, cost_eur: 0.7, complete: false },
      ][i]);
    const csv = periodCsv(periodTable(data, null));
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(lines(csv.slice(1))).toEqual([
      "start_local;end_local;consumption_kwh;production_kwh;cost_eur;partial",
      "2026-11-01T00:00:00+01:00;2026-11-02T00:00:00+01:00;12,345;0;2,3456;false",
      "2026-11-02T00:00:00+01:00;2026-11-03T00:00:00+01:00;;;;false",
      "2026-11-03T00:00:00+01:00;2026-11-04T00:00:00+01:00;3,5;;0,7;true",
    ]);
  });

  it("a comparison: its consumption and € beside, its bucket's start last, padded with empty cells when shorter", () => {
    // November (30 days) against October (31): bucket i against bucket i, the longer compared series cut
    const nov = answer("2026-11-01", "2026-12-01", "day", { cost: {} }, () => ({ consumption_kwh: 2, cost_eur: 0.5, complete: true }));
    nov.compare = { kind: "previous", series: series("2026-10-01", "2026-11-01", "day", () => ({ consumption_kwh: 1.5, cost_eur: 0.25, complete: true })).slice(0, 30) };
    const rows = lines(periodCsv(periodTable(nov, "Previous period"), "en"));
    expect(rows[0]).toBe("start_local,end_local,consumption_kwh,previous_period_consumption_kwh,cost_eur,previous_period_cost_eur,partial,previous_period_start_local");
    expect(rows).toHaveLength(1 + 30);
    expect(rows[1]).toBe("2026-11-01T00:00:00+01:00,2026-11-02T00:00:00+01:00,2,1.5,0.5,0.25,false,2026-10-01T00:00:00+02:00");

    // October against September (30): the compared series padded with empty buckets (start "")
    const oct = answer("2026-10-01", "2026-11-01", "day", {}, () => ({ consumption_kwh: 2, complete: true }));
    const sept = series("2026-09-01", "2026-10-01", "day", () => ({ consumption_kwh: 1, complete: true }));
    oct.compare = { kind: "last_year", series: [...sept, { start: "", end: "", consumption_kwh: null, production_kwh: null, cost_eur: null, co2_kg: null, complete: false }] };
    const last = lines(periodCsv(periodTable(oct, "Same period last year"), "en")).at(-1);
    expect(last).toBe("2026-10-31T00:00:00+01:00,2026-11-01T00:00:00+01:00,2,,false,");
  });

  it("as many rows as the table, for every bucket size", () => {
    for (const [from, to, bucket, n] of [["2026-11-02", "2026-11-09", "30min", 336], ["2026-03-29", "2026-03-30", "30min", 46], ["2026-01-01", "2027-01-01", "month", 12]] as const) {
      const t = periodTable(answer(from, to, bucket), null);
      expect(t.rows).toHaveLength(n);
      expect(lines(periodCsv(t, "en"))).toHaveLength(n + 1);
    }
  });
});

describe("periodCsvFilename", () => {
  it("names the meter, the kinds, the days shown (both included) and the bucket", () => {
    expect(periodCsvFilename(answer("2026-11-01", "2026-12-01", "day"))).toBe(`foyer-${PRM}-consumption-2026-11-01_2026-11-30-day.csv`);
    expect(periodCsvFilename(answer("2026-03-29", "2026-03-30", "hour", { meter: { usage_point_id: PRM, producer: true } }))).toBe(
      `foyer-${PRM}-consumption-production-2026-03-29_2026-03-29-hour.csv`,
    );
  });
});
