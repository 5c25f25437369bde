// France's public holidays (mainland: the 11 days of the Code du travail, L3133-1), the one list
// the tariffs' and carbon's day types (lib/energy/day-type.ts) and the flexibility baselines'
// (lib/flex/calendar.ts) read. Easter Monday, Ascension and Whit Monday follow the Gregorian
// Easter. Whit Monday stays a holiday in law even where employers make it the "journée de
// solidarité" (an unpaid working day); Alsace-Moselle's two extra days are not in it.
import { addDays } from "@/lib/time/paris";

export type Holiday = { name: string; day: string };

/** Easter Sunday of `year` (`YYYY-MM-DD`), by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterOf(year: number): string {
  const a = year % 19, b = Math.floor(year / 100), c = year % 100;
  const d = Math.floor(b / 4), e = b % 4, f = Math.floor((b + 8) / 25), g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30, i = Math.floor(c / 4), k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7, m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31), day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const FIXED: [string, string][] = [
  ["01-01", "Jour de l'an"],
  ["05-01", "Fête du Travail"],
  ["05-08", "Victoire 1945"],
  ["07-14", "Fête nationale"],
  ["08-15", "Assomption"],
  ["11-01", "Toussaint"],
  ["11-11", "Armistice 1918"],
  ["12-25", "Noël"],
];
const FROM_EASTER: [number, string][] = [
  [1, "Lundi de Pâques"],
  [39, "Ascension"],
  [50, "Lundi de Pentecôte"],
];

const byYear = new Map<number, { list: Holiday[]; days: Set<string> }>();

function yearOf(year: number) {
  let y = byYear.get(year);
  if (!y) {
    const easter = easterOf(year);
    const list = [...FIXED.map(([md, name]) => ({ name, day: `${year}-${md}` })), ...FROM_EASTER.map(([n, name]) => ({ name, day: addDays(easter, n) }))].sort((a, b) =>
      a.day.localeCompare(b.day),
    );
    byYear.set(year, (y = { list, days: new Set(list.map((h) => h.day)) }));
  }
  return y;
}

/** The 11 public holidays of `year`, in calendar order. */
export const frenchHolidays = (year: number): Holiday[] => yearOf(year).list;

/** True when `day` (`YYYY-MM-DD`) is a French public holiday. */
export const isHoliday = (day: string): boolean => yearOf(Number(day.slice(0, 4))).days.has(day);
