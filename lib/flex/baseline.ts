// The household baseline of the flexibility feature, `xofy-10-4`: what a resource would have used
// on a day without the event, from its recent days of the same type; what it delivered against it;
// how well the baseline would have guessed its ordinary days. Documented in
// /work/shared/FLEXIBILITY.md, "Baselines: what the household would have used". Pure functions.
import { dayType } from "@/lib/flex/calendar";
import { addDays, parisDayStart, parisWall, pointsPerDay } from "@/lib/time/paris";

/** Energy (Wh) per period of each local day, `null` where missing; arrays of `pointsPerDay(day, stepMin)`. */
export type DailyEnergy = { stepMin: 15 | 30; byDay: ReadonlyMap<string, readonly (number | null)[]> };

export type BaselineOptions = {
  method?: "mean" | "median";
  /** Calendar days before the target day a candidate may be. */
  lookbackDays?: number;
  /** Candidates kept for a working day, and for a non-working day. */
  working?: number;
  nonWorking?: number;
  /** Largest share of a candidate's periods that may be missing. */
  maxMissingShare?: number;
  /** Event days and abnormal days of the household: never candidates. */
  excluded?: ReadonlySet<string>;
};

export type Baseline =
  | { status: "ok"; days: string[]; values: number[] }
  | { status: "insufficient"; days: string[]; needed: number };

export type Accuracy = { bias: number | null; relativeRmse: number | null; normalisedMae: number | null };

const DEFAULTS = { method: "mean", lookbackDays: 60, working: 10, nonWorking: 4, maxMissingShare: 0.1 } as const;

/**
 * The local minute of the day each period of `day` starts at: 0, 15, ... 1425 at 15 minutes. On the
 * 25-hour day (last Sunday of October) 02:00-03:00 comes twice (120...165, then 120...165 again); on
 * the 23-hour day (last Sunday of March) it is absent (105 is followed by 180).
 */
export function localSlots(day: string, stepMin: number): number[] {
  const n = pointsPerDay(day, stepMin);
  // a 24-hour day (all but two a year): its periods start every `stepMin` minutes from midnight
  if (n * stepMin === 1440) return Array.from({ length: n }, (_, i) => i * stepMin);
  const start = parisDayStart(day);
  return Array.from({ length: n }, (_, i) => {
    const w = parisWall(start + i * stepMin * 60_000);
    return w.h * 60 + w.mi;
  });
}

/** A day's values, `undefined` when absent; throws on an array of the wrong length (a caller's bug). */
function readDay(energy: DailyEnergy, day: string): readonly (number | null)[] | undefined {
  const row = energy.byDay.get(day);
  const expected = pointsPerDay(day, energy.stepMin);
  if (row && row.length !== expected) throw new Error(`${day}: ${row.length} periods, expected ${expected} at ${energy.stepMin} minutes`);
  return row;
}

/**
 * A candidate day's values laid on the target day's periods by local time of day. Each target period
 * takes the candidate's period that starts at the same local time: both occurrences of October's
 * repeated 02:00-03:00 take the candidate's one 02:00-03:00 hour. A 25-hour candidate gives its first
 * (summer time) occurrence of that hour. A 23-hour candidate has no 02:00-03:00: it lends its
 * 01:00-02:00 values instead, the hour just before, so that every candidate fills every period.
 */
function alignTo(targetSlots: number[], candidate: string, row: readonly (number | null)[], stepMin: number): (number | null)[] {
  // two 24-hour days: period for period
  if (targetSlots.length * stepMin === 1440 && row.length === targetSlots.length) return row.slice();
  const indexOf = new Map<number, number>();
  localSlots(candidate, stepMin).forEach((minute, i) => indexOf.has(minute) || indexOf.set(minute, i));
  return targetSlots.map((minute) => {
    const i = indexOf.get(minute) ?? indexOf.get(minute - 60);
    return i === undefined ? null : row[i];
  });
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * A period no candidate knows (possible only outside the event window, where each candidate may miss
 * a few) takes the mean of the nearest known periods before and after it.
 */
function fillGaps(xs: (number | null)[]): number[] {
  const nearest = (i: number, step: number) => {
    for (let j = i + step; j >= 0 && j < xs.length; j += step) if (xs[j] !== null) return xs[j];
    return null;
  };
  return xs.map((x, i) => x ?? mean([nearest(i, -1), nearest(i, 1)].filter((v): v is number => v !== null)));
}

/**
 * The baseline of `day`: per period, the mean (or median) of the most recent days of the same type
 * within the lookback, not excluded, missing at most `maxMissingShare` of their periods and none of
 * `window` (period indexes [from, to) of `day`, the event). No in-day adjustment (FLEXIBILITY.md).
 */
export function baseline(energy: DailyEnergy, day: string, options: BaselineOptions & { window?: [number, number] } = {}): Baseline {
  const o = { ...DEFAULTS, ...options };
  if (energy.stepMin !== 15 && energy.stepMin !== 30) throw new Error(`Step of ${energy.stepMin} minutes: 15 or 30 expected`);
  const slots = localSlots(day, energy.stepMin);
  const [from, to] = o.window ?? [0, 0];
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || from > to || to > slots.length) throw new Error(`Window [${from}, ${to}) is not within ${day}`);
  const type = dayType(day);
  const needed = type === "working" ? o.working : o.nonWorking;

  const days: string[] = [];
  const rows: (number | null)[][] = [];
  for (let back = 1; back <= o.lookbackDays && days.length < needed; back++) {
    const d = addDays(day, -back);
    const row = readDay(energy, d);
    if (!row || dayType(d) !== type || o.excluded?.has(d)) continue;
    if (row.filter((v) => v === null).length / row.length > o.maxMissingShare) continue;
    const aligned = alignTo(slots, d, row, energy.stepMin);
    if (aligned.slice(from, to).some((v) => v === null)) continue;
    days.push(d);
    rows.push(aligned);
  }
  if (days.length < needed) return { status: "insufficient", days, needed };

  const combine = o.method === "median" ? median : mean;
  const values = slots.map((_, i) => {
    const known = rows.map((r) => r[i]).filter((v): v is number => v !== null);
    return known.length ? combine(known) : null;
  });
  return { status: "ok", days, values: fillGaps(values) };
}

/**
 * Flexibility delivered per period, F = B − A for a reduction (`down`), A − B for an increase (`up`),
 * `null` where the actual is missing; `total` sums the known periods.
 */
export function delivered(direction: "down" | "up", baselineValues: readonly number[], actual: readonly (number | null)[]): { perPeriod: (number | null)[]; total: number } {
  if (baselineValues.length !== actual.length) throw new Error(`Baseline of ${baselineValues.length} periods, actual of ${actual.length}`);
  const perPeriod = actual.map((a, i) => (a === null ? null : direction === "down" ? baselineValues[i] - a : a - baselineValues[i]));
  return { perPeriod, total: perPeriod.reduce<number>((s, f) => s + (f ?? 0), 0) };
}

/**
 * Over every period of the days given: bias Σ(B−A)/ΣA, relative RMSE √mean((B−A)²)/mean(A) and
 * normalised MAE Σ|B−A|/ΣA; all `null` when ΣA is 0 (nothing to compare with).
 */
export function accuracy(pairs: readonly { baseline: readonly number[]; actual: readonly number[] }[]): Accuracy {
  let n = 0, sumA = 0, sumE = 0, sumE2 = 0, sumAbs = 0;
  for (const { baseline: b, actual: a } of pairs) {
    if (b.length !== a.length) throw new Error(`Baseline of ${b.length} periods, actual of ${a.length}`);
    a.forEach((ai, i) => {
      const e = b[i] - ai;
      n += 1;
      sumA += ai;
      sumE += e;
      sumE2 += e * e;
      sumAbs += Math.abs(e);
    });
  }
  if (sumA === 0) return { bias: null, relativeRmse: null, normalisedMae: null };
  return { bias: sumE / sumA, relativeRmse: Math.sqrt(sumE2 / n) / (sumA / n), normalisedMae: sumAbs / sumA };
}

/**
 * The accuracy the baseline would have had on `days` (recent days without an event): each is treated
 * as an event day, its baseline compared with what was used, over the periods whose actual is known.
 * A day that is excluded, absent or without enough candidates is not testable.
 */
export function backtest(energy: DailyEnergy, days: readonly string[], options: BaselineOptions = {}): { accuracy: Accuracy; testable: number } {
  const pairs: { baseline: number[]; actual: number[] }[] = [];
  for (const day of days) {
    const actual = readDay(energy, day);
    if (!actual || options.excluded?.has(day)) continue;
    const b = baseline(energy, day, { ...options, excluded: new Set([...(options.excluded ?? []), day]) });
    if (b.status !== "ok") continue;
    const known = actual.flatMap((a, i) => (a === null ? [] : [i]));
    pairs.push({ baseline: known.map((i) => b.values[i]), actual: known.map((i) => actual[i] as number) });
  }
  return { accuracy: accuracy(pairs), testable: pairs.length };
}

// Verdict thresholds. A relative RMSE of 20 % is AEMO's accuracy limit for a baseline (Wholesale
// Demand Response, Baseline Eligibility, Compliance and Metrics Policy, 2021; FLEXIBILITY.md). The
// bias limits and the "fair" band are Foyer's: bias weighs more for households (FLEXIBILITY.md).
const GOOD_MAX_BIAS = 0.1;
const GOOD_MAX_RELATIVE_RMSE = 0.2;
const FAIR_MAX_BIAS = 0.2;
const FAIR_MAX_RELATIVE_RMSE = 0.35;

export type Predictability = "good" | "fair" | "poor" | "unknown";

/** How far a household's baseline can be trusted, from its backtest accuracy. */
export function predictability(acc: Accuracy): Predictability {
  if (acc.bias === null || acc.relativeRmse === null) return "unknown";
  const bias = Math.abs(acc.bias);
  if (bias <= GOOD_MAX_BIAS && acc.relativeRmse <= GOOD_MAX_RELATIVE_RMSE) return "good";
  if (bias <= FAIR_MAX_BIAS && acc.relativeRmse <= FAIR_MAX_RELATIVE_RMSE) return "fair";
  return "poor";
}
