// How a schedule reads at a glance: month, day and hour ranges in words, and the parts that run.
// English by default (the back-office, components/admin/schedules.tsx, stays English); the
// schedules page passes its language's words (use-schedule-words.ts).
import { SHORT_MONTHS } from "@/components/ui/dates";
import { fixedText } from "@/components/ui/numbers";
import { DAY_NAMES, DAYS, hourLabel, HOURS, MONTH_NAMES, MONTHS } from "@/lib/schedules/rules";
import type { Locale } from "@/lib/shared/locale.mjs";
import { LONG_DAYS, LONG_MONTHS } from "@/lib/i18n/calendar-names";

/** The words a schedule is written with, in one language. */
export type ScheduleWords = {
  locale: Locale;
  allYear: string;
  noMonths: string;
  everyDay: string;
  noDays: string;
  allDay: string;
  noHours: string;
  /** "Part 1" */
  part: (n: number) => string;
  /** "Part 1: All year, Every day, 00:00–13:00, at 1,500 W" (a part's label, or none) */
  summary: (p: { label: string | null; months: string; days: string; hours: string; power: string }) => string;
};

export const ENGLISH_WORDS: ScheduleWords = {
  locale: "en",
  allYear: "All year",
  noMonths: "No months",
  everyDay: "Every day",
  noDays: "No days",
  allDay: "All day",
  noHours: "No hours",
  part: (n) => `Part ${n}`,
  summary: ({ label, months, days, hours, power }) => `${label ? `${label}: ` : ""}${months}, ${days}, ${hours}, at ${power}`,
};

/** The language's tag for Intl. */
const intlLocale = (locale: Locale) => (locale === "fr" ? "fr-FR" : "en-US");

// The names as Intl writes them (the long ones lib/i18n/calendar-names.ts, the short months the
// dates' own, components/ui/dates.ts; tests/unit/schedule-text.test.ts checks each against Intl),
// held rather than asked of Intl for the same reason as numberText's: a page's first Intl
// formatter costs 25-50 ms of ICU set-up, which the schedules page would pay for these alone.
const FRENCH_DAYS_SHORT = ["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."];

/** A month's name (1 = January): "January", "Jan"; "janvier", "janv." in French. */
export function monthName(month: number, locale: Locale = "en", width: "long" | "short" = "long"): string {
  if (locale === "fr") return (width === "long" ? LONG_MONTHS.fr : SHORT_MONTHS.fr)[month - 1] ?? String(month);
  const name = MONTH_NAMES[month - 1];
  if (!name) return String(month);
  return width === "long" ? name : name.slice(0, 3);
}

/** A day's name (0 = Monday): "Monday", "Mon"; "lundi", "lun." in French. */
export function dayName(day: number, locale: Locale = "en", width: "long" | "short" = "long"): string {
  if (locale === "fr") return (width === "long" ? LONG_DAYS.fr : FRENCH_DAYS_SHORT)[day] ?? String(day);
  const name = DAY_NAMES[day];
  if (!name) return String(day);
  return width === "long" ? name : name.slice(0, 3);
}

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

/** "All year", "January–March, November" (1 = January); "Toute l'année", "janvier–mars, novembre". */
export function monthsText(months: readonly number[], words: ScheduleWords = ENGLISH_WORDS): string {
  if (!months.length) return words.noMonths;
  if (MONTHS.every((m) => months.includes(m))) return words.allYear;
  return named(runsOf(months, [1, 12]), (m) => monthName(m, words.locale), 12);
}

/** "Every day", "Monday–Friday", "Saturday, Sunday" (0 = Monday); "Tous les jours", "lundi–vendredi". */
export function daysText(days: readonly number[], words: ScheduleWords = ENGLISH_WORDS): string {
  if (!days.length) return words.noDays;
  if (DAYS.every((d) => days.includes(d))) return words.everyDay;
  return named(runsOf(days), (d) => dayName(d, words.locale), 7);
}

/**
 * "All day", "10:00–16:00, 18:00–19:00", "22:00–03:00": the time spans covered by the hours (hour 10
 * is 10:00–11:00), a night across midnight as one span.
 */
export function hoursText(hours: readonly number[], words: ScheduleWords = ENGLISH_WORDS): string {
  if (!hours.length) return words.noHours;
  if (HOURS.every((h) => hours.includes(h))) return words.allDay;
  return runsOf(hours, [0, 23]).map(hourSpan).join(", ");
}

/** The month names of a list: "March, November" (the overlap message); "mars, novembre". */
export const monthNames = (months: readonly number[], locale: Locale = "en") => months.map((m) => monthName(m, locale)).join(", ");

/**
 * A number as Intl.NumberFormat writes it by default in the language: "1,500"; "1 500" in French
 * (a narrow no-break space). A whole number is written without Intl (components/ui/numbers.ts:
 * a page's first Intl formatter is what costs); any other goes to Intl.
 */
export function numberText(n: number, locale: Locale = "en"): string {
  return Number.isInteger(n) ? fixedText(n, 0, locale) : new Intl.NumberFormat(intlLocale(locale)).format(n);
}

/** "2,000 W", "2 000 W" in French; a power that is not a number yet reads "? W". */
export function powerText(watts: number | undefined, locale: Locale = "en"): string {
  return watts === undefined || !Number.isFinite(watts) ? "? W" : `${numberText(watts, locale)} W`;
}

/** A bound as the texts write it: "10000" in English (the specification's), "10 000" in French. */
export const boundText = (n: number, locale: Locale = "en") => (locale === "en" ? String(n) : numberText(n, locale));

export type PlanPart = { label: string | null; months: number[]; days: number[]; hours: number[]; average_power: number | undefined };

/** A part in words, for screen readers: "Part 1: All year, Every day, 00:00–13:00, at 1,500 W". */
export const partSummary = (p: PlanPart, words: ScheduleWords = ENGLISH_WORDS) =>
  words.summary({ label: p.label, months: monthsText(p.months, words), days: daysText(p.days, words), hours: hoursText(p.hours, words), power: powerText(p.average_power, words.locale) });

/**
 * What actually runs: the split parts ("Part 1", "Part 2") when there are any, else the main
 * schedule (label null). A split schedule's main settings are kept but not used.
 */
export function planOf<P extends { months: number[]; days: number[]; hours: number[]; average_power: number | undefined }>(s: P & { schedules?: P[] }, words: ScheduleWords = ENGLISH_WORDS): PlanPart[] {
  const part = (p: P, label: string | null): PlanPart => ({ label, months: p.months, days: p.days, hours: p.hours, average_power: p.average_power });
  return s.schedules?.length ? s.schedules.map((p, i) => part(p, words.part(i + 1))) : [part(s, null)];
}
