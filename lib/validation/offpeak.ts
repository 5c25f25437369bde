// Off-peak ranges' rules without zod: the API's schema (lib/validation/energy.ts) and My Energy's
// tariff dialog check the same things with the same words, and the browser loads no validation library.

export type OffpeakRangeInput = { from: string; to: string };

/** HH:00 or HH:30 (24:00 for the end of a day). */
export const HALF_HOUR_TIME = /^(?:[01]\d|2[0-3]):[03]0$|^24:00$/;
export const HALF_HOUR_MESSAGE = "Off-peak times must be on the half hour (HH:00 or HH:30)";
export const MAX_OFFPEAK_RANGES = 3;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The half hours (0-47) a range covers; `to` may be earlier than `from` (across midnight). */
export function halfHoursOf(r: OffpeakRangeInput): number[] {
  const a = minutesOf(r.from) % 1440, b = minutesOf(r.to) % 1440;
  const out: number[] = [];
  for (let m = a; out.length < 48; m = (m + 30) % 1440) {
    out.push(m / 30);
    if ((m + 30) % 1440 === b) break;
  }
  return out;
}

/**
 * What is wrong with each range of a set (undefined when nothing): an empty range, or one that
 * overlaps an earlier one. Ranges not on the half hour are left to the caller's own message.
 */
export function offpeakRangeProblems(ranges: readonly OffpeakRangeInput[]): (string | undefined)[] {
  const taken = new Set<number>();
  return ranges.map((r) => {
    if (!HALF_HOUR_TIME.test(r.from) || !HALF_HOUR_TIME.test(r.to)) return undefined;
    if (minutesOf(r.from) % 1440 === minutesOf(r.to) % 1440) return "An off-peak range must not be empty (from equal to to)";
    for (const h of halfHoursOf(r)) {
      if (taken.has(h)) return "Off-peak ranges must not overlap";
      taken.add(h);
    }
    return undefined;
  });
}
