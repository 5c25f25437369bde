// My Energy's periods and numbers in words: Paris local days as `YYYY-MM-DD` strings, a period
// from (inclusive) to (exclusive), as in docs/my-energy.md. Pure: no React, no browser.
import type { Bucket } from "@/lib/swr/use-energy";

export type PeriodKind = "day" | "week" | "month" | "year" | "custom";
export const PERIOD_KINDS: { kind: PeriodKind; label: string }[] = [
  { kind: "day", label: "Day" },
  { kind: "week", label: "Week" },
  { kind: "month", label: "Month" },
  { kind: "year", label: "Year" },
  { kind: "custom", label: "Custom" },
];

/** `anchor`: any day of the period; for custom, `from` and `to` (exclusive) say it all. */
export type Period = { kind: PeriodKind; anchor: string; from: string; to: string };

const TZ = "Europe/Paris";
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const parts = (day: string) => {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`Not a day: ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])] as const;
};
const utcOf = (day: string) => {
  const [y, mo, d] = parts(day);
  return Date.UTC(y, mo - 1, d);
};
const dayOfUtc = (t: number) => new Date(t).toISOString().slice(0, 10);

export const isDay = (s: string) => DAY.test(s) && dayOfUtc(utcOf(s)) === s;

/** Today in Paris. */
export function parisToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export const addDays = (day: string, n: number) => dayOfUtc(utcOf(day) + n * 86_400_000);

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

const fmt = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", ...opts });
const dMonth = fmt({ day: "numeric", month: "short" });
const dMonthYear = fmt({ day: "numeric", month: "short", year: "numeric" });
const monthYear = fmt({ month: "long", year: "numeric" });
const weekdayLong = fmt({ weekday: "long" });
const dayMonthLongYear = fmt({ day: "numeric", month: "long", year: "numeric" });
const at = (day: string) => new Date(utcOf(day));

/** A Paris day in words: "Tue 4 Nov 2025". */
export const dayText = (day: string) => `${fmt({ weekday: "short" }).format(at(day))} ${dMonthYear.format(at(day))}`;

/** "Tuesday 4 November 2025", "3–9 Nov 2025", "November 2025", "2025", "28 Oct 2025 – 3 Jan 2026". */
export function periodLabel(p: Period): string {
  const last = addDays(p.to, -1);
  switch (p.kind) {
    case "day":
      return `${weekdayLong.format(at(p.from))} ${dayMonthLongYear.format(at(p.from))}`;
    case "month":
      return monthYear.format(at(p.from));
    case "year":
      return p.from.slice(0, 4);
    default:
      return rangeText(p.from, last, true);
  }
}

/** Days `first`..`last` (inclusive) in words: "5 Nov", "5–6 Nov", "30 Oct–2 Nov", with the year when asked. */
export function rangeText(first: string, last: string, withYear: boolean): string {
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  if (first === last) return (withYear ? dMonthYear : dMonth).format(at(first));
  if (first.slice(0, 7) === last.slice(0, 7)) return `${Number(first.slice(8))}–${(withYear ? dMonthYear : dMonth).format(at(last))}`;
  if (sameYear) return `${dMonth.format(at(first))} – ${(withYear ? dMonthYear : dMonth).format(at(last))}`;
  return `${dMonthYear.format(at(first))} – ${dMonthYear.format(at(last))}`;
}

/** Missing days (sorted or not) as runs in words: "No data for 5–6 Nov and 12 Nov". */
export function missingDaysText(days: string[], periodFrom: string, periodTo: string, max = 5): string | null {
  if (!days.length) return null;
  const sorted = [...new Set(days)].sort();
  const runs: [string, string][] = [];
  for (const d of sorted) {
    const run = runs[runs.length - 1];
    if (run && addDays(run[1], 1) === d) run[1] = d;
    else runs.push([d, d]);
  }
  const withYear = periodFrom.slice(0, 4) !== addDays(periodTo, -1).slice(0, 4);
  const shown = runs.slice(0, max).map(([a, b]) => rangeText(a, b, withYear));
  const rest = runs.slice(max).reduce((n, [a, b]) => n + daysBetween(a, b) + 1, 0);
  if (rest) shown.push(`${rest} more ${rest === 1 ? "day" : "days"}`);
  const list = shown.length > 1 ? `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}` : shown[0];
  return `No data for ${list}`;
}

const hm = new Intl.DateTimeFormat("en-GB", { timeZone: TZ, hour: "2-digit", minute: "2-digit", hour12: false });
const pDayMonth = new Intl.DateTimeFormat("en-GB", { timeZone: TZ, day: "numeric", month: "short" });
const pWeekday = new Intl.DateTimeFormat("en-GB", { timeZone: TZ, weekday: "short" });
const pDay = new Intl.DateTimeFormat("en-GB", { timeZone: TZ, day: "numeric" });
const pMonth = new Intl.DateTimeFormat("en-GB", { timeZone: TZ, month: "short" });
const pMonthYear = new Intl.DateTimeFormat("en-GB", { timeZone: TZ, month: "short", year: "numeric" });
const pDayMonthYear = new Intl.DateTimeFormat("en-GB", { timeZone: TZ, day: "numeric", month: "short", year: "numeric" });
const pFull = { format: (t: Date) => `${pWeekday.format(t)} ${pDayMonthYear.format(t)}` };

/** A bucket's short label on the chart's axis, by the bucket's size and the period's length. */
export function bucketLabel(startIso: string, bucket: Bucket, periodDays: number): string {
  const t = new Date(startIso);
  switch (bucket) {
    case "30min":
    case "hour":
      return periodDays > 1 ? `${pWeekday.format(t)} ${hm.format(t)}` : hm.format(t);
    case "day":
      return periodDays <= 7 ? `${pWeekday.format(t)} ${pDay.format(t)}` : pDayMonth.format(t);
    case "month":
      return periodDays <= 366 ? pMonth.format(t) : pMonthYear.format(t);
  }
}

/** A bucket in full words, for the table and the tooltip: "Tue 4 Nov 2025, 13:30–14:00", "Nov 2025". */
export function bucketText(startIso: string, endIso: string, bucket: Bucket): string {
  const s = new Date(startIso);
  switch (bucket) {
    case "30min":
    case "hour":
      return `${pFull.format(s)}, ${hm.format(s)}–${hm.format(new Date(endIso))}`;
    case "day":
      return pFull.format(s);
    case "month":
      return pMonthYear.format(s);
  }
}

export const BUCKET_LABEL: Record<Bucket, string> = { "30min": "30 minutes", hour: "hours", day: "days", month: "months" };

const num = (digits: number) => new Intl.NumberFormat("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const n0 = num(0), n1 = num(1), n2 = num(2);

/** kWh with the digits that matter: 0.42, 8.31, 42.1, 1,234. */
export function kwhText(v: number | null | undefined, unit = true): string {
  if (v === null || v === undefined) return "–";
  const a = Math.abs(v);
  const s = (a < 10 ? n2 : a < 100 ? n1 : n0).format(v);
  return unit ? `${s} kWh` : s;
}

const eur2 = new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const eur4 = new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR", minimumFractionDigits: 4, maximumFractionDigits: 4 });
/** € with cents; `precise` (a half hour's or an hour's cost) with 4 decimals. */
export const eurText = (v: number | null | undefined, precise = false) => (v === null || v === undefined ? "–" : (precise ? eur4 : eur2).format(v));

export const pctText = (rate: number | null | undefined) => (rate === null || rate === undefined ? "–" : `${Math.round(rate * 100)} %`);

export const kgText = (v: number | null | undefined) => (v === null || v === undefined ? "–" : `${(v < 10 ? n2 : v < 100 ? n1 : n0).format(v)} kg CO₂`);

/** "+12 %" / "−8 %" of `now` against `before`; null when either is unknown or `before` is 0. */
export function changeText(now: number | null | undefined, before: number | null | undefined): string | null {
  if (now === null || now === undefined || before === null || before === undefined || before === 0) return null;
  const p = Math.round(((now - before) / before) * 100);
  return p === 0 ? "same as" : `${p > 0 ? "+" : "−"}${Math.abs(p)} %`;
}

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
/** An hour of the week (weekday 1 Monday ... 7 Sunday): "Tuesday 14:00–15:00". */
export const hourOfWeekText = (weekday: number, hour: number) => `${WEEKDAYS[(weekday - 1) % 7] ?? "?"} ${String(hour).padStart(2, "0")}:00–${String((hour + 1) % 24).padStart(2, "0")}:00`;
