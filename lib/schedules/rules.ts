// The week-ahead schedules' pure rules, shared by the editor, the admin and the schema
// (lib/validation/schedule.ts): the power's bounds, the calendar's values and names, overlaps,
// splitting, defaults. No zod here: the schedules page loads the schema only with the editor.
import type { ScheduleData, ScheduleDataInput, SchedulePart } from "@/lib/validation/schedule";
import { LONG_DAYS, LONG_MONTHS } from "@/lib/i18n/calendar-names";

export const POWER_MIN = 1;
export const POWER_MAX = 10000;
/** The editor's step; the server accepts any number (a split part is the original plus 1). */
export const POWER_STEP = 50;
export const MAX_PARTS = 2;
/** The longest resource name (der_name) a schedule takes. */
export const NAME_MAX = 100;
export const OVERLAP_DETAIL = "Months are not allowed to overlap between schedules";

export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const HOURS = Array.from({ length: 24 }, (_, h) => h);
export const MONTH_NAMES = LONG_MONTHS.en;
export const DAY_NAMES = LONG_DAYS.en;

/** The months that appear in more than one part, ascending. */
export function overlappingMonths(parts: { months: number[] }[]): number[] {
  const seen = new Map<number, number>();
  for (const p of parts) for (const m of new Set(p.months)) seen.set(m, (seen.get(m) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([m]) => m).sort((a, b) => a - b);
}

/** The editor's starting point (see API.md's Decision: all twelve months). */
export function newScheduleDefaults(now = new Date()): ScheduleDataInput {
  return { der_name: "new schedule", average_power: 0, months: [...MONTHS], days: [...DAYS], hours: HOURS.slice(0, 13), start_date: now.toISOString() };
}

/** Splits a schedule into two parts copying its months, days and hours; the second runs at power + 1. */
export function splitSchedule(d: Pick<ScheduleData, "months" | "days" | "hours" | "average_power">): SchedulePart[] {
  const part = { months: [...d.months], days: [...d.days], hours: [...d.hours], average_power: d.average_power };
  return [part, { ...part, months: [...d.months], days: [...d.days], hours: [...d.hours], average_power: d.average_power + 1 }];
}

/** Adds the value if absent, removes it if present (months, days, hours), keeping the list sorted. */
export function toggle(list: number[], value: number): number[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value].sort((a, b) => a - b);
}

export const hourLabel = (h: number) => `${String(h).padStart(2, "0")}:00`;
