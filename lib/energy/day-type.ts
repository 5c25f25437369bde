// The kind of a Paris calendar day, as grid carbon and Tempo colours depend on it: a working day,
// a Saturday, or a Sunday or French public holiday (the 11 days of the Code du travail, L3133-1;
// Easter Monday, Ascension and Whit Monday from the Gregorian Easter).
import { addDays, weekdayOf } from "@/lib/time/paris";

export type DayType = "workday" | "saturday" | "sunday_holiday";
export const DAY_TYPES: DayType[] = ["workday", "saturday", "sunday_holiday"];

/** Easter Sunday of `year` (`YYYY-MM-DD`), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterOf(year: number): string {
  const a = year % 19, b = Math.floor(year / 100), c = year % 100;
  const d = Math.floor(b / 4), e = b % 4, f = Math.floor((b + 8) / 25), g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30, i = Math.floor(c / 4), k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7, m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31), day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const holidays = new Map<number, Set<string>>();

/** France's public holidays of `year` (mainland). */
export function frenchHolidays(year: number): Set<string> {
  let set = holidays.get(year);
  if (!set) {
    const easter = easterOf(year);
    const fixed = ["01-01", "05-01", "05-08", "07-14", "08-15", "11-01", "11-11", "12-25"].map((md) => `${year}-${md}`);
    set = new Set([...fixed, addDays(easter, 1), addDays(easter, 39), addDays(easter, 50)]);
    holidays.set(year, set);
  }
  return set;
}

export function dayTypeOf(day: string): DayType {
  const w = weekdayOf(day);
  if (w === 0 || frenchHolidays(Number(day.slice(0, 4))).has(day)) return "sunday_holiday";
  return w === 6 ? "saturday" : "workday";
}
