// Home's Now card in words and sizes: how old the readings are, which way the grid's power goes,
// how long a consumer's bar is. Pure: no React, no browser.

/** How long ago the readings were taken, in the unit the card says it in. */
export type Age = { unit: "now" | "seconds" | "minutes" | "hours"; count: number };

/** The age of readings taken at `at` (ISO), at `now` (ms); a clock a little behind the server's reads "just now". */
export function ageOf(at: string, now: number): Age {
  const s = Math.max(0, Math.floor((now - Date.parse(at)) / 1000));
  if (s < 5) return { unit: "now", count: 0 };
  if (s < 60) return { unit: "seconds", count: s };
  if (s < 3600) return { unit: "minutes", count: Math.floor(s / 60) };
  return { unit: "hours", count: Math.floor(s / 3600) };
}

/** Below this, the supply clamp reads noise: nothing is drawn from the grid nor sent to it. */
const BALANCED_W = 10;

/** Which way the grid's power goes: drawn (positive), sent (negative), about nothing; unknown without a live grid clamp. */
export function gridFlow(gridW: number | null): "drawing" | "sending" | "balanced" | "unknown" {
  if (gridW === null) return "unknown";
  if (Math.abs(gridW) < BALANCED_W) return "balanced";
  return gridW > 0 ? "drawing" : "sending";
}

/**
 * A consumer's bar, 0 to 1: its power against the home's consumption, or against the biggest
 * consumer's when the home's is not known (no grid clamp) or not positive. A clamp that reads a
 * little more than the home, or fitted backwards, stays within the bar.
 */
export function consumerShare(powerW: number, homeW: number | null, biggestW: number): number {
  const of = homeW !== null && homeW > 0 ? homeW : biggestW;
  if (of <= 0 || powerW <= 0) return 0;
  return Math.min(1, powerW / of);
}
