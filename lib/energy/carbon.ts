// France's grid carbon intensity: which value each half hour of a household's history gets.
// - Measured: the half hours a source has, the bundled years (lib/energy/data/carbon/<id>/, made by
//   `npm run carbon:import`, each folder with its dataset.json, licence and README) and whatever a
//   fetcher stored. An hourly source gives both half hours of an hour that hour's value.
// - Estimated: any other half hour takes the mean of the reference year (the bundled year with the
//   most rows) for the same month, day type (working day, Saturday, Sunday or public holiday:
//   ./day-type.ts) and Paris hour, and is flagged `estimated`, never passed off as a measurement.
// Also here: ODRÉ's records API (RTE éCO2mix `taux_co2`, no key) behind `CarbonSource`, for a job;
// tests talk to its local fake (tests/fakes/odre.ts). Nothing here is fetched at request time.
import fs from "node:fs";
import path from "node:path";
import { addDays, parisDayOf, parisDayStart, parisDayStarts, parisOffsetMinutes, weekdayOf } from "@/lib/time/paris";
import { parseBundled, type IntensityPoint } from "./carbon-import";
import { DAY_TYPES, dayTypeOf } from "./day-type";
import { logError } from "@/lib/log";

export type CarbonRow = { start: Date; gPerKwh: number };

interface CarbonSource {
  /**
   * The half hours in [from, to) with a known intensity, oldest first, each stamped at its start
   * (UTC). Half hours without a value are left out, never given as zero.
   */
  intensity(from: Date, to: Date): Promise<CarbonRow[]>;
}

class CarbonSourceError extends Error {
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
// The bundled years

/** A bundled folder's dataset.json: where its numbers come from and how to credit them. */
export type CarbonDatasetMeta = {
  id: string;
  title: string;
  /** who publishes the numbers ("Electricity Maps") and under which licence ("ODbL") */
  provider: string;
  licence: string;
  /** the words every place showing a figure computed from it must carry */
  credit: string;
  /** what the numbers are, in a sentence (the API's `carbon.source`) */
  source: string;
  url: string;
  /** intensity of the electricity consumed (imports traced) or generated in the zone */
  basis: "consumed" | "generated";
  step_minutes: 30 | 60;
  first: string;
  last: string;
  rows: number;
};

export type CarbonDataset = { meta: CarbonDatasetMeta; points: IntensityPoint[] };

export const CARBON_DATA_DIR = path.join(process.cwd(), "lib", "energy", "data", "carbon");

/**
 * Every bundled year under `dir` (a folder each, with dataset.json and intensity.csv); none when `dir` is absent.
 * The folder is read at run time from the checkout (the server runs there; there is no standalone
 * output to copy it into), so each file access is marked `turbopackIgnore`: with `dir` a parameter,
 * Turbopack cannot scope these paths and would otherwise trace the whole project for them, with a
 * build warning at each call. Each mark is on a bare variable, the placement Turbopack honours (not
 * inside a nested path.join).
 */
export function loadCarbonDatasets(dir = CARBON_DATA_DIR): CarbonDataset[] {
  if (!fs.existsSync(/* turbopackIgnore: true */ dir)) return [];
  const out: CarbonDataset[] = [];
  for (const id of fs.readdirSync(/* turbopackIgnore: true */ dir).sort()) {
    const metaFile = path.join(dir, id, "dataset.json");
    const csvFile = path.join(dir, id, "intensity.csv");
    if (!fs.existsSync(/* turbopackIgnore: true */ metaFile)) continue;
    const meta = JSON.parse(fs.readFileSync(/* turbopackIgnore: true */ metaFile, "utf8")) as CarbonDatasetMeta;
    const series = parseBundled(fs.readFileSync(/* turbopackIgnore: true */ csvFile, "utf8"));
    if (series.stepMinutes !== meta.step_minutes || series.points.length !== meta.rows) {
      throw new CarbonSourceError("malformed", `carbon dataset ${id}: dataset.json says ${meta.rows} rows of ${meta.step_minutes} min, intensity.csv has ${series.points.length} of ${series.stepMinutes}`);
    }
    out.push({ meta, points: series.points });
  }
  return out;
}

const CELLS = 12 * DAY_TYPES.length * 24;
const cellOf = (month: number, dayType: number, hour: number) => ((month - 1) * DAY_TYPES.length + dayType) * 24 + hour;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * The half hours of whole Paris days, each with its intensity, whether that is an estimate, and
 * its Paris hour of the week (0: Monday 00:00 ... 167: Sunday 23:00): typed arrays indexed from
 * `start`, so a year of lookups costs next to nothing.
 */
export class IntensitySpan {
  constructor(
    readonly start: number,
    readonly g: Float64Array,
    readonly estimated: Uint8Array,
    readonly hourOfWeek: Uint8Array,
    /** 1 where the value is a stored (fetched) row's, not a bundled year's */
    readonly fetched: Uint8Array = new Uint8Array(g.length),
  ) {}

  /** The index of the half hour holding `t`, -1 outside the span. */
  index(t: number): number {
    const i = Math.floor((t - this.start) / HALF_HOUR);
    return i >= 0 && i < this.g.length ? i : -1;
  }

  /** The intensity of the half hour holding `t`; undefined outside the span. */
  at(t: number): number | undefined {
    const i = this.index(t);
    return i < 0 ? undefined : this.g[i];
  }

  /** The half hours as rows, oldest first (tests and small spans). */
  rows(): { start: number; g: number; estimated: boolean }[] {
    return Array.from(this.g, (g, i) => ({ start: this.start + i * HALF_HOUR, g, estimated: this.estimated[i] === 1 }));
  }
}

/** Each Paris day of [from, to) with its start, end, month, day-type index and Monday-based weekday. */
function eachDay(from: string, to: string, f: (start: number, end: number, month: number, dayType: number, weekday: number) => void) {
  const { days, starts } = parisDayStarts(from, to);
  days.forEach((day, i) => f(starts[i], starts[i + 1], Number(day.slice(5, 7)), DAY_TYPES.indexOf(dayTypeOf(day)), (weekdayOf(day) + 6) % 7));
}

/** The Paris hour (0-23) of instant `t`. */
const parisHour = (t: number) => Math.floor(((t + parisOffsetMinutes(t) * 60_000) % DAY) / HOUR);

/**
 * The intensity of any half hour (module comment): measured where a bundled year or a stored row
 * has it, else the reference year's mean for the same month, day type and Paris hour. `reference`
 * is null when nothing is bundled: then there is no figure at all (`carbon.available: false`).
 */
export class GridIntensity {
  readonly reference: CarbonDatasetMeta | null;
  /** the bundled years' half hours, from `measuredStart`; NaN where none has a value */
  private readonly measured: Float64Array;
  private readonly measuredStart: number;
  private readonly profile = new Float64Array(CELLS);

  constructor(datasets: CarbonDataset[]) {
    const spans = datasets.filter((d) => d.points.length).map((d) => ({ d, a: d.points[0].t, b: d.points[d.points.length - 1].t + d.meta.step_minutes * 60_000 }));
    this.measuredStart = spans.length ? Math.min(...spans.map((s) => s.a)) : 0;
    const end = spans.length ? Math.max(...spans.map((s) => s.b)) : 0;
    this.measured = new Float64Array((end - this.measuredStart) / HALF_HOUR).fill(NaN);
    for (const { d } of spans) {
      const step = d.meta.step_minutes * 60_000;
      for (const p of d.points) for (let t = p.t; t < p.t + step; t += HALF_HOUR) this.measured[(t - this.measuredStart) / HALF_HOUR] = p.g;
    }
    const ref = spans.reduce<(typeof spans)[number] | null>((best, s) => (!best || s.d.points.length >= best.d.points.length ? s : best), null);
    this.reference = ref?.d.meta ?? null;
    if (ref) this.buildProfile(ref.a, ref.b);
  }

  private measuredAt(t: number): number {
    const i = (t - this.measuredStart) / HALF_HOUR;
    return i >= 0 && i < this.measured.length ? this.measured[i] : NaN;
  }

  /** Means of the reference year's half hours [a, b) by (month, day type, hour), else by (month, hour), else overall. */
  private buildProfile(a: number, b: number) {
    const sum = new Float64Array(CELLS), n = new Uint32Array(CELLS);
    const mhSum = new Float64Array(12 * 24), mhN = new Uint32Array(12 * 24);
    let all = 0, allN = 0;
    eachDay(parisDayOf(a), addDays(parisDayOf(b - 1), 1), (start, end, month, type) => {
      for (let t = start; t < end; t += HALF_HOUR) {
        const g = t >= a && t < b ? this.measuredAt(t) : NaN;
        if (Number.isNaN(g)) continue;
        const h = parisHour(t);
        sum[cellOf(month, type, h)] += g;
        n[cellOf(month, type, h)]++;
        mhSum[(month - 1) * 24 + h] += g;
        mhN[(month - 1) * 24 + h]++;
        all += g;
        allN++;
      }
    });
    for (let c = 0; c < CELLS; c++) {
      const mh = Math.floor(c / (24 * DAY_TYPES.length)) * 24 + (c % 24);
      this.profile[c] = n[c] ? sum[c] / n[c] : mhN[mh] ? mhSum[mh] / mhN[mh] : all / allN;
    }
  }

  /** The reference year's mean for the month, day type and Paris hour of half hour `t`. */
  estimateOf(t: number): number {
    const day = parisDayOf(t);
    return this.profile[cellOf(Number(day.slice(5, 7)), DAY_TYPES.indexOf(dayTypeOf(day)), parisHour(t))];
  }

  /**
   * Every half hour of Paris days [from, to), measured (`stored` first, then the bundled years) or
   * estimated; null when nothing is bundled.
   */
  span(from: string, to: string, stored?: ReadonlyMap<number, number>): IntensitySpan | null {
    if (!this.reference) return null;
    const first = parisDayStart(from);
    const n = Math.max(0, (parisDayStart(to) - first) / HALF_HOUR);
    const g = new Float64Array(n), estimated = new Uint8Array(n), how = new Uint8Array(n), fetched = new Uint8Array(n);
    let i = 0;
    eachDay(from, to, (start, end, month, type, weekday) => {
      for (let t = start; t < end; t += HALF_HOUR, i++) {
        const h = parisHour(t);
        how[i] = weekday * 24 + h;
        const s = stored?.get(t);
        if (s !== undefined) fetched[i] = 1;
        const m = s ?? this.measuredAt(t);
        if (Number.isNaN(m)) {
          g[i] = this.profile[cellOf(month, type, h)];
          estimated[i] = 1;
        } else g[i] = m;
      }
    });
    return new IntensitySpan(first, g, estimated, how, fetched);
  }
}

let bundled: GridIntensity | undefined;

/**
 * The bundled years, read once per process. A folder that cannot be read (a deployment fault) is
 * logged once and the process goes on without carbon figures (`carbon.available: false`), never
 * failing a request over it.
 */
export function bundledGridIntensity(): GridIntensity {
  if (!bundled) {
    try {
      bundled = new GridIntensity(loadCarbonDatasets());
    } catch (err) {
      logError(`the bundled carbon intensity in ${CARBON_DATA_DIR} cannot be read: no carbon figures`, err);
      bundled = new GridIntensity([]);
    }
  }
  return bundled;
}

/** Tests: answer with `g` instead of the bundled years (undefined: the bundled years again). */
export function useGridIntensityForTests(g: GridIntensity | undefined) {
  bundled = g;
}

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
  readonly dataset: string;
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
