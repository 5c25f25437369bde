// Dates as the pages write them, in the reader's time zone and language: "05 Mar 2026" and
// "05 Mar 2026, 14:07", "05 mars 2026" and "05 mars 2026, 14:07" (date-fns' "dd MMM yyyy" and
// "dd MMM yyyy, HH:mm" with its en-US and fr locales, without the locale tables it brings along).
import type { Locale } from "@/lib/shared/locale.mjs";
import { parisWall } from "@/lib/time/paris";

/** Months' short names (0 = January), as date-fns' "MMM" writes them (the French ones as Intl does). */
export const SHORT_MONTHS: Record<Locale, string[]> = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  fr: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
};
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The day's half hours as a clock shows them: "00:00", "00:30" … "23:30" (the forms' time choices). */
export const HALF_HOURS = Array.from({ length: 48 }, (_, i) => `${pad(Math.floor(i / 2))}:${i % 2 ? "30" : "00"}`);

function valid(d: Date): Date {
  if (Number.isNaN(d.getTime())) throw new RangeError("Invalid time value");
  return d;
}

/** "05 Mar 2026", "05 mars 2026" (a year before 1 as its era's year, as date-fns writes it). */
export function dayText(date: Date, locale: Locale = "en"): string {
  const d = valid(date);
  const year = d.getFullYear();
  return `${pad(d.getDate())} ${SHORT_MONTHS[locale][d.getMonth()]} ${pad(year > 0 ? year : 1 - year, 4)}`;
}

/** "05 Mar 2026, 14:07", "05 mars 2026, 14:07". */
export function dayTimeText(date: Date, locale: Locale = "en"): string {
  const d = valid(date);
  return `${dayText(d, locale)}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The same in Paris time, whatever the reader's or the server's time zone: for a time the server
 * renders and the browser then hydrates (the meters' last sync), which in the reader's zone would
 * differ between the two (React's hydration error #418) and from the energy views' Paris days.
 */
export function parisDayTimeText(date: Date, locale: Locale = "en"): string {
  const w = parisWall(valid(date).getTime());
  return `${parisDayText(date, locale)}, ${pad(w.h)}:${pad(w.mi)}`;
}

/** "05 Mar 2026" of an instant in Paris time: a day the server renders and the browser hydrates (a link's date, a schedule's start). */
export function parisDayText(date: Date, locale: Locale = "en"): string {
  const w = parisWall(valid(date).getTime());
  const year = w.y > 0 ? w.y : 1 - w.y;
  return `${pad(w.d)} ${SHORT_MONTHS[locale][w.mo - 1]} ${pad(year, 4)}`;
}
