// France's grid carbon intensity (RTE éCO2mix, field `taux_co2`, g CO2/kWh) in half-hour rows,
// behind one interface: a bundled sample year read from lib/energy/data/carbon-fr-<year>.csv and
// ODRÉ's public records API (no key). Nothing here is called at request time by tests: they read
// CSV text and talk to a local fake of ODRÉ (tests/fakes/odre.ts).
import fs from "node:fs";
import path from "node:path";
import { addDays, isDay, parisDayOf, parisDayStart, parisInstantsOf, parisToUtc, parisWall, weekdayOf } from "@/lib/integrations/linky/time";

export type CarbonRow = { start: Date; gPerKwh: number };

export interface CarbonSource {
  /**
   * The half hours in [from, to) with a known intensity, oldest first, each stamped at its start
   * (UTC). Half hours without a value are left out, never given as zero.
   */
  intensity(from: Date, to: Date): Promise<CarbonRow[]>;
}

export class CarbonSourceError extends Error {
  constructor(
    readonly kind: "no_sample" | "malformed" | "unavailable" | "bad_request",
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "CarbonSourceError";
  }
}

const HALF_HOUR = 30 * 60_000;

/** The start of the half hour holding `t` (Paris offsets are whole hours, so UTC and local half hours coincide). */
const halfHourOf = (t: number) => Math.floor(t / HALF_HOUR) * HALF_HOUR;

/**
 * Half-hour rows from éCO2mix values (quarter hours in recent data, half hours in older data):
 * each half hour is the mean of its values present; null, non-finite and zero values are dropped
 * (éCO2mix writes 0 or nothing where it has no estimate), so a half hour without any is absent.
 */
export function halfHoursOf(values: { at: number; g: number | null | undefined }[]): { start: number; gPerKwh: number }[] {
  const sums = new Map<number, { sum: number; n: number }>();
  for (const { at, g } of values) {
    if (g === null || g === undefined || !Number.isFinite(g) || g <= 0) continue;
    const k = halfHourOf(at);
    const s = sums.get(k) ?? { sum: 0, n: 0 };
    s.sum += g;
    s.n += 1;
    sums.set(k, s);
  }
  return [...sums.entries()].sort((a, b) => a[0] - b[0]).map(([start, s]) => ({ start, gPerKwh: s.sum / s.n }));
}

// ---------------------------------------------------------------------------------------------
// The compact CSV of the bundled sample: `start,g_per_kwh`, one half hour a line, the start in UTC
// (`2023-01-01T00:00Z`), the value in g CO2/kWh (one decimal at most: the mean of two integers).

const CARBON_CSV_HEADER = "start,g_per_kwh";
const CSV_LINE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})Z,(\d+(?:\.\d+)?)$/;

/** Reads the compact CSV; a malformed line, a start off the half hour or a repeated start is an error, never skipped. */
export function parseCarbonCsv(text: string): CarbonRow[] {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== CARBON_CSV_HEADER) throw new CarbonSourceError("malformed", `carbon CSV: expected the header "${CARBON_CSV_HEADER}"`);
  const out: CarbonRow[] = [];
  let previous = -Infinity;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    const m = CSV_LINE.exec(line);
    const t = m ? Date.parse(`${m[1]}:00Z`) : NaN;
    const g = m ? Number(m[2]) : NaN;
    if (!m || !Number.isFinite(t) || t % HALF_HOUR !== 0 || !(g > 0)) throw new CarbonSourceError("malformed", `carbon CSV line ${i + 1}: "${line}"`);
    if (t <= previous) throw new CarbonSourceError("malformed", `carbon CSV line ${i + 1}: not after the line before`);
    previous = t;
    out.push({ start: new Date(t), gPerKwh: g });
  }
  return out;
}

/** Writes rows as the compact CSV (the converse of `parseCarbonCsv`). */
export function toCarbonCsv(rows: { start: number | Date; gPerKwh: number }[]): string {
  const lines = rows.map((r) => `${new Date(r.start).toISOString().slice(0, 16)}Z,${Math.round(r.gPerKwh * 10) / 10}`);
  return `${CARBON_CSV_HEADER}\n${lines.join("\n")}\n`;
}

/**
 * The compact CSV from an ODRÉ export of `eco2mix-national-cons-def` (or `-tr`): `;`-separated,
 * with field names (`date_heure`, `taux_co2`) or labels (`Date - Heure`, `Taux de CO2 (g/kWh)`)
 * as header. Keeps the half hours of Paris calendar year `year` when given. This is how a sample
 * year is made from a download (see docs/energy-history.md, "Carbon").
 */
export function carbonCsvFromOdreExport(text: string, year?: number): string {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/).filter((l) => l.trim());
  const header = (lines[0] ?? "").split(";").map((h) => h.trim().replace(/^"|"$/g, ""));
  const at = header.findIndex((h) => h === "date_heure" || h === "Date - Heure");
  const co2 = header.findIndex((h) => h === "taux_co2" || h === "Taux de CO2 (g/kWh)");
  if (at < 0 || co2 < 0) throw new CarbonSourceError("malformed", "ODRÉ export: no date_heure / taux_co2 column");
  const values = lines.slice(1).map((line, i) => {
    const cells = line.split(";").map((c) => c.trim().replace(/^"|"$/g, ""));
    const t = Date.parse(cells[at]);
    if (!Number.isFinite(t)) throw new CarbonSourceError("malformed", `ODRÉ export line ${i + 2}: bad date "${cells[at]}"`);
    return { at: t, g: cells[co2] === "" || cells[co2] === undefined ? null : Number(cells[co2].replace(",", ".")) };
  });
  const rows = halfHoursOf(values).filter((r) => year === undefined || parisDayOf(r.start).startsWith(`${year}-`));
  return toCarbonCsv(rows);
}

// ---------------------------------------------------------------------------------------------
// The bundled sample

const DATA_DIR = path.join(process.cwd(), "lib", "energy", "data");

/** The newest bundled sample file (`carbon-fr-<year>.csv`), or null when none is bundled. */
export function bundledCarbonFile(dir = DATA_DIR): string | null {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^carbon-fr-\d{4}\.csv$/.test(f)).sort() : [];
  return files.length ? path.join(dir, files[files.length - 1]) : null;
}

/**
 * The bundled sample year. Inside the sample's range a half hour is read as it is; outside it
 * (any other year) a half hour is read from the sample's same weekday-aligned half hour: the same
 * Paris wall-clock time on the sample day nearest the same calendar date that falls on the same
 * weekday (so a Monday 08:00 stays a Monday 08:00, within 3 days of the season). The answer is
 * stamped with the asked instant: it is an estimate from a typical year, not that year's
 * measurement, and `source` says so.
 */
export class BundledCarbonSource implements CarbonSource {
  readonly source = "sample";
  private byStart?: Map<number, number>;
  private first = 0;
  private last = 0;
  private firstDay = "";
  private lastDay = "";

  /** `csv`: the sample's text (tests); by default the bundled file, read once on first use. */
  constructor(private readonly csv?: string | (() => string)) {}

  private load(): Map<number, number> {
    if (this.byStart) return this.byStart;
    let text: string;
    if (typeof this.csv === "string") text = this.csv;
    else if (typeof this.csv === "function") text = this.csv();
    else {
      const file = bundledCarbonFile();
      if (!file) throw new CarbonSourceError("no_sample", "No bundled carbon sample: lib/energy/data/carbon-fr-<year>.csv is missing (docs/energy-history.md, Carbon)");
      text = fs.readFileSync(file, "utf8");
    }
    const rows = parseCarbonCsv(text);
    if (!rows.length) throw new CarbonSourceError("no_sample", "The bundled carbon sample is empty");
    this.byStart = new Map(rows.map((r) => [r.start.getTime(), r.gPerKwh]));
    this.first = rows[0].start.getTime();
    this.last = rows[rows.length - 1].start.getTime();
    this.firstDay = parisDayOf(this.first);
    this.lastDay = parisDayOf(this.last);
    return this.byStart;
  }

  /** The sample's first and last half hours. */
  range(): { first: Date; last: Date } {
    this.load();
    return { first: new Date(this.first), last: new Date(this.last) };
  }

  /** The sample day standing for Paris day `day`: same weekday, nearest the same calendar date, inside the sample. */
  sampleDayOf(day: string): string {
    this.load();
    const md = day.slice(5);
    const firstYear = Number(this.firstDay.slice(0, 4));
    const dayIn = (y: number) => (isDay(`${y}-${md}`) ? `${y}-${md}` : `${y}-02-28`);
    let target = [firstYear, firstYear + 1].map(dayIn).find((d) => d >= this.firstDay && d <= this.lastDay) ?? dayIn(firstYear);
    target = addDays(target, ((weekdayOf(day) - weekdayOf(target) + 10) % 7) - 3);
    if (target < this.firstDay) target = addDays(target, 7);
    else if (target > this.lastDay) target = addDays(target, -7);
    return target;
  }

  /** The instant of the sample whose value stands for half hour `t` (itself when inside the sample). */
  sampleInstantOf(t: number): number {
    this.load();
    if (t >= this.first && t <= this.last) return t;
    const w = parisWall(t);
    const day = this.sampleDayOf(parisDayOf(t));
    // the repeated October hour: the first or second instant as asked; the skipped March hour:
    // read as the clock that skipped it would (parisToUtc)
    const asked = parisInstantsOf(w);
    const target = parisInstantsOf({ ...parseDay(day), h: w.h, mi: w.mi, s: 0 });
    if (!target.length) return parisToUtc(`${day} ${String(w.h).padStart(2, "0")}:${String(w.mi).padStart(2, "0")}:00`) ?? NaN;
    return target[Math.min(Math.max(asked.indexOf(t), 0), target.length - 1)];
  }

  async intensity(from: Date, to: Date): Promise<CarbonRow[]> {
    const byStart = this.load();
    const out: CarbonRow[] = [];
    const end = to.getTime();
    let t = Math.ceil(from.getTime() / HALF_HOUR) * HALF_HOUR;
    while (t < end) {
      // a Paris day at a time: when it and its sample day have the same length (no clock change
      // in either), the same offset from midnight is the same wall-clock time
      const day = parisDayOf(t);
      const dayStart = parisDayStart(day);
      const dayEnd = parisDayStart(addDays(day, 1));
      const target = this.sampleDayOf(day);
      const targetStart = parisDayStart(target);
      const sameLength = parisDayStart(addDays(target, 1)) - targetStart === dayEnd - dayStart;
      for (; t < Math.min(end, dayEnd); t += HALF_HOUR) {
        const inside = t >= this.first && t <= this.last;
        const g = byStart.get(inside ? t : sameLength ? targetStart + (t - dayStart) : this.sampleInstantOf(t));
        if (g !== undefined) out.push({ start: new Date(t), gPerKwh: g });
      }
    }
    return out;
  }
}

const parseDay = (day: string) => {
  const [y, mo, d] = day.split("-").map(Number);
  return { y, mo, d };
};

// ---------------------------------------------------------------------------------------------
// ODRÉ (Opendatasoft Explore API v2.1), no key

const ODRE_ORIGIN = "https://odre.opendatasoft.com";
/** The records endpoint answers at most 100 records a call and offset + limit ≤ 10,000. */
const ODRE_PAGE = 100;
const WINDOW_DAYS = 7;

export type OdreOptions = {
  origin?: string;
  /** `eco2mix-national-tr` (real time, recent weeks) or `eco2mix-national-cons-def` (consolidated and definitive, since 2012) */
  dataset?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/**
 * ODRÉ's `records` endpoint: `select=date_heure,taux_co2`, a `where` on `date_heure`, in UTC,
 * ordered, 100 records a page, the range cut into 7-day windows (at most 672 quarter hours each,
 * well within the endpoint's 10,000-record reach). Quarter hours become half hours (`halfHoursOf`).
 */
export class OdreCarbonSource implements CarbonSource {
  readonly source = "odre";
  private readonly origin: string;
  private readonly dataset: string;
  private readonly fetchFn: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: OdreOptions = {}) {
    this.origin = (options.origin ?? ODRE_ORIGIN).replace(/\/$/, "");
    this.dataset = options.dataset ?? "eco2mix-national-tr";
    this.fetchFn = options.fetch ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  async intensity(from: Date, to: Date): Promise<CarbonRow[]> {
    const values: { at: number; g: number | null }[] = [];
    const end = to.getTime();
    for (let a = from.getTime(); a < end; a += WINDOW_DAYS * 86_400_000) {
      const b = Math.min(end, a + WINDOW_DAYS * 86_400_000);
      for (let offset = 0; ; offset += ODRE_PAGE) {
        const page = await this.page(new Date(a), new Date(b), offset);
        values.push(...page.results);
        if (page.results.length < ODRE_PAGE || offset + ODRE_PAGE >= page.total) break;
      }
    }
    return halfHoursOf(values)
      .filter((r) => r.start >= halfHourOf(from.getTime()) && r.start < end)
      .map((r) => ({ start: new Date(r.start), gPerKwh: r.gPerKwh }));
  }

  private async page(from: Date, to: Date, offset: number): Promise<{ total: number; results: { at: number; g: number | null }[] }> {
    const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");
    const q = new URLSearchParams({
      select: "date_heure,taux_co2",
      where: `date_heure >= date'${iso(from)}' AND date_heure < date'${iso(to)}'`,
      order_by: "date_heure",
      limit: String(ODRE_PAGE),
      offset: String(offset),
      timezone: "UTC",
    });
    const url = `${this.origin}/api/explore/v2.1/catalog/datasets/${encodeURIComponent(this.dataset)}/records?${q}`;
    let res: Response;
    try {
      res = await this.fetchFn(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (e) {
      throw new CarbonSourceError("unavailable", `ODRÉ: ${(e as Error).message}`);
    }
    const text = await res.text();
    if (res.status >= 400 && res.status < 500) throw new CarbonSourceError("bad_request", `ODRÉ ${res.status}: ${text.slice(0, 200)}`, res.status);
    if (!res.ok) throw new CarbonSourceError("unavailable", `ODRÉ ${res.status}`, res.status);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new CarbonSourceError("malformed", "ODRÉ: the answer is not JSON", res.status);
    }
    const b = body as { total_count?: unknown; results?: unknown };
    if (typeof b.total_count !== "number" || !Array.isArray(b.results)) throw new CarbonSourceError("malformed", "ODRÉ: no total_count/results", res.status);
    const results = b.results.map((r: { date_heure?: unknown; taux_co2?: unknown }) => {
      const at = typeof r?.date_heure === "string" ? Date.parse(r.date_heure) : NaN;
      const g = r?.taux_co2;
      if (!Number.isFinite(at) || (g !== null && g !== undefined && typeof g !== "number")) throw new CarbonSourceError("malformed", `ODRÉ: bad record ${JSON.stringify(r).slice(0, 120)}`, res.status);
      return { at, g: (g as number | null | undefined) ?? null };
    });
    return { total: b.total_count, results };
  }
}
