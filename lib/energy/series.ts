// My Energy's computations (docs/my-energy.md), pure: the bucket choice, bucket edges in Paris
// time, the compared period, the contract's off-peak text, and the one pass that turns a period's
// readings into the chart's series and totals (kWh, self-consumption, € per bucket, kg CO2).
// The service (lib/services/energy) reads the database and calls these.
import type { IntensitySpan } from "./carbon";
import { addDays, addMonths, daysBetween, parisDayStart, parisDayStarts } from "@/lib/time/paris";
import { BUCKET_LIMIT_DAYS, type Bucket, type CompareKind } from "@/lib/validation/energy";
import type { OffpeakRange, OffpeakSlots } from "./costs";
import type { TariffOption } from "./tariff";

const HALF_HOUR = 1_800_000;
const HOUR = 3_600_000;

/** Buckets the period [from, to) holds at `bucket` (30min and hour counted as 48 and 24 a day). */
export function bucketCount(from: string, to: string, bucket: Bucket): number {
  const days = daysBetween(from, to);
  if (bucket === "30min") return days * 48;
  if (bucket === "hour") return days * 24;
  if (bucket === "day") return days;
  const [fy, fm] = from.split("-").map(Number);
  const last = addDays(to, -1);
  const [ty, tm] = last.split("-").map(Number);
  return (ty - fy) * 12 + (tm - fm) + 1;
}

const COARSER: Record<Bucket, Bucket | null> = { "30min": "hour", hour: "day", day: "month", month: null };

/**
 * The bucket of an answer: `auto` is hours up to 2 days, days up to 35 days, months beyond, then
 * coarser while there are more buckets than `maxPoints`; an explicit bucket is kept (`maxPoints`
 * steers `auto` only) unless the period is past its limit (`error`).
 */
export function chooseBucket(from: string, to: string, asked: Bucket | "auto", maxPoints: number): { bucket: Bucket } | { error: string } {
  const days = daysBetween(from, to);
  if (asked !== "auto") {
    if (days > BUCKET_LIMIT_DAYS[asked]) return { error: `bucket=${asked} covers at most ${BUCKET_LIMIT_DAYS[asked]} days (this period has ${days})` };
    return { bucket: asked };
  }
  let b: Bucket = days <= 2 ? "hour" : days <= 35 ? "day" : "month";
  while (bucketCount(from, to, b) > maxPoints && COARSER[b]) b = COARSER[b]!;
  return { bucket: b };
}

/**
 * The bucket edges of [from, to) in UTC ms: `n + 1` instants. Days and months are Paris calendar
 * days and months (23- and 25-hour days included; the first month starts at `from`); 30 minutes
 * and hours are fixed steps from local midnight.
 */
export function bucketEdges(from: string, to: string, bucket: Bucket): number[] {
  const end = parisDayStart(to);
  if (bucket === "30min" || bucket === "hour") {
    const step = bucket === "30min" ? HALF_HOUR : HOUR;
    const out: number[] = [];
    for (let t = parisDayStart(from); t < end; t += step) out.push(t);
    out.push(end);
    return out;
  }
  if (bucket === "day") return parisDayStarts(from, to).starts;
  const out = [parisDayStart(from)];
  for (let m = addMonths(`${from.slice(0, 7)}-01`, 1); m < to; m = addMonths(m, 1)) out.push(parisDayStart(m));
  out.push(end);
  return out;
}

/**
 * The period compared with [from, to): `previous` is the same length just before (whole calendar
 * months when the period is whole months: November against October), `last_year` the same dates
 * one year earlier (29 February → 28 February).
 */
export function comparePeriod(from: string, to: string, kind: Exclude<CompareKind, "none">): { from: string; to: string } {
  if (kind === "last_year") {
    const f = addMonths(from, -12);
    let t = addMonths(to, -12);
    if (t <= f) t = addDays(f, 1);
    return { from: f, to: t };
  }
  if (from.endsWith("-01") && to.endsWith("-01")) {
    const months = bucketCount(from, to, "month");
    return { from: addMonths(from, -months), to: from };
  }
  return { from: addDays(from, -daysBetween(from, to)), to: from };
}

/**
 * The off-peak ranges of the contract's text as Enedis writes it (`HC (22H00-6H00)`,
 * `HC (1H30-7H30;12H30-14H30)`); null when there is none or a time is not on the half hour.
 */
export function offpeakFromContract(text: string | null | undefined): OffpeakRange[] | null {
  if (!text) return null;
  const ranges: OffpeakRange[] = [];
  for (const m of text.matchAll(/(\d{1,2})\s*[Hh:]\s*(\d{2})?\s*-\s*(\d{1,2})\s*[Hh:]\s*(\d{2})?/g)) {
    const [h1, m1, h2, m2] = [Number(m[1]), Number(m[2] ?? 0), Number(m[3]), Number(m[4] ?? 0)];
    if (h1 > 24 || h2 > 24 || m1 % 30 || m2 % 30) return null;
    const hhmm = (h: number, mi: number) => `${String(h % 24).padStart(2, "0")}:${String(mi).padStart(2, "0")}`;
    ranges.push({ from: hhmm(h1, m1), to: hhmm(h2, m2) });
  }
  return ranges.length && ranges.length <= 3 ? ranges : null;
}

/** The option of the contract's `tariff_option` text (`HC/HP`, `Base`, ...); null when unknown. */
export function optionFromContract(text: string | null | undefined): TariffOption | null {
  const t = text?.trim() ?? "";
  if (/\btempo\b|\bbleu\s+blanc\s+rouge\b/i.test(t)) return "tempo";
  if (/^HC\/HP$|heures?\s+creuses|\bHC\b|\bHP\b/i.test(t)) return "hphc";
  if (/^base$|sans\s+diff[ée]renciation/i.test(t)) return "base";
  return null;
}

// ---------------------------------------------------------------------------------------------
// The series

/** A curve's readings in time order: interval starts (UTC ms), Wh, step in minutes. */
export type CurveArrays = { t: number[]; wh: number[]; step: number[] };

/** What prices a reading (lib/energy/costs.ts `pricerOf`). */
type Pricer = {
  price(t: number): { eurPerKwh?: number; reason?: string };
  subscription(day: string): { eur: number | null };
};

export type SeriesInput = {
  from: string;
  to: string;
  bucket: Bucket;
  consumption: CurveArrays;
  /** null: the meter has no production curve */
  production: CurveArrays | null;
  /** the vendor's daily totals (Wh) by Paris day, used for day and month buckets on days without curve */
  dailyConsumption: Map<string, number>;
  dailyProduction: Map<string, number> | null;
  /** null: no cost (no option or power) */
  pricer: Pricer | null;
  /** the option priced (a day known only by its total is priced for Base only) */
  option: TariffOption | null;
  /** g CO2/kWh by half-hour start; null: no intensity available */
  intensity: IntensitySpan | null;
  /** Paris today: days from it on are not counted missing */
  today: string;
};

type SeriesPoint = {
  start: string;
  end: string;
  consumption_kwh: number | null;
  production_kwh: number | null;
  self_consumed_kwh: number | null;
  cost_eur: number | null;
  co2_kg: number | null;
  /** some of the bucket's kg come from estimated intensities */
  co2_estimated: boolean;
  complete: boolean;
};

type SeriesTotals = {
  consumption_kwh: number | null;
  production_kwh: number | null;
  self_consumed_kwh: number | null;
  self_consumption_rate: number | null;
  self_sufficiency_rate: number | null;
  days: number;
  days_with_data: number;
  average_kwh_per_day: number | null;
  missing_days: string[];
  co2_kg: number | null;
  co2_partial: boolean;
  /** some of the kg come from estimated intensities */
  co2_estimated: boolean;
};

export type SeriesResult = {
  series: SeriesPoint[];
  totals: SeriesTotals;
  /** Paris days counted by their daily total (no 30-minute curve; day and month buckets only) */
  dailyOnlyDays: string[];
};

export const r3 = (x: number) => Math.round(x * 1000) / 1000;
const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
export const r2 = (x: number) => Math.round(x * 100) / 100;

/** The index of the bucket holding `t` from position `i` on (edges ascending, readings in order). */
function advance(edges: number[], i: number, t: number): number {
  while (i < edges.length - 1 && t >= edges[i + 1]) i++;
  return i;
}

/**
 * The chart's series and totals of [from, to) in one pass over the readings. A bucket without any
 * reading is a gap (`null`, never 0); `complete` when its every minute is held (a day known by its
 * daily total counts whole, for day and month buckets). Self-consumption is min(consumption,
 * production) per half hour where both are held; € are the energy of the bucket's readings at
 * their prices plus the subscription of its days (spread evenly over a day's buckets below a day).
 */
export function buildSeries(input: SeriesInput): SeriesResult {
  const { from, to, bucket, consumption: cons, production: prod, pricer, intensity } = input;
  const { days, starts: dayEdges } = parisDayStarts(from, to);
  const edges = bucket === "day" ? dayEdges : bucketEdges(from, to, bucket);
  const n = edges.length - 1;
  const consWh = new Float64Array(n), consMin = new Float64Array(n), consN = new Uint32Array(n);
  const prodWh = new Float64Array(n), prodN = new Uint32Array(n);
  const selfWh = new Float64Array(n), selfN = new Uint32Array(n);
  const eur = new Float64Array(n), co2 = new Float64Array(n), co2N = new Uint32Array(n), co2Est = new Uint8Array(n);
  const dayCurve = new Uint8Array(days.length), dayProdCurve = new Uint8Array(days.length);
  const start = edges[0], end = edges[n];

  // consumption: kWh, coverage, € and CO2 per reading; self-consumption against production at the same instant
  let b = 0, d = 0, p = 0;
  let co2Partial = false;
  const pt = prod?.t ?? [], pwh = prod?.wh ?? [];
  for (let i = 0; i < cons.t.length; i++) {
    const t = cons.t[i];
    if (t < start || t >= end) continue;
    b = advance(edges, b, t);
    d = advance(dayEdges, d, t);
    const wh = cons.wh[i];
    consWh[b] += wh;
    consMin[b] += cons.step[i];
    consN[b]++;
    dayCurve[d] = 1;
    if (pricer) {
      const price = pricer.price(t);
      if (price.eurPerKwh !== undefined) eur[b] += (wh / 1000) * price.eurPerKwh;
    }
    if (intensity) {
      const j = intensity.index(t);
      const g = j < 0 ? NaN : intensity.g[j];
      if (!Number.isNaN(g)) {
        co2[b] += (wh / 1000) * g / 1000;
        co2N[b]++;
        if (intensity.estimated[j]) co2Est[b] = 1;
      } else if (wh > 0) co2Partial = true;
    }
    if (prod) {
      while (p < pt.length && pt[p] < t) p++;
      if (p < pt.length && pt[p] === t) {
        selfWh[b] += Math.min(wh, pwh[p]);
        selfN[b]++;
      }
    }
  }
  if (prod) {
    b = 0;
    d = 0;
    for (let i = 0; i < prod.t.length; i++) {
      const t = prod.t[i];
      if (t < start || t >= end) continue;
      b = advance(edges, b, t);
      d = advance(dayEdges, d, t);
      prodWh[b] += prod.wh[i];
      prodN[b]++;
      dayProdCurve[d] = 1;
    }
  }

  // days known only by their daily total (day and month buckets), and each day's subscription
  const byDay = bucket === "day" || bucket === "month";
  const dailyOnlyDays: string[] = [];
  const missing: string[] = [];
  let daysWithData = 0;
  b = 0;
  for (let i = 0; i < days.length; i++) {
    const day = days[i];
    const t0 = dayEdges[i], t1 = dayEdges[i + 1];
    b = advance(edges, b, t0);
    const total = dayCurve[i] || !byDay ? undefined : input.dailyConsumption.get(day);
    if (dayCurve[i] || total !== undefined) daysWithData++;
    else if (day < input.today) missing.push(day);
    if (total !== undefined) {
      dailyOnlyDays.push(day);
      consWh[b] += total;
      consMin[b] += (t1 - t0) / 60_000;
      consN[b]++;
      if (pricer && input.option === "base") {
        const price = pricer.price(t0);
        if (price.eurPerKwh !== undefined) eur[b] += (total / 1000) * price.eurPerKwh;
      }
      if (intensity && total > 0) co2Partial = true;
    }
    const pTotal = prod && !dayProdCurve[i] ? input.dailyProduction?.get(day) : undefined;
    if (pTotal !== undefined && byDay) {
      prodWh[b] += pTotal;
      prodN[b]++;
    }
    if (pricer) {
      const sub = pricer.subscription(day).eur;
      if (sub !== null) {
        if (byDay) eur[b] += sub;
        else for (let k = b; k < n && edges[k] < t1; k++) eur[k] += (sub * (edges[k + 1] - edges[k])) / (t1 - t0);
      }
    }
  }

  const series: SeriesPoint[] = new Array(n);
  let cTotal = 0, cAny = false, pTotalAll = 0, pAny = false, sTotal = 0, sAny = false, co2Total = 0, co2Any = false, co2AnyEst = false;
  for (let k = 0; k < n; k++) {
    const has = consN[k] > 0;
    const minutes = (edges[k + 1] - edges[k]) / 60_000;
    series[k] = {
      start: new Date(edges[k]).toISOString(),
      end: new Date(edges[k + 1]).toISOString(),
      consumption_kwh: has ? r3(consWh[k] / 1000) : null,
      production_kwh: prod && prodN[k] > 0 ? r3(prodWh[k] / 1000) : null,
      self_consumed_kwh: prod && selfN[k] > 0 ? r3(selfWh[k] / 1000) : null,
      cost_eur: pricer && has ? r4(eur[k]) : null,
      // kg where some reading had an intensity: a bucket known only by its daily total has none (null, never 0)
      co2_kg: intensity && co2N[k] > 0 ? r3(co2[k]) : null,
      co2_estimated: co2Est[k] === 1,
      complete: has && consMin[k] >= minutes,
    };
    if (has) {
      cTotal += consWh[k];
      cAny = true;
    }
    if (prodN[k] > 0) {
      pTotalAll += prodWh[k];
      pAny = true;
    }
    if (selfN[k] > 0) {
      sTotal += selfWh[k];
      sAny = true;
    }
    co2Total += co2[k];
    if (co2N[k] > 0) co2Any = true;
    if (co2Est[k]) co2AnyEst = true;
  }

  const consumption = cAny ? cTotal / 1000 : null;
  const production = prod && pAny ? pTotalAll / 1000 : null;
  const self = prod && sAny ? sTotal / 1000 : null;
  return {
    series,
    totals: {
      consumption_kwh: consumption === null ? null : r3(consumption),
      production_kwh: production === null ? null : r3(production),
      self_consumed_kwh: self === null ? null : r3(self),
      self_consumption_rate: self !== null && production ? r3(self / production) : null,
      self_sufficiency_rate: self !== null && consumption ? r3(self / consumption) : null,
      days: days.length,
      days_with_data: daysWithData,
      average_kwh_per_day: consumption !== null && daysWithData ? r3(consumption / daysWithData) : null,
      missing_days: missing,
      co2_kg: intensity && co2Any ? r3(co2Total) : null,
      co2_partial: intensity ? co2Partial : false,
      co2_estimated: co2AnyEst,
    },
    dailyOnlyDays,
  };
}

// ---------------------------------------------------------------------------------------------
// A meter's tariff settings: the household's where set, else what the contract data says

export type MeterTariffFields = {
  tariff: TariffOption | null;
  tariffKva: number | null;
  subscribedKva: number | null;
  tariffOption: string | null;
  offpeakHours: string | null;
  /** the household's dated sets (any order) */
  offpeakSlots: { validFrom: Date | string; ranges: unknown }[];
};

type OffpeakSet = { valid_from: string | null; ranges: OffpeakRange[]; source: "household" | "contract" };

export type TariffSettings = {
  option: TariffOption | null;
  kva: number | null;
  /** where the option comes from */
  optionSource: "household" | "contract" | null;
  /** for the cost computation: each set valid to the next one's first day */
  slots: OffpeakSlots[];
  /** for the view: newest first; the contract's (if any) last, applying before the household's first */
  sets: OffpeakSet[];
};

const KVA_OK = new Set([3, 6, 9, 12, 15, 18, 24, 30, 36]);
const dayText = (d: Date | string) => (typeof d === "string" ? d.slice(0, 10) : d.toISOString().slice(0, 10));
const asRanges = (v: unknown): OffpeakRange[] =>
  Array.isArray(v) ? v.filter((r): r is OffpeakRange => !!r && typeof r.from === "string" && typeof r.to === "string").map((r) => ({ from: r.from, to: r.to })) : [];

/**
 * The option, power and off-peak sets a meter is priced with: the household's choice wins; the
 * contract's (Enedis `tariff_option` text, `subscribed_kva`, `offpeak_hours` text) fills what it
 * left empty, and the contract's off-peak hours apply before the household's first dated set.
 */
export function tariffSettingsOf(m: MeterTariffFields): TariffSettings {
  const contractOption = optionFromContract(m.tariffOption);
  const option = m.tariff ?? contractOption;
  const kva = m.tariffKva ?? (m.subscribedKva !== null && KVA_OK.has(m.subscribedKva) ? m.subscribedKva : null);
  const own = m.offpeakSlots.map((s) => ({ validFrom: dayText(s.validFrom), ranges: asRanges(s.ranges) })).sort((a, b) => (a.validFrom < b.validFrom ? -1 : 1));
  const slots: OffpeakSlots[] = own.map((s, i) => ({ validFrom: s.validFrom, validTo: own[i + 1]?.validFrom ?? null, ranges: s.ranges }));
  const contract = offpeakFromContract(m.offpeakHours);
  if (contract) slots.unshift({ validFrom: "2000-01-01", validTo: own[0]?.validFrom ?? null, ranges: contract });
  const sets: OffpeakSet[] = own.map((s) => ({ valid_from: s.validFrom, ranges: s.ranges, source: "household" as const })).reverse();
  if (contract) sets.push({ valid_from: null, ranges: contract, source: "contract" });
  return { option, kva, optionSource: m.tariff ? "household" : contractOption ? "contract" : null, slots, sets };
}
