// Amounts and day ranges in words, as Home's energy summary and My Energy write them: kWh, €,
// changes in %, "5–6 Nov". Apart from My Energy's periods (period.ts), so that Home loads only
// these. Paris local days are `YYYY-MM-DD` strings. Pure: no React, no browser. Words follow
// the reader's language (`locale`, English by default, as the specification writes them).
import { SHORT_MONTHS } from "@/components/ui/dates";
import { fixedText } from "@/components/ui/numbers";
import type { Locale } from "@/lib/shared/locale.mjs";

/** Intl's locale of a language: British English (day before month, 24 h), French of France. */
export const intlLocale = (locale: Locale) => (locale === "fr" ? "fr-FR" : "en-GB");

export const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export const parts = (day: string) => {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`Not a day: ${day}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])] as const;
};
export const utcOf = (day: string) => {
  const [y, mo, d] = parts(day);
  return Date.UTC(y, mo - 1, d);
};
export const dayOfUtc = (t: number) => new Date(t).toISOString().slice(0, 10);

export const addDays = (day: string, n: number) => dayOfUtc(utcOf(day) + n * 86_400_000);

export const at = (day: string) => new Date(utcOf(day));

// Months as Intl writes them for en-GB and fr-FR with `month: "short"` ("Sept" in British English),
// so that Home's energy summary sets up no Intl formatter (components/ui/numbers.ts says why)
const INTL_SHORT_MONTHS: Record<Locale, string[]> = { en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"], fr: SHORT_MONTHS.fr };

/** A day as Intl writes it with `day: "numeric", month: "short"` and the year when asked: "5 Nov", "5 nov. 2026". */
export function dayMonthText(day: string, withYear: boolean, locale: Locale = "en"): string {
  const [y, m, d] = parts(day);
  return `${d} ${INTL_SHORT_MONTHS[locale][m - 1]}${withYear ? ` ${y}` : ""}`;
}

/** Days `first`..`last` (inclusive) in words: "5 Nov", "5–6 Nov", "30 Oct–2 Nov", with the year when asked. */
export function rangeText(first: string, last: string, withYear: boolean, locale: Locale = "en"): string {
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  const end = dayMonthText(last, withYear, locale);
  if (first === last) return end;
  if (first.slice(0, 7) === last.slice(0, 7)) return `${Number(first.slice(8))}–${end}`;
  if (sameYear) return `${dayMonthText(first, false, locale)} – ${end}`;
  return `${dayMonthText(first, true, locale)} – ${dayMonthText(last, true, locale)}`;
}

/** Between a number and its unit: a space in English, a no-break space in French. */
const unitSpace = (locale: Locale) => (locale === "fr" ? "\u00a0" : " ");
/** Before "%": a space in English (as the specification writes it), a narrow no-break space in French. */
export const percentSpace = (locale: Locale) => (locale === "fr" ? "\u202f" : " ");

const digitsOf = (v: number) => {
  const a = Math.abs(v);
  return a < 10 ? 2 : a < 100 ? 1 : 0;
};

/** kWh with the digits that matter: 0.42, 8.31, 42.1, 1,234 (0,42 ... 1 234 in French). */
export function kwhText(v: number | null | undefined, unit = true, locale: Locale = "en"): string {
  if (v === null || v === undefined) return "–";
  const s = fixedText(v, digitsOf(v), locale);
  return unit ? `${s}${unitSpace(locale)}kWh` : s;
}

/** € with cents; `precise` (a half hour's or an hour's cost) with 4 decimals: €12.34, 12,34 €. */
export const eurText = (v: number | null | undefined, precise = false, locale: Locale = "en") => {
  if (v === null || v === undefined) return "–";
  // as Intl writes euros: "-€12.34" in British English, "-12,34 €" (a no-break space) in French
  const amount = fixedText(v, precise ? 4 : 2, locale);
  return locale === "fr" ? `${amount}\u00a0€` : amount.startsWith("-") ? `-€${amount.slice(1)}` : `€${amount}`;
};

/**
 * A power: "800 W" under a kilowatt, "1.2 kW" from one on ("1,2 kW" in French). The sign stays:
 * a caller that says the direction in words passes the size.
 */
export function wattsText(w: number | null | undefined, locale: Locale = "en"): string {
  if (w === null || w === undefined) return "–";
  const whole = Math.round(w) || 0; // no "-0 W"
  return Math.abs(whole) < 1000 ? `${fixedText(whole, 0, locale)}${unitSpace(locale)}W` : `${fixedText(w / 1000, 1, locale)}${unitSpace(locale)}kW`;
}

/** Apparent power: "1,350 VA" (never converted to W: a Linky's TIC gives VA). */
export const vaText = (va: number | null | undefined, locale: Locale = "en") => (va === null || va === undefined ? "–" : `${fixedText(va, 0, locale)}${unitSpace(locale)}VA`);

export const pctText = (rate: number | null | undefined, locale: Locale = "en") => (rate === null || rate === undefined ? "–" : `${Math.round(rate * 100)}${percentSpace(locale)}%`);

export const kgText = (v: number | null | undefined, locale: Locale = "en") => (v === null || v === undefined ? "–" : `${fixedText(v, v < 10 ? 2 : v < 100 ? 1 : 0, locale)}${unitSpace(locale)}kg CO₂`);
/** A small amount of CO₂ in grams ("110 g CO₂"), from 1 kg on in kg. */
export const co2Text = (kg: number | null | undefined, locale: Locale = "en") =>
  kg === null || kg === undefined || Math.abs(kg) >= 1 ? kgText(kg, locale) : `${Math.round(kg * 1000)}${unitSpace(locale)}g CO₂`;

/** What `changeText` says of two equal amounts (the sentences around it say "the same as"). */
export const SAME = "same as";

/** "+12 %" / "−8 %" of `now` against `before`; `SAME` when equal; null when either is unknown or `before` is 0. */
export function changeText(now: number | null | undefined, before: number | null | undefined, locale: Locale = "en"): string | null {
  if (now === null || now === undefined || before === null || before === undefined || before === 0) return null;
  const p = Math.round(((now - before) / before) * 100);
  return p === 0 ? SAME : `${p > 0 ? "+" : "−"}${Math.abs(p)}${percentSpace(locale)}%`;
}
