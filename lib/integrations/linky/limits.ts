// Enedis Data Connect's documented limits (the 2026 Swaggers; ../shared/ENERGY.md), shared by the
// client, the sandbox that enforces them and the sync that plans its calls by them.
import { addDays, addMonths } from "@/lib/time/paris";

export const LINKY_LIMITS = {
  /** consecutive days per load-curve call */
  curveDays: 7,
  /** days per daily-energy or max-power call (what peers use) */
  dailyDays: 365,
  /** load-curve history: 24 months and 15 days before the day of the call */
  curveDepth: { months: 24, days: 15 },
  /** daily energy and max power history: 36 months and 15 days */
  dailyDepth: { months: 36, days: 15 },
  /** per application and API */
  perSecond: 5,
  perHour: 1_000,
} as const;

/**
 * The oldest local day a call made on local day `today` may ask for (its `dateDebut`), for the
 * load curve or for daily values and max power.
 */
export function historyStart(what: "curve" | "daily", today: string): string {
  const depth = what === "curve" ? LINKY_LIMITS.curveDepth : LINKY_LIMITS.dailyDepth;
  return addDays(addMonths(today, -depth.months), -depth.days);
}
