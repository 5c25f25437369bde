// What My Energy shows for a period, as rows: one row per bucket, one column per series on screen.
// The view's Table and its "Download" (CSV) are both built from `periodTable`, so the file holds
// the numbers the table and the charts show, no more, no fewer. Pure: no React, no browser, no
// server; the CSV follows the exports' dialects (lib/energy/export/csv.ts).
import type { Bucket } from "@/lib/validation/energy";
import { CSV_BOM, CSV_EOL, CSV_SEPARATOR, csvNumber, csvText, type CsvDialect } from "./export/csv";
import { isoParis } from "./export/format";

/** A bucket of `GET /api/v1/meters/{id}/energy` (the fields the view shows). */
export type PeriodPoint = {
  start: string;
  end: string;
  consumption_kwh: number | null;
  production_kwh: number | null;
  cost_eur: number | null;
  co2_kg: number | null;
  /** some of the bucket's kg come from estimated intensities */
  co2_estimated?: boolean;
  complete: boolean;
};

/** The part of the energy answer the rows come from (the API's answer fits it as it is). */
export type PeriodAnswer = {
  meter: { usage_point_id: string; producer: boolean };
  from: string;
  to: string;
  bucket: Bucket;
  series: PeriodPoint[];
  /** null when the meter has no tariff: no € anywhere */
  cost: object | null;
  carbon: { available: boolean; credit?: string | null };
  compare: { kind: "previous" | "last_year"; series: PeriodPoint[] } | null;
};

type PeriodColumnKey = "consumption" | "compared_consumption" | "production" | "cost" | "compared_cost" | "co2";
export type PeriodUnit = "kWh" | "€" | "kg";

export type PeriodColumn = {
  key: PeriodColumnKey;
  /** the table's header, "Consumption (kWh)", "Same period last year (€)" */
  label: string;
  /** the CSV's header, stable for programs: `consumption_kwh`, `last_year_cost_eur` */
  name: string;
  unit: PeriodUnit;
  /** the view's tables showing it: the Energy panel's, the Cost panel's (€ are in both), the Carbon panel's (kg are in both) */
  tables: ("energy" | "cost" | "carbon")[];
};

type PeriodRow = {
  start: string;
  end: string;
  /** some but not all of the bucket's readings held (the table says "(partial)") */
  partial: boolean;
  /** the compared bucket's start, null without a comparison or past the compared period's end */
  comparedStart: string | null;
  /** one per column, null where nothing is held (a gap: never 0) */
  values: (number | null)[];
  /** with a CO₂ column: whether the bucket's kg are (partly) estimated */
  co2Estimated: boolean | null;
};

export type PeriodTable = {
  bucket: Bucket;
  compareKind: "previous" | "last_year" | null;
  columns: PeriodColumn[];
  rows: PeriodRow[];
  /** with a CO₂ column: the credit its data's licence asks for ("Carbon intensity: Electricity Maps (ODbL)") */
  co2Credit: string | null;
};

/** The CSV's name of a compared series: `previous_period_consumption_kwh`, `last_year_cost_eur`. */
const COMPARED_PREFIX = { previous: "previous_period_", last_year: "last_year_" } as const;
/** Decimals the API gives: kWh and kg to 3, € per bucket to 4. */
const DECIMALS: Record<PeriodUnit, number> = { kWh: 3, "€": 4, kg: 3 };

/**
 * The period's rows and the columns on screen: consumption, the compared period's (when a
 * comparison is shown), production (a producing meter), € and the compared € (a meter with a
 * tariff), kg CO2 (when carbon intensity is known). `comparedLabel` is the view's name of the
 * comparison; null hides it, as the view does while the answer holds none.
 */
export function periodTable(data: PeriodAnswer, comparedLabel: string | null): PeriodTable {
  const s = data.series;
  const cmp = data.compare && comparedLabel ? data.compare : null;
  const prefix = cmp ? COMPARED_PREFIX[cmp.kind] : "";
  const columns: (PeriodColumn & { of: (i: number) => number | null })[] = [];
  const add = (c: PeriodColumn, of: (i: number) => number | null) => columns.push({ ...c, of });

  add({ key: "consumption", label: "Consumption (kWh)", name: "consumption_kwh", unit: "kWh", tables: ["energy"] }, (i) => s[i].consumption_kwh);
  if (cmp) add({ key: "compared_consumption", label: `${comparedLabel} (kWh)`, name: `${prefix}consumption_kwh`, unit: "kWh", tables: ["energy"] }, (i) => cmp.series[i]?.consumption_kwh ?? null);
  if (data.meter.producer) add({ key: "production", label: "Production (kWh)", name: "production_kwh", unit: "kWh", tables: ["energy"] }, (i) => s[i].production_kwh);
  if (data.cost) {
    add({ key: "cost", label: "Cost (€)", name: "cost_eur", unit: "€", tables: ["energy", "cost"] }, (i) => s[i].cost_eur);
    if (cmp) add({ key: "compared_cost", label: `${comparedLabel} (€)`, name: `${prefix}cost_eur`, unit: "€", tables: ["cost"] }, (i) => cmp.series[i]?.cost_eur ?? null);
  }
  if (data.carbon.available) add({ key: "co2", label: "CO₂ (kg)", name: "co2_kg", unit: "kg", tables: ["energy", "carbon"] }, (i) => s[i].co2_kg);

  return {
    bucket: data.bucket,
    compareKind: cmp ? cmp.kind : null,
    columns: columns.map(({ of: _of, ...c }) => c),
    co2Credit: data.carbon.available ? (data.carbon.credit ?? null) : null,
    rows: s.map((p, i) => ({
      start: p.start,
      end: p.end,
      partial: !p.complete && p.consumption_kwh !== null,
      // the compared series is padded with empty buckets (start "") when it is the shorter
      comparedStart: cmp ? cmp.series[i]?.start || null : null,
      values: columns.map((c) => c.of(i) ?? null),
      co2Estimated: data.carbon.available ? p.co2_estimated === true : null,
    })),
  };
}

/** The columns one of the view's tables shows, with their index in each row's `values`. */
export function columnsOf(table: PeriodTable, which: "energy" | "cost" | "carbon"): { column: PeriodColumn; index: number }[] {
  return table.columns.flatMap((column, index) => (column.tables.includes(which) ? [{ column, index }] : []));
}

/**
 * The rows as CSV in one of the exports' dialects (`fr`: BOM, `;`, decimal comma; `en`: `,`, point;
 * CRLF both): `start_local;end_local` (Paris time with its offset, so the repeated October hour is
 * unambiguous), the columns' values with the API's decimals (an empty cell where nothing is held,
 * never 0), `partial` (`true`/`false`), with a comparison the compared bucket's start, and with
 * kg CO₂ `co2_estimated` (`true` where the grid's intensity was estimated) and `co2_source`, the
 * credit the carbon data's licence asks for, on every row.
 */
export function periodCsv(table: PeriodTable, dialect: CsvDialect = "fr"): string {
  const sep = CSV_SEPARATOR[dialect];
  if (!sep) throw new RangeError(`unknown CSV dialect ${dialect}`);
  const comparedStart = table.compareKind ? [`${COMPARED_PREFIX[table.compareKind]}start_local`] : [];
  const co2 = table.columns.some((c) => c.key === "co2");
  const head = ["start_local", "end_local", ...table.columns.map((c) => c.name), "partial", ...comparedStart, ...(co2 ? ["co2_estimated", "co2_source"] : [])];
  const credit = co2 && table.co2Credit ? csvText(table.co2Credit, sep) : "";
  let out = (dialect === "fr" ? CSV_BOM : "") + head.join(sep) + CSV_EOL;
  const decimals = table.columns.map((c) => DECIMALS[c.unit]);
  for (const r of table.rows) {
    const cells = [isoParis(Date.parse(r.start)), isoParis(Date.parse(r.end))];
    r.values.forEach((v, i) => cells.push(v === null ? "" : csvNumber(v, dialect, decimals[i])));
    cells.push(r.partial ? "true" : "false");
    if (table.compareKind) cells.push(r.comparedStart ? isoParis(Date.parse(r.comparedStart)) : "");
    if (co2) cells.push(r.co2Estimated ? "true" : "false", credit);
    out += cells.join(sep) + CSV_EOL;
  }
  return out;
}

/** `foyer-<PRM>-<kinds>-<first day>_<last day>-<bucket>.csv`: both days included, as the exports' names. */
export function periodCsvFilename(data: Pick<PeriodAnswer, "meter" | "from" | "to" | "bucket">): string {
  const kinds = data.meter.producer ? "consumption-production" : "consumption";
  const last = new Date(Date.parse(`${data.to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return `foyer-${data.meter.usage_point_id}-${kinds}-${data.from}_${last}-${data.bucket}.csv`;
}
