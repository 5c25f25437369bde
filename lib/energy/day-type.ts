// The kind of a Paris calendar day, as grid carbon and Tempo colours depend on it: a working day,
// a Saturday, or a Sunday or French public holiday (lib/time/holidays.ts).
import { isHoliday } from "@/lib/time/holidays";
import { weekdayOf } from "@/lib/time/paris";

export type DayType = "workday" | "saturday" | "sunday_holiday";
export const DAY_TYPES: DayType[] = ["workday", "saturday", "sunday_holiday"];

export function dayTypeOf(day: string): DayType {
  const w = weekdayOf(day);
  if (w === 0 || isHoliday(day)) return "sunday_holiday";
  return w === 6 ? "saturday" : "workday";
}
