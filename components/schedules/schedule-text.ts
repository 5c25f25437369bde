// How a schedule reads at a glance: month, day and hour ranges in words, and the parts that run.
import { DAY_NAMES, DAYS, hourLabel, HOURS, MONTH_NAMES, MONTHS } from "@/lib/validation/schedule";

/** Runs of consecutive values, as [first, last] pairs, from any list (sorted, without repeats). */
export function runsOf(values: readonly number[]): [number, number][] {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const v of sorted) {
    const last = runs[runs.length - 1];
    if (last && v === last[1] + 1) last[1] = v;
    else runs.push([v, v]);
  }
  return runs;
}

const named = (runs: [number, number][], name: (v: number) => string) =>
  runs.map(([a, b]) => (a === b ? name(a) : b === a + 1 ? `${name(a)}, ${name(b)}` : `${name(a)}–${name(b)}`)).join(", ");

/** "All year", "January–March, November" (1 = January). */
export function monthsText(months: readonly number[]): string {
  if (!months.length) return "No months";
  if (MONTHS.every((m) => months.includes(m))) return "All year";
  return named(runsOf(months), (m) => MONTH_NAMES[m - 1] ?? String(m));
}

/** "Every day", "Monday–Friday", "Saturday, Sunday" (0 = Monday). */
export function daysText(days: readonly number[]): string {
  if (!days.length) return "No days";
  if (DAYS.every((d) => days.includes(d))) return "Every day";
  return named(runsOf(days), (d) => DAY_NAMES[d] ?? String(d));
}

/** "All day", "10:00–16:00, 18:00–19:00": the time spans covered by the hours (hour 10 is 10:00–11:00). */
export function hoursText(hours: readonly number[]): string {
  if (!hours.length) return "No hours";
  if (HOURS.every((h) => hours.includes(h))) return "All day";
  return runsOf(hours).map(([a, b]) => `${hourLabel(a)}–${hourLabel(b + 1)}`).join(", ");
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
