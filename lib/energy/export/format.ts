// Small formatting helpers shared by the export formats: instants in UTC and in Paris time with
// their offset, and numbers without exponents.
import { parisOffsetMinutes } from "@/lib/time/paris";

const MINUTE = 60_000;
const DAY = 86_400_000;
const pad2 = (n: number) => (n < 10 ? "0" : "") + n;

// Exports write two stamps per reading, hundreds of thousands of them: the calendar date is
// formatted once per day and the time of day taken from a table, the Paris offset looked up once
// per UTC day (it changes at most once in a day), instead of a Date and an Intl call per reading.
const TIME_OF_DAY = Array.from({ length: 1440 }, (_, m) => `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`);

/** `YYYY-MM-DDThh:mm:ss` of a wall-clock reading given as ms since 1970 (UTC arithmetic); caches the last day. */
function wallStamper() {
  let day = NaN, date = "";
  return (ms: number) => {
    const d = Math.floor(ms / DAY);
    if (d !== day) {
      day = d;
      date = new Date(d * DAY).toISOString().slice(0, 11);
    }
    const inDay = ms - d * DAY;
    const sec = Math.floor((inDay % MINUTE) / 1000);
    return date + TIME_OF_DAY[Math.floor(inDay / MINUTE)] + (sec < 10 ? ":0" : ":") + sec;
  };
}

const utcStamp = wallStamper();
const parisStamp = wallStamper();
let offsetDay = NaN, offsetOfDay: number | null = null;

/** Paris offset at `t` in minutes: one lookup per UTC day, per instant only on the two days of a change. */
function parisOffset(t: number): number {
  const d = Math.floor(t / DAY);
  if (d !== offsetDay) {
    offsetDay = d;
    const a = parisOffsetMinutes(d * DAY), b = parisOffsetMinutes(d * DAY + DAY - 1);
    offsetOfDay = a === b ? a : null;
  }
  return offsetOfDay ?? parisOffsetMinutes(t);
}

/** `2026-03-29T00:30:00Z` (seconds, no milliseconds). */
export const isoUtc = (t: number) => utcStamp(t) + "Z";

/** `2026-03-29T00:30Z`: the minute form ESMP's `YMDHM_DateTime` asks for. */
export const isoUtcMinute = (t: number) => new Date(t).toISOString().slice(0, 16) + "Z";

/**
 * Paris wall-clock time with its offset, `2026-10-25T02:30:00+02:00` then `2026-10-25T02:30:00+01:00`
 * for the repeated October hour: every instant has one distinct, unambiguous local stamp.
 */
export function isoParis(t: number): string {
  const off = parisOffset(t);
  const abs = Math.abs(off);
  return parisStamp(t + off * MINUTE) + (off < 0 ? "-" : "+") + pad2(Math.floor(abs / 60)) + ":" + pad2(abs % 60);
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
