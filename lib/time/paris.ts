// French local time and UTC, without a time-zone library: Intl tells the Paris offset at any
// instant, the rest is arithmetic. Enedis dates everything in Paris wall-clock time without an
// offset ("2026-10-25 02:30:00"); the stores keep UTC instants and local calendar days.

const PARIS = "Europe/Paris";
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

const wallFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: PARIS,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** A wall-clock reading: month 1-12. */
export type Wall = { y: number; mo: number; d: number; h: number; mi: number; s: number };

// Paris changes offset only on whole UTC hours (01:00Z), so the offset is cached per UTC hour
const offsetByHour = new Map<number, number>();

/** Minutes to add to UTC to read Paris time at instant `t` (60 in winter, 120 in summer). */
export function parisOffsetMinutes(t: number): number {
  const hour = Math.floor(t / HOUR);
  const known = offsetByHour.get(hour);
  if (known !== undefined) return known;
  const probe = hour * HOUR;
  const p: Record<string, number> = {};
  for (const part of wallFormat.formatToParts(new Date(probe))) if (part.type !== "literal") p[part.type] = Number(part.value);
  const offset = Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - probe) / MINUTE);
  if (offsetByHour.size > 50_000) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

/** Paris wall-clock time at instant `t`. */
export function parisWall(t: number): Wall {
  const w = new Date(t + parisOffsetMinutes(t) * MINUTE);
  return { y: w.getUTCFullYear(), mo: w.getUTCMonth() + 1, d: w.getUTCDate(), h: w.getUTCHours(), mi: w.getUTCMinutes(), s: w.getUTCSeconds() };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** Paris time at `t` as Enedis writes it: `YYYY-MM-DD HH:mm:ss`. */
export function parisLocalString(t: number): string {
  const w = parisWall(t);
  return `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)} ${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}`;
}

/** The local calendar day (`YYYY-MM-DD`) of instant `t` in Paris. */
export const parisDayOf = (t: number) => parisLocalString(t).slice(0, 10);

/**
 * The instants a Paris wall-clock time names, earliest first: one; two in the hour repeated when
 * summer time ends (October); none in the hour skipped when it starts (March).
 */
export function parisInstantsOf(w: Wall): number[] {
  const asUtc = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s);
  const offsets = new Set([parisOffsetMinutes(asUtc - DAY), parisOffsetMinutes(asUtc), parisOffsetMinutes(asUtc + DAY)]);
  return [...offsets]
    .map((o) => asUtc - o * MINUTE)
    .filter((t) => parisOffsetMinutes(t) === Math.round((asUtc - t) / MINUTE))
    .sort((a, b) => a - b);
}

const STAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const t = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return t.getUTCFullYear() === +m[1] && t.getUTCMonth() === +m[2] - 1 && t.getUTCDate() === +m[3];
}

/**
 * The UTC instant of an Enedis time stamp (`YYYY-MM-DD HH:mm:ss` in Paris time; an explicit offset
 * such as `+01:00` is honoured). A wall-clock time named twice (the repeated October hour) is the
 * first of its instants after `after`, so a series of stamps in order reads right through the
 * change; a time that does not exist (the skipped March hour) is read with the offset in force
 * before the change, as the clock that skipped it would have. `null` for anything unreadable.
 */
export function parisToUtc(stamp: string, after?: number): number | null {
  const m = STAMP.exec(stamp.trim());
  if (!m) return null;
  const w: Wall = { y: +m[1], mo: +m[2], d: +m[3], h: m[4] ? +m[4] : 0, mi: m[5] ? +m[5] : 0, s: m[6] ? +m[6] : 0 };
  if (!isDay(`${m[1]}-${m[2]}-${m[3]}`) || w.h > 24 || w.mi > 59 || w.s > 59 || (w.h === 24 && (w.mi || w.s))) return null;
  if (w.h === 24) {
    // 24:00 is the next day's midnight
    const next = addDays(`${m[1]}-${m[2]}-${m[3]}`, 1);
    return parisToUtc(`${next} 00:00:00${m[7] ?? ""}`, after);
  }
  const asUtc = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s);
  if (m[7]) {
    if (m[7] === "Z") return asUtc;
    const sign = m[7][0] === "-" ? -1 : 1;
    const digits = m[7].slice(1).replace(":", "");
    return asUtc - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * MINUTE;
  }
  const candidates = parisInstantsOf(w);
  if (candidates.length === 0) return asUtc - parisOffsetMinutes(asUtc - DAY) * MINUTE;
  if (after === undefined) return candidates[0];
  return candidates.find((t) => t > after) ?? candidates[candidates.length - 1];
}

// a day's start is asked for again and again (each period of each day a baseline weighs, each day of
// a layout): cached like the offsets, the days that are days only
const dayStarts = new Map<string, number>();

/** The instant local midnight starts day `YYYY-MM-DD` in Paris (never ambiguous: France changes at 02:00/03:00). */
export function parisDayStart(day: string): number {
  const known = dayStarts.get(day);
  if (known !== undefined) return known;
  const t = parisToUtc(`${day} 00:00:00`);
  if (t === null || !isDay(day)) throw new RangeError(`Not a day: ${day}`);
  if (dayStarts.size > 20_000) dayStarts.clear();
  dayStarts.set(day, t);
  return t;
}

/** Calendar arithmetic on `YYYY-MM-DD`. */
export function addDays(day: string, n: number): string {
  const [y, mo, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, mo - 1, d + n)).toISOString().slice(0, 10);
}

/** `n` calendar months later (earlier when negative), the day clamped to the month's last. */
export function addMonths(day: string, n: number): string {
  const [y, mo, d] = day.split("-").map(Number);
  const first = new Date(Date.UTC(y, mo - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

/** The local days from `from` (included) to `to` (excluded). */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Hours in a Paris day: 24, or 23 on the spring-forward day and 25 on the fall-back day. */
const parisDayHours = (day: string) => (parisDayStart(addDays(day, 1)) - parisDayStart(day)) / HOUR;

/** Points a complete load curve has on a local day: 48 at 30 minutes, 46 or 50 on DST days. */
export const pointsPerDay = (day: string, stepMin = 30) => (parisDayHours(day) * 60) / stepMin;

/** Day of the week of a calendar day: 0 Sunday ... 6 Saturday. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Minutes of an ISO 8601 duration such as `PT30M`, `PT1H` or `PT10M`; null for anything else. */
export function stepMinutes(duration: string | undefined | null): number | null {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?$/.exec(duration?.trim() ?? "");
  if (!m || (!m[1] && !m[2])) return null;
  const min = Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
  return min > 0 && min <= 1440 ? min : null;
}

/**
 * Interval starts (UTC) of a series of interval ends stamped in Paris time, in order: each end is
 * read after the previous one (so the repeated October hour comes out right), then moved back by
 * its step. `step` of a point is its own (`PT30M`), else the series', else the distance from the
 * previous end, else 30 minutes. `null` where a stamp cannot be read.
 */
export function startsFromEnds(ends: { d: string; p?: string | null }[], seriesStep?: string | null): ({ start: number; stepMin: number } | null)[] {
  let previous: number | undefined;
  return ends.map(({ d, p }) => {
    const end = parisToUtc(d, previous);
    if (end === null) return null;
    const stepMin = stepMinutes(p) ?? stepMinutes(seriesStep) ?? (previous !== undefined && end > previous ? (end - previous) / MINUTE : 30);
    previous = end;
    return { start: end - stepMin * MINUTE, stepMin };
  });
}

/**
 * The local days from `from` (included) to `to` (excluded) and the instants their midnights start,
 * plus `to`'s: `starts` has one more entry than `days`. The same as `daysOf` and `parisDayStart`
 * for each, computed by arithmetic (Paris changes offset at 01:00 UTC, never around local
 * midnight, so a midnight's offset is the one in force an hour before UTC midnight): a year's
 * days in well under a millisecond, for loops over long periods.
 */
export function parisDayStarts(from: string, to: string): { days: string[]; starts: number[] } {
  if (!isDay(from) || !isDay(to)) throw new RangeError(`Not a day: ${isDay(from) ? to : from}`);
  const days: string[] = [];
  const starts: number[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let utc = Date.parse(`${from}T00:00:00Z`); utc <= end; utc += DAY) {
    starts.push(utc - parisOffsetMinutes(utc - HOUR) * MINUTE);
    if (utc < end) days.push(new Date(utc).toISOString().slice(0, 10));
  }
  if (!days.length) starts.length = 1;
  return { days, starts };
}
