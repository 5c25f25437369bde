// Carbon of a household's energy and the week's cleanest and dirtiest hours: pure functions over
// half-hour intensity rows (lib/energy/carbon.ts), no I/O. A half hour without an intensity is
// never counted as zero: its energy is reported apart and the result is marked partial.
import { addDays, addMonths, parisDayOf, parisDayStart, parisWall, weekdayOf } from "@/lib/integrations/linky/time";

const HALF_HOUR = 30 * 60_000;

export type IntensityRow = { start: Date; gPerKwh: number };
export type Bucket = "30min" | "hour" | "day" | "month";

type CarbonBucket = {
  start: Date;
  wh: number;
  /** kg CO2 of the energy whose half hours have an intensity; null when none has */
  kg: number | null;
  /** mean intensity over the bucket's half hours that have one */
  gPerKwh: number | null;
  /** half hours in the bucket (46, 48 or 50 in a Paris day) and those with an intensity */
  halfHours: number;
  halfHoursWithIntensity: number;
  /** energy in half hours without an intensity (counted in no kg) */
  whWithoutIntensity: number;
  partial: boolean;
};

export type CarbonOf = {
  kg: number;
  wh: number;
  whWithIntensity: number;
  whWithoutIntensity: number;
  /** some energy had no intensity: `kg` covers `whWithIntensity` only */
  partial: boolean;
  buckets: CarbonBucket[];
};

/** Where a bucket starting at `t` ends: Paris days and months (23, 25-hour days included). */
export function bucketEnd(t: number, bucket: Bucket): number {
  switch (bucket) {
    case "30min":
      return t + HALF_HOUR;
    case "hour":
      return t + 2 * HALF_HOUR;
    case "day":
      return parisDayStart(addDays(parisDayOf(t), 1));
    case "month":
      return parisDayStart(addMonths(`${parisDayOf(t).slice(0, 7)}-01`, 1));
  }
}

/**
 * kg CO2 of readings (buckets of `bucket`, as `aggregate` returns them) under half-hour
 * intensities. A bucket's energy is spread evenly over its half hours (exact for 30-minute
 * readings; for longer buckets the flat profile is the assumption), each half hour counted at its
 * own intensity: kg = Σ (wh / n) × g / 10⁶.
 */
export function carbonOf(readings: { start: Date; wh: number }[], intensity: IntensityRow[], bucket: Bucket = "30min"): CarbonOf {
  const g = new Map(intensity.map((r) => [r.start.getTime(), r.gPerKwh]));
  const buckets: CarbonBucket[] = [];
  let kgTotal = 0;
  let whTotal = 0;
  let whWithout = 0;
  for (const r of readings) {
    const start = r.start.getTime();
    const end = bucketEnd(start, bucket);
    const n = Math.round((end - start) / HALF_HOUR);
    const whPerHalfHour = r.wh / n;
    let grams = 0;
    let known = 0;
    let gSum = 0;
    for (let t = start; t < end; t += HALF_HOUR) {
      const v = g.get(t);
      if (v === undefined) continue;
      known += 1;
      gSum += v;
      grams += (whPerHalfHour / 1000) * v;
    }
    const without = whPerHalfHour * (n - known);
    const kg = known ? grams / 1000 : r.wh === 0 ? 0 : null;
    buckets.push({
      start: r.start,
      wh: r.wh,
      kg,
      gPerKwh: known ? gSum / known : null,
      halfHours: n,
      halfHoursWithIntensity: known,
      whWithoutIntensity: without,
      partial: without > 0,
    });
    kgTotal += kg ?? 0;
    whTotal += r.wh;
    whWithout += without;
  }
  return { kg: kgTotal, wh: whTotal, whWithIntensity: whTotal - whWithout, whWithoutIntensity: whWithout, partial: whWithout > 0, buckets };
}

type HourOfWeek = {
  /** 1 Monday ... 7 Sunday, Paris */
  weekday: number;
  /** 0-23, Paris wall clock */
  hour: number;
  /** mean of the half hours held */
  gPerKwh: number;
  halfHours: number;
  /** fewer half hours than the hour has in that week (week mode only) */
  partial: boolean;
};

export type CleanestDirtiest = {
  /** every hour of the week with an intensity, Monday 00:00 first */
  hours: HourOfWeek[];
  cleanest: HourOfWeek[];
  dirtiest: HourOfWeek[];
  /** hours of the week without any intensity (left out, never zero) */
  missingHours: number;
  partial: boolean;
};

const isoWeekday = (day: string) => ((weekdayOf(day) + 6) % 7) + 1;

/** The Paris Monday (`YYYY-MM-DD`) of the week holding instant `t`. */
export function parisMondayOf(t: number): string {
  const day = parisDayOf(t);
  return addDays(day, 1 - isoWeekday(day));
}

/**
 * The cleanest and dirtiest hours of the week by Paris hour of week (Monday 00:00 ... Sunday
 * 23:00). With `week` (any instant of it), the rows of that Paris week (Monday to Monday) only,
 * each hour against the half hours it really has (the repeated October hour has four, the skipped
 * March hour none and is not missing); with `week` null, every row, as a typical week. Ties go to
 * the earlier hour.
 */
export function cleanestAndDirtiestHours(intensity: IntensityRow[], week: Date | null, count = 3): CleanestDirtiest {
  const key = (t: number) => {
    const w = parisWall(t);
    return (isoWeekday(parisDayOf(t)) - 1) * 24 + w.h;
  };
  let rows = intensity;
  const expected = new Map<number, number>();
  if (week) {
    const from = parisDayStart(parisMondayOf(week.getTime()));
    const to = parisDayStart(addDays(parisMondayOf(week.getTime()), 7));
    rows = intensity.filter((r) => r.start.getTime() >= from && r.start.getTime() < to);
    for (let t = from; t < to; t += HALF_HOUR) expected.set(key(t), (expected.get(key(t)) ?? 0) + 1);
  } else for (let k = 0; k < 168; k++) expected.set(k, 0);
  const sums = new Map<number, { sum: number; n: number }>();
  for (const r of rows) {
    const k = key(r.start.getTime());
    const s = sums.get(k) ?? { sum: 0, n: 0 };
    s.sum += r.gPerKwh;
    s.n += 1;
    sums.set(k, s);
  }
  const hours: HourOfWeek[] = [...sums.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([k, s]) => ({ weekday: Math.floor(k / 24) + 1, hour: k % 24, gPerKwh: s.sum / s.n, halfHours: s.n, partial: week ? s.n < (expected.get(k) ?? 0) : false }));
  const missingHours = [...expected.keys()].filter((k) => !sums.has(k)).length;
  const byG = [...hours].sort((a, b) => a.gPerKwh - b.gPerKwh || a.weekday - b.weekday || a.hour - b.hour);
  const dirtiest = [...hours].sort((a, b) => b.gPerKwh - a.gPerKwh || a.weekday - b.weekday || a.hour - b.hour);
  return {
    hours,
    cleanest: byG.slice(0, count),
    dirtiest: dirtiest.slice(0, count),
    missingHours,
    partial: missingHours > 0 || hours.some((h) => h.partial),
  };
}
