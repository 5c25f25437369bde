// The French calendar (lib/time/holidays.ts, lib/flex/calendar.ts): the 11 public holidays
// worked out by hand for 2025 (Easter 20 April), 2026 (5 April) and 2027 (28 March), and day types.
import { describe, expect, it } from "vitest";
import { dayType } from "@/lib/flex/calendar";
import { frenchHolidays, isHoliday } from "@/lib/time/holidays";

describe("French public holidays", () => {
  it("lists the 11 holidays of 2026 with their names, in calendar order", () => {
    expect(frenchHolidays(2026)).toEqual([
      { name: "Jour de l'an", day: "2026-01-01" },
      { name: "Lundi de Pâques", day: "2026-04-06" },
      { name: "Fête du Travail", day: "2026-05-01" },
      { name: "Victoire 1945", day: "2026-05-08" },
      { name: "Ascension", day: "2026-05-14" },
      { name: "Lundi de Pentecôte", day: "2026-05-25" },
      { name: "Fête nationale", day: "2026-07-14" },
      { name: "Assomption", day: "2026-08-15" },
      { name: "Toussaint", day: "2026-11-01" },
      { name: "Armistice 1918", day: "2026-11-11" },
      { name: "Noël", day: "2026-12-25" },
    ]);
  });

  it.each([
    [2025, "2025-04-21", "2025-05-29", "2025-06-09"],
    [2026, "2026-04-06", "2026-05-14", "2026-05-25"],
    [2027, "2027-03-29", "2027-05-06", "2027-05-17"],
  ])("moves Easter Monday, Ascension and Whit Monday with Easter in %i", (year, easterMonday, ascension, whitMonday) => {
    const byName = new Map(frenchHolidays(year).map((h) => [h.name, h.day]));
    expect(byName.get("Lundi de Pâques")).toBe(easterMonday);
    expect(byName.get("Ascension")).toBe(ascension);
    expect(byName.get("Lundi de Pentecôte")).toBe(whitMonday);
    expect(frenchHolidays(year)).toHaveLength(11);
  });

  it("tells a holiday from the day next to it", () => {
    expect(isHoliday("2026-05-25")).toBe(true);
    expect(isHoliday("2026-05-26")).toBe(false);
    expect(isHoliday("2027-03-29")).toBe(true);
    expect(isHoliday("2027-03-28")).toBe(false); // Easter Sunday itself is a Sunday, not in the list
    expect(isHoliday("2025-06-09")).toBe(true);
    expect(isHoliday("2025-12-26")).toBe(false); // Saint Stephen's Day: Alsace-Moselle only
  });
});

describe("day types", () => {
  it.each([
    ["2026-05-13", "working"], // Wednesday
    ["2026-05-15", "working"], // Friday after Ascension
    ["2026-05-14", "non_working"], // Ascension, a Thursday
    ["2026-05-25", "non_working"], // Whit Monday
    ["2026-11-11", "non_working"], // Armistice, a Wednesday
    ["2026-05-16", "non_working"], // Saturday
    ["2026-05-17", "non_working"], // Sunday
    ["2027-03-29", "non_working"], // Easter Monday 2027
    ["2027-03-30", "working"], // Tuesday
  ])("%s is %s", (day, type) => {
    expect(dayType(day)).toBe(type);
  });
});
