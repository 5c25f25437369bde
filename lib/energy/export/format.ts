// Small formatting helpers shared by the export formats: instants in UTC and in Paris time with
// their offset, and numbers without exponents.
import { parisOffsetMinutes } from "@/lib/integrations/linky/time";

const MINUTE = 60_000;
const pad2 = (n: number) => (n < 10 ? "0" : "") + n;

/** `2026-03-29T00:30:00Z` (seconds, no milliseconds). */
export const isoUtc = (t: number) => new Date(t).toISOString().slice(0, 19) + "Z";

/** `2026-03-29T00:30Z`: the minute form ESMP's `YMDHM_DateTime` asks for. */
export const isoUtcMinute = (t: number) => new Date(t).toISOString().slice(0, 16) + "Z";

/**
 * Paris wall-clock time with its offset, `2026-10-25T02:30:00+02:00` then `2026-10-25T02:30:00+01:00`
 * for the repeated October hour: every instant has one distinct, unambiguous local stamp.
 */
export function isoParis(t: number): string {
  const off = parisOffsetMinutes(t);
  const abs = Math.abs(off);
  return new Date(t + off * MINUTE).toISOString().slice(0, 19) + (off < 0 ? "-" : "+") + pad2(Math.floor(abs / 60)) + ":" + pad2(abs % 60);
}

/** ISO 8601 duration of a step in minutes: `PT30M` (always in minutes, `PT60M` for an hour). */
export const durationOf = (stepMin: number) => `PT${stepMin}M`;

/**
 * A number as plain decimal text with at most `decimals` places, trailing zeros dropped, never in
 * exponent form (`xs:decimal` and spreadsheets both refuse `1e-7`): 1019.5 → "1019.5", 100 → "100".
 */
export function decimal(x: number, decimals = 3): string {
  if (Number.isInteger(x)) return String(x);
  const s = x.toFixed(decimals);
  let end = s.length;
  while (s.charCodeAt(end - 1) === 48 /* 0 */) end--;
  if (s.charCodeAt(end - 1) === 46 /* . */) end--;
  const out = s.slice(0, end);
  return out === "-0" ? "0" : out;
}
