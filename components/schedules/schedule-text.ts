// How a schedule reads at a glance: month, day and hour ranges in words, and the parts that run.
import { DAY_NAMES, DAYS, hourLabel, HOURS, MONTH_NAMES, MONTHS } from "@/lib/schedules/rules";

/**
 * Runs of consecutive values, as [first, last] pairs, from any list (sorted, without repeats).
 * With a `cycle` (the first and last values of a year or a day), a run that ends the cycle and
 * one that starts it are one run across the turn: December to February, 22:00 to 03:00.
 */
export function runsOf(values: readonly number[], cycle?: readonly [number, number]): [number, number][] {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const v of sorted) {
    const last = runs[runs.length - 1];
    if (last && v === last[1] + 1) last[1] = v;
    else runs.push([v, v]);
  }
  if (cycle && runs.length > 1 && runs[0][0] === cycle[0] && runs[runs.length - 1][1] === cycle[1]) {
    const first = runs.shift()!;
    runs[runs.length - 1][1] = first[1];
  }
  return runs;
}

/** A run of one value by its name, of two as "A, B", of more as "A–C"; `size` is the cycle's length. */
const named = (runs: [number, number][], name: (v: number) => string, size: number) =>
  runs
    .map(([a, b]) => {
      const length = b >= a ? b - a + 1 : b + size - a + 1;
      return length === 1 ? name(a) : length === 2 ? `${name(a)}, ${name(b)}` : `${name(a)}–${name(b)}`;
    })
    .join(", ");

/** "10:00–16:00": hour b ends at b + 1 (23 ends at 24:00, and a run across midnight reads 22:00–03:00). */
const hourSpan = ([a, b]: [number, number]) => `${hourLabel(a)}–${hourLabel(b + 1)}`;

/** "All year", "January–March, November" (1 = January). */
export function monthsText(months: readonly number[]): string {
  if (!months.length) return "No months";
  if (MONTHS.every((m) => months.includes(m))) return "All year";
  return named(runsOf(months, [1, 12]), (m) => MONTH_NAMES[m - 1] ?? String(m), 12);
}

/** "Every day", "Monday–Friday", "Saturday, Sunday" (0 = Monday). */
export function daysText(days: readonly number[]): string {
  if (!days.length) return "No days";
  if (DAYS.every((d) => days.includes(d))) return "Every day";
  return named(runsOf(days), (d) => DAY_NAMES[d] ?? String(d), 7);
}

/**
 * "All day", "10:00–16:00, 18:00–19:00", "22:00–03:00": the time spans covered by the hours (hour 10
 * is 10:00–11:00), a night across midnight as one span.
 */
export function hoursText(hours: readonly number[]): string {
  if (!hours.length) return "No hours";
  if (HOURS.every((h) => hours.includes(h))) return "All day";
  return runsOf(hours, [0, 23]).map(hourSpan).join(", ");
}

/** The month names of a list: "March, November" (the overlap message). */
export const monthNames = (months: readonly number[]) => months.map((m) => MONTH_NAMES[m - 1] ?? String(m)).join(", ");

/** "2,000 W"; a power that is not a number yet reads "? W". */
export function powerText(watts: number | undefined): string {
  return watts === undefined || !Number.isFinite(watts) ? "? W" : `${new Intl.NumberFormat("en-US").format(watts)} W`;
}

export type PlanPart = { label: string | null; months: number[]; days: number[]; hours: number[]; average_power: number | undefined };

/**
 * What actually runs: the split parts ("Part 1", "Part 2") when there are any, else the main
 * schedule (label null). A split schedule's main settings are kept but not used.
 */
export function planOf<P extends { months: number[]; days: number[]; hours: number[]; average_power: number | undefined }>(s: P & { schedules?: P[] }): PlanPart[] {
  const part = (p: P, label: string | null): PlanPart => ({ label, months: p.months, days: p.days, hours: p.hours, average_power: p.average_power });
  return s.schedules?.length ? s.schedules.map((p, i) => part(p, `Part ${i + 1}`)) : [part(s, null)];
}
