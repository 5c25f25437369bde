// Turning a downloaded year of grid carbon intensity into the bundled form the app reads
// (lib/energy/data/carbon/<id>/intensity.csv): pure text in, text out, so `npm run carbon:import`
// (scripts/carbon-import.ts) and the tests run the same code. Three inputs are understood:
// - Electricity Maps' Data Portal download (`Datetime (UTC),Country,…,Carbon Intensity gCO₂eq/kWh
//   (direct),…`), hourly, times in UTC;
// - the bundled form itself (`datetime,gco2_per_kwh`), for a check or a re-write;
// - an RTE éCO2mix export: ODRÉ's CSV (`;`, `date_heure` / `taux_co2` or their labels) or RTE's
//   annual file (tab-separated, `Date`, `Heures` in Paris time, `Taux de Co2`), quarter or half
//   hours, averaged into half hours (zero and empty values dropped, never read as 0).
//
// The bundled form: `datetime,gco2_per_kwh`, one interval a line, its start in Europe/Paris time
// with its UTC offset (`2023-10-29T02:00:00+02:00`, then `2023-10-29T02:00:00+01:00`), every
// interval the same length (`step_minutes` of the folder's dataset.json: 60 or 30).
import { isoParis } from "@/lib/energy/export/format";
import { parisToUtc } from "@/lib/time/paris";

export type IntensityPoint = {
  /** interval start, UTC ms */
  t: number;
  g: number;
  /** the value as the source wrote it ("36.0"), kept so that a re-import is byte for byte */
  text?: string;
};

export type ImportedSeries = {
  format: "electricitymaps" | "bundled" | "rte";
  stepMinutes: 30 | 60;
  points: IntensityPoint[];
  /** intervals the provider flags as its own estimate (Electricity Maps' `Data Estimated`) */
  providerEstimated: number;
  /** intervals missing between the first and the last */
  missing: number;
};

export class CarbonImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CarbonImportError";
  }
}

const BUNDLED_HEADER = "datetime,gco2_per_kwh";
const EM_TIME = "Datetime (UTC)";
const EM_DIRECT = "Carbon Intensity gCO₂eq/kWh (direct)";
const EM_ESTIMATED = "Data Estimated";
const HALF_HOUR = 30 * 60_000;

const lines = (text: string) => text.replace(/^\uFEFF/, "").split(/\r?\n/);
const unquote = (c: string) => c.trim().replace(/^"(.*)"$/, "$1");

/** Which of the understood formats `text` is, from its header line. */
export function detectFormat(text: string): ImportedSeries["format"] {
  const head = lines(text)[0] ?? "";
  if (head.trim() === BUNDLED_HEADER) return "bundled";
  if (head.includes(EM_TIME) && head.includes(EM_DIRECT)) return "electricitymaps";
  if (/date_heure|Date - Heure|Taux de CO2|Taux de Co2/i.test(head)) return "rte";
  throw new CarbonImportError(`unknown format: the first line is "${head.slice(0, 120)}"`);
}

/** Reads any understood format (`year`: keep only the intervals starting in that Paris calendar year). */
export function importIntensity(text: string, year?: number): ImportedSeries {
  const format = detectFormat(text);
  const series = format === "electricitymaps" ? fromElectricityMaps(text) : format === "bundled" ? parseBundled(text) : fromRte(text);
  if (year !== undefined) series.points = series.points.filter((p) => isoParis(p.t).startsWith(`${year}-`));
  series.missing = checkSeries(series.points, series.stepMinutes);
  return series;
}

/**
 * Intervals in time order on the step's boundaries, none repeated, every value positive; returns
 * how many intervals are missing between the first and the last (they stay absent: the app
 * estimates them, it never reads them as 0).
 */
function checkSeries(points: IntensityPoint[], stepMinutes: number): number {
  if (!points.length) throw new CarbonImportError("no interval with a value");
  const step = stepMinutes * 60_000;
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (!(p.g > 0) || !Number.isFinite(p.g)) throw new CarbonImportError(`interval ${isoParis(p.t)}: the value ${p.g} is not a positive number`);
    if (p.t % step !== 0) throw new CarbonImportError(`interval ${isoParis(p.t)}: not on a ${stepMinutes}-minute boundary`);
    if (i && p.t <= points[i - 1].t) throw new CarbonImportError(`interval ${isoParis(p.t)}: repeated or out of order`);
  }
  return (points[points.length - 1].t - points[0].t) / step + 1 - points.length;
}

function fromElectricityMaps(text: string): ImportedSeries {
  const [head, ...rows] = lines(text);
  const cols = head.split(",").map(unquote);
  const at = cols.indexOf(EM_TIME), g = cols.indexOf(EM_DIRECT), est = cols.indexOf(EM_ESTIMATED);
  const points: IntensityPoint[] = [];
  let providerEstimated = 0;
  rows.forEach((line, i) => {
    if (!line.trim()) return;
    const cells = line.split(",").map(unquote);
    const t = Date.parse(`${cells[at].replace(" ", "T")}Z`);
    const v = Number(cells[g]);
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:00:00$/.test(cells[at]) || !Number.isFinite(t)) throw new CarbonImportError(`line ${i + 2}: bad time "${cells[at]}"`);
    if (cells[g] === "" || !Number.isFinite(v)) throw new CarbonImportError(`line ${i + 2}: bad value "${cells[g]}"`);
    if (est >= 0 && cells[est] === "true") providerEstimated++;
    points.push({ t, g: v, text: cells[g] });
  });
  return { format: "electricitymaps", stepMinutes: 60, points, providerEstimated, missing: 0 };
}

/** The bundled form (`datetime,gco2_per_kwh`); its step is read from the rows (30 or 60 minutes). */
export function parseBundled(text: string): ImportedSeries {
  const [head, ...rows] = lines(text);
  if (head.trim() !== BUNDLED_HEADER) throw new CarbonImportError(`expected the header "${BUNDLED_HEADER}"`);
  const points: IntensityPoint[] = [];
  rows.forEach((line, i) => {
    if (!line.trim()) return;
    const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}),(\d+(?:\.\d+)?)$/.exec(line.trim());
    const t = m ? Date.parse(m[1]) : NaN;
    if (!m || !Number.isFinite(t)) throw new CarbonImportError(`line ${i + 2}: "${line.slice(0, 80)}"`);
    points.push({ t, g: Number(m[2]), text: m[2] });
  });
  // the step is the shortest distance between two rows (a missing row leaves a longer one)
  let step = 60;
  for (let i = 1; i < points.length; i++) step = Math.min(step, (points[i].t - points[i - 1].t) / 60_000);
  if (step !== 30 && step !== 60) throw new CarbonImportError(`rows ${step} minutes apart: expected 30 or 60`);
  const series: ImportedSeries = { format: "bundled", stepMinutes: step, points, providerEstimated: 0, missing: 0 };
  series.missing = checkSeries(points, step);
  return series;
}

/**
 * An RTE éCO2mix export: ODRÉ (`;`, `date_heure` with its offset, or the label `Date - Heure`) or
 * RTE's annual file (tab, `Date` + `Heures` in Paris wall-clock time, the repeated October hour
 * read in order). Quarter hours become half hours: the mean of the values present.
 */
function fromRte(text: string): ImportedSeries {
  const [head, ...rows] = lines(text).filter((l) => l.trim());
  const sep = head.includes("\t") ? "\t" : ";";
  const cols = head.split(sep).map(unquote);
  const stamp = cols.findIndex((h) => h === "date_heure" || h === "Date - Heure");
  const date = cols.indexOf("Date"), hour = cols.findIndex((h) => h === "Heures" || h === "Heure");
  const co2 = cols.findIndex((h) => /^(taux_co2|Taux de CO2 \(g\/kWh\)|Taux de Co2)$/i.test(h));
  if (co2 < 0 || (stamp < 0 && (date < 0 || hour < 0))) throw new CarbonImportError("RTE export: no taux_co2 column, or no date_heure (or Date and Heures) column");
  const sums = new Map<number, { sum: number; n: number }>();
  let previous: number | undefined;
  rows.forEach((line, i) => {
    const cells = line.split(sep).map(unquote);
    if (stamp < 0 && !/^\d{4}-\d{2}-\d{2}$/.test(cells[date] ?? "")) return; // RTE's closing notes
    const t = stamp >= 0 ? Date.parse(cells[stamp]) : parisToUtc(`${cells[date]} ${cells[hour]}:00`, previous);
    if (t === null || !Number.isFinite(t)) throw new CarbonImportError(`line ${i + 2}: bad date "${stamp >= 0 ? cells[stamp] : `${cells[date]} ${cells[hour]}`}"`);
    previous = t;
    const raw = (cells[co2] ?? "").replace(",", ".");
    const g = raw === "" || raw === "ND" ? NaN : Number(raw);
    if (!(g > 0)) return; // éCO2mix writes 0, "ND" or nothing where it has no value
    const k = Math.floor(t / HALF_HOUR) * HALF_HOUR;
    const s = sums.get(k) ?? { sum: 0, n: 0 };
    s.sum += g;
    s.n++;
    sums.set(k, s);
  });
  const points = [...sums].sort((a, b) => a[0] - b[0]).map(([t, s]) => ({ t, g: Math.round((s.sum / s.n) * 100) / 100 }));
  return { format: "rte", stepMinutes: 30, points, providerEstimated: 0, missing: 0 };
}

/** The bundled form's text. */
export function toBundledCsv(points: IntensityPoint[]): string {
  return `${BUNDLED_HEADER}\n${points.map((p) => `${isoParis(p.t)},${p.text ?? p.g}`).join("\n")}\n`;
}

/** What dataset.json records of a series (besides what the person importing it says of its source). */
export function seriesFacts(s: ImportedSeries) {
  const values = s.points.map((p) => p.g);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return {
    step_minutes: s.stepMinutes,
    first: isoParis(s.points[0].t),
    last: isoParis(s.points[s.points.length - 1].t),
    rows: s.points.length,
    missing_rows: s.missing,
    provider_estimated_rows: s.providerEstimated,
    mean_g_per_kwh: Math.round(mean * 100) / 100,
    min_g_per_kwh: Math.min(...values),
    max_g_per_kwh: Math.max(...values),
  };
}
