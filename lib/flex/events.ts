// A community event's rules that need no database (docs/flexibility.md): its window on its local
// day, the checks an event must pass, and a household's settlement F = B − A. Pure functions.
import { delivered } from "@/lib/flex/baseline";
import { parisDayOf, parisDayStart, parisWall, addDays } from "@/lib/time/paris";

/** The settlement period: the Linky curve's half hour (a telemetry quarter hour sums into it). */
const SETTLEMENT_STEP_MIN = 30;
const STEP_MS = SETTLEMENT_STEP_MIN * 60_000;
/** How far ahead an event may be planned. */
const MAX_DAYS_AHEAD = 366;
/** After its end, how long an event waits for a participant's readings before settling it as "no data" (Linky comes at D+1, sometimes later). */
export const SETTLE_WAIT_MS = 4 * 24 * 3600_000;

export type FlexDirection = "down" | "up";

/** An event's window: its local day and the periods [from, to) of that day at 30 minutes. */
export type EventWindow = { day: string; from: number; to: number };

export function eventWindow(startsAt: number, endsAt: number): EventWindow {
  const day = parisDayOf(startsAt);
  const start = parisDayStart(day);
  return { day, from: Math.round((startsAt - start) / STEP_MS), to: Math.round((endsAt - start) / STEP_MS) };
}

/** "HH:MM" of an instant in Paris ("24:00" for the end of the day). */
export function parisClock(t: number, end = false): string {
  const w = parisWall(t);
  if (end && w.h === 0 && w.mi === 0) return "24:00";
  return `${String(w.h).padStart(2, "0")}:${String(w.mi).padStart(2, "0")}`;
}

/** A problem of an event's window, as a field and a message; `null` when it may be planned. */
export function windowProblem(startsAt: number, endsAt: number, now: number): { path: "starts_at" | "ends_at"; message: string } | null {
  if (startsAt % STEP_MS !== 0) return { path: "starts_at", message: "An event starts on the hour or the half hour" };
  if (endsAt % STEP_MS !== 0) return { path: "ends_at", message: "An event ends on the hour or the half hour" };
  if (endsAt <= startsAt) return { path: "ends_at", message: "An event must end after it starts" };
  if (endsAt - startsAt > 24 * 3600_000) return { path: "ends_at", message: "An event lasts at most one day" };
  const day = parisDayOf(startsAt);
  if (endsAt > parisDayStart(addDays(day, 1))) return { path: "ends_at", message: "An event starts and ends on the same day (Europe/Paris)" };
  if (startsAt <= now) return { path: "starts_at", message: "An event cannot start in the past" };
  if (startsAt > now + MAX_DAYS_AHEAD * 24 * 3600_000) return { path: "starts_at", message: `An event starts within ${MAX_DAYS_AHEAD} days` };
  return null;
}

/** What a household is due for an event: `delivered` in Wh (F summed over the window, may be negative), the reward in € (nothing for a negative delivery). */
export function settlement(direction: FlexDirection, baselineWh: readonly number[], actualWh: readonly (number | null)[], rewardPerKwh: number): { deliveredWh: number; rewardEur: number } {
  const { total } = delivered(direction, baselineWh, actualWh);
  const deliveredWh = Math.round(total * 10) / 10;
  return { deliveredWh, rewardEur: Math.round(Math.max(0, deliveredWh) * rewardPerKwh / 10) / 100 };
}

/** Where an event is in its life, at `now`. */
export type EventStatus = "upcoming" | "running" | "ended" | "settled" | "cancelled";

export function eventStatus(e: { startsAt: Date; endsAt: Date; cancelledAt: Date | null; settledAt: Date | null }, now: number): EventStatus {
  if (e.cancelledAt) return "cancelled";
  if (e.settledAt) return "settled";
  if (now < e.startsAt.getTime()) return "upcoming";
  if (now < e.endsAt.getTime()) return "running";
  return "ended";
}
