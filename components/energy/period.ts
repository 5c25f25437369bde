// My Energy's periods and their words: Paris local days as `YYYY-MM-DD` strings, a period from
// (inclusive) to (exclusive), as in docs/my-energy.md. Pure: no React, no browser. Words follow
// the reader's language: a `locale` (English by default, as the specification writes them) and,
// for sentences, the "energy" part's translator `t`. Amounts and day ranges: format.ts.
import type { createTranslator } from "use-intl/core";
import type { Catalog } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/shared/locale.mjs";
import type { Bucket } from "@/lib/swr/use-energy";
import { addDays, at, DAY, dayOfUtc, intlLocale, parts, rangeText, utcOf } from "./format";

// Intl's formatters are costly to make: one per language and options, kept (here rather than in
// format.ts, which Home loads and which makes none)
const formatters = new Map<string, Intl.DateTimeFormat>();
const fmt = (locale: Locale, opts: Intl.DateTimeFormatOptions, timeZone = "UTC") => {
  const key = `${locale}|${timeZone}|${JSON.stringify(opts)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(intlLocale(locale), { timeZone, ...opts })));
  return f;
};
const dMonthYear = (l: Locale) => fmt(l, { day: "numeric", month: "short", year: "numeric" });

/** The "energy" part's translator (use-intl's `useTranslations("energy")`, or `getT("energy")`). */
export type EnergyT = ReturnType<typeof createTranslator<Catalog, "energy">>;

export type PeriodKind = "day" | "week" | "month" | "year" | "custom";
export const PERIOD_KINDS: PeriodKind[] = ["day", "week", "month", "year", "custom"];

/** `anchor`: any day of the period; for custom, `from` and `to` (exclusive) say it all. */
export type Period = { kind: PeriodKind; anchor: string; from: string; to: string };

const TZ = "Europe/Paris";

export const isDay = (s: string) => DAY.test(s) && dayOfUtc(utcOf(s)) === s;

/** Today in Paris. */
export function parisToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Same day-of-month n months later, clamped to the month's end (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = parts(day);
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return dayOfUtc(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)));
}

export const daysBetween = (from: string, to: string) => Math.round((utcOf(to) - utcOf(from)) / 86_400_000);

/** 0 Monday ... 6 Sunday */
const weekdayOf = (day: string) => (new Date(utcOf(day)).getUTCDay() + 6) % 7;

/** The period of `kind` holding `anchor` (custom keeps its own range). */
export function periodOf(kind: PeriodKind, anchor: string, custom?: { from: string; to: string }): Period {
  switch (kind) {
    case "day":
      return { kind, anchor, from: anchor, to: addDays(anchor, 1) };
    case "week": {
      const from = addDays(anchor, -weekdayOf(anchor));
      return { kind, anchor, from, to: addDays(from, 7) };
    }
    case "month": {
      const from = `${anchor.slice(0, 7)}-01`;
      return { kind, anchor, from, to: addMonths(from, 1) };
    }
    case "year": {
      const from = `${anchor.slice(0, 4)}-01-01`;
      return { kind, anchor, from, to: addMonths(from, 12) };
    }
    case "custom": {
      const from = custom?.from ?? addDays(anchor, -6);
      const to = custom?.to ?? addDays(anchor, 1);
      return { kind, anchor: from, from, to };
    }
  }
}

/** The period before (-1) or after (+1): custom ranges move by their own length. */
export function shiftPeriod(p: Period, dir: -1 | 1): Period {
  switch (p.kind) {
    case "day":
      return periodOf("day", addDays(p.anchor, dir));
    case "week":
      return periodOf("week", addDays(p.anchor, 7 * dir));
    case "month":
      return periodOf("month", addMonths(p.anchor, dir));
    case "year":
      return periodOf("year", addMonths(p.anchor, 12 * dir));
    case "custom": {
      const n = daysBetween(p.from, p.to) * dir;
      return periodOf("custom", addDays(p.from, n), { from: addDays(p.from, n), to: addDays(p.to, n) });
    }
  }
}

/** Custom ranges are at most 10 years (the API's limit). */
export const MAX_CUSTOM_DAYS = 3653;

const lists = new Map<Locale, Intl.ListFormat>();
const listFormat = (locale: Locale) => {
  let f = lists.get(locale);
  if (!f) lists.set(locale, (f = new Intl.ListFormat(intlLocale(locale), { type: "conjunction" })));
  return f;
};
/** French writes a label's first word (a weekday, a month) in lower case; a label begins with a capital. */
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A Paris day in words: "Tue 4 Nov 2025", "mar. 4 nov. 2025". */
export const dayText = (day: string, locale: Locale = "en") => `${fmt(locale, { weekday: "short" }).format(at(day))} ${dMonthYear(locale).format(at(day))}`;

/** "Tuesday 4 November 2025", "3–9 Nov 2025", "November 2025", "2025", "28 Oct 2025 – 3 Jan 2026" ("Mardi 4 novembre 2025"...). */
export function periodLabel(p: Period, locale: Locale = "en"): string {
  const last = addDays(p.to, -1);
  switch (p.kind) {
    case "day":
      return capital(`${fmt(locale, { weekday: "long" }).format(at(p.from))} ${fmt(locale, { day: "numeric", month: "long", year: "numeric" }).format(at(p.from))}`);
    case "month":
      return capital(fmt(locale, { month: "long", year: "numeric" }).format(at(p.from)));
    case "year":
      return p.from.slice(0, 4);
    default:
      return rangeText(p.from, last, true, locale);
  }
}


/** Missing days (sorted or not) as runs in words: "No data for 5–6 Nov and 12 Nov" ("Aucune donnée pour 5–6 nov. et 12 nov."). */
export function missingDaysText(t: EnergyT, locale: Locale, days: string[], periodFrom: string, periodTo: string, max = 5): string | null {
  if (!days.length) return null;
  const sorted = [...new Set(days)].sort();
  const runs: [string, string][] = [];
  for (const d of sorted) {
    const run = runs[runs.length - 1];
    if (run && addDays(run[1], 1) === d) run[1] = d;
    else runs.push([d, d]);
  }
  const withYear = periodFrom.slice(0, 4) !== addDays(periodTo, -1).slice(0, 4);
  const shown = runs.slice(0, max).map(([a, b]) => rangeText(a, b, withYear, locale));
  const rest = runs.slice(max).reduce((n, [a, b]) => n + daysBetween(a, b) + 1, 0);
  if (rest) shown.push(t("words.moreDays", { count: rest }));
  // "a, b and c" (en-GB writes no comma before "and"), "a, b et c"
  return t("words.noDataFor", { list: listFormat(locale).format(shown) });
}

const hm = (l: Locale) => fmt(l, { hour: "2-digit", minute: "2-digit", hour12: false }, TZ);
const pDayMonth = (l: Locale) => fmt(l, { day: "numeric", month: "short" }, TZ);
const pWeekday = (l: Locale) => fmt(l, { weekday: "short" }, TZ);
const pDay = (l: Locale) => fmt(l, { day: "numeric" }, TZ);
const pMonth = (l: Locale) => fmt(l, { month: "short" }, TZ);
const pMonthYear = (l: Locale) => fmt(l, { month: "short", year: "numeric" }, TZ);
const pFull = (l: Locale, t: Date) => `${pWeekday(l).format(t)} ${fmt(l, { day: "numeric", month: "short", year: "numeric" }, TZ).format(t)}`;

/** A time of day in Paris, "14:07" (both languages). */
export const parisTimeText = (iso: string) => hm("en").format(new Date(iso));

/** A bucket's short label on the chart's axis, by the bucket's size and the period's length. */
export function bucketLabel(startIso: string, bucket: Bucket, periodDays: number, locale: Locale = "en"): string {
  const t = new Date(startIso);
  switch (bucket) {
    case "30min":
    case "hour":
      return periodDays > 1 ? `${pWeekday(locale).format(t)} ${hm(locale).format(t)}` : hm(locale).format(t);
    case "day":
      return periodDays <= 7 ? `${pWeekday(locale).format(t)} ${pDay(locale).format(t)}` : pDayMonth(locale).format(t);
    case "month":
      return periodDays <= 366 ? pMonth(locale).format(t) : pMonthYear(locale).format(t);
  }
}

/** A bucket in full words, for the table and the tooltip: "Tue 4 Nov 2025, 13:30–14:00", "Nov 2025". */
export function bucketText(startIso: string, endIso: string, bucket: Bucket, locale: Locale = "en"): string {
  const s = new Date(startIso);
  switch (bucket) {
    case "30min":
    case "hour":
      return `${pFull(locale, s)}, ${hm(locale).format(s)}–${hm(locale).format(new Date(endIso))}`;
    case "day":
      return pFull(locale, s);
    case "month":
      return pMonthYear(locale).format(s);
  }
}



/** An hour of the week (weekday 1 Monday ... 7 Sunday): "Tuesday 14:00–15:00", "mardi 14:00–15:00". */
export const hourOfWeekText = (weekday: number, hour: number, locale: Locale = "en") => {
  // 5 January 1970 was a Monday
  const name = weekday >= 1 ? fmt(locale, { weekday: "long" }).format(new Date(Date.UTC(1970, 0, 5 + ((weekday - 1) % 7)))) : "?";
  return `${name} ${String(hour).padStart(2, "0")}:00–${String((hour + 1) % 24).padStart(2, "0")}:00`;
};
