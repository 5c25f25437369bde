// Numbers as Intl.NumberFormat writes them in our two languages ("1,234.50"; "1 234,50" with a
// narrow no-break space in French), made without Intl: a page's first Intl formatter costs Chromium
// 25-50 ms of ICU set-up (docs/performance.md), which a page would otherwise pay while it hydrates
// for a few amounts. tests/unit/numbers.test.ts holds them equal to Intl.
import type { Locale } from "@/lib/shared/locale.mjs";

const GROUP: Record<Locale, string> = { en: ",", fr: "\u202f" };
const DECIMAL: Record<Locale, string> = { en: ".", fr: "," };

/** A string of decimal digits plus one: "129" → "130", "999" → "1000". */
function plusOne(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === "9") i--;
  if (i < 0) return `1${"0".repeat(digits.length)}`;
  return `${digits.slice(0, i)}${Number(digits[i]) + 1}${"0".repeat(digits.length - i - 1)}`;
}

/** A non-negative number's shortest decimal form without its exponent: "5e-7" → "0.0000005", "1.5e+21" → "15" and 20 zeros. */
function plain(s: string): string {
  const e = s.indexOf("e");
  if (e < 0) return s;
  const mantissa = s.slice(0, e);
  const dot = mantissa.indexOf(".");
  const digits = mantissa.replace(".", "");
  const point = (dot < 0 ? mantissa.length : dot) + Number(s.slice(e + 1));
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
  return point >= digits.length ? digits + "0".repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * `v` with exactly `digits` decimals (0-20), grouped, as Intl.NumberFormat writes it with
 * minimumFractionDigits = maximumFractionDigits = `digits`: rounded half away from zero on the
 * number's shortest decimal form (1.005 → "1.01", where toFixed gives "1.00"), a negative value
 * that rounds to zero keeping its sign ("-0.00"); "NaN", "∞" and "-∞" as Intl writes them.
 */
export function fixedText(v: number, digits: number, locale: Locale): string {
  if (!Number.isInteger(digits) || digits < 0 || digits > 20) throw new RangeError(`digits must be 0-20, not ${digits}`);
  if (!Number.isFinite(v)) return Number.isNaN(v) ? "NaN" : v < 0 ? "-∞" : "∞";
  const s = plain(String(Math.abs(v)));
  const dot = s.indexOf(".");
  const whole = dot < 0 ? s : s.slice(0, dot);
  const fraction = dot < 0 ? "" : s.slice(dot + 1);
  let kept = whole + fraction.slice(0, digits).padEnd(digits, "0");
  if (fraction.length > digits && fraction[digits] >= "5") kept = plusOne(kept);
  const head = kept.slice(0, kept.length - digits) || "0";
  const tail = kept.slice(kept.length - digits);
  const sign = v < 0 || Object.is(v, -0) ? "-" : "";
  return `${sign}${head.replace(/\B(?=(\d{3})+$)/g, GROUP[locale])}${digits ? DECIMAL[locale] + tail : ""}`;
}
