// The day types of the flexibility baselines (/work/shared/FLEXIBILITY.md, "Baselines", step 2):
// working (Monday to Friday, not a public holiday: lib/time/holidays.ts) or non-working (weekends
// and holidays).
import { isHoliday } from "@/lib/time/holidays";
import { weekdayOf } from "@/lib/time/paris";

export type FlexDayType = "working" | "non_working";

export function dayType(day: string): FlexDayType {
  const w = weekdayOf(day);
  return w === 0 || w === 6 || isHoliday(day) ? "non_working" : "working";
}
