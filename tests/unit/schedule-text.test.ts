import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { boundText, dayName, daysText, hoursText, monthName, monthNames, monthsText, numberText, partSummary, planOf, powerText, runsOf } from "@/components/schedules/schedule-text";
import { scheduleWords } from "@/components/schedules/use-schedule-words";
import { CATALOGS } from "@/lib/i18n/messages";
import { withoutIntlFormatters } from "../helpers/intl";

const FR = scheduleWords(createTranslator({ locale: "fr", messages: CATALOGS.fr, namespace: "schedules.text" }), "fr");
const EN = scheduleWords(createTranslator({ locale: "en", messages: CATALOGS.en, namespace: "schedules.text" }), "en");

describe("a schedule in words", () => {
  it("finds runs of consecutive values in any order", () => {
    expect(runsOf([])).toEqual([]);
    expect(runsOf([3, 1, 2, 7, 9, 8, 11])).toEqual([[1, 3], [7, 9], [11, 11]]);
    expect(runsOf([2, 2, 3])).toEqual([[2, 3]]);
  });

  it("joins the run that ends a cycle to the one that starts it (winter, night)", () => {
    expect(runsOf([1, 2, 6, 12], [1, 12])).toEqual([[6, 6], [12, 2]]);
    expect(runsOf([1, 12], [1, 12])).toEqual([[12, 1]]);
    expect(runsOf([1, 2, 3], [1, 12])).toEqual([[1, 3]]);
    expect(runsOf([5, 12], [1, 12])).toEqual([[5, 5], [12, 12]]);
    expect(monthsText([1, 2, 12])).toBe("December–February");
    expect(monthsText([1, 6, 12])).toBe("June, December, January");
    expect(hoursText([0, 1, 2, 22, 23])).toBe("22:00–03:00");
    expect(hoursText([0, 12, 23])).toBe("12:00–13:00, 23:00–01:00");
  });

  it("names months (1 = January), days (0 = Monday) and hour spans (hour 23 ends at 24:00)", () => {
    expect(monthsText([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).toBe("All year");
    expect(monthsText([1, 2, 3, 11])).toBe("January–March, November");
    expect(monthsText([6, 7])).toBe("June, July");
    expect(monthsText([])).toBe("No months");
    expect(daysText([0, 1, 2, 3, 4, 5, 6])).toBe("Every day");
    expect(daysText([0, 1, 2, 3, 4])).toBe("Monday–Friday");
    expect(daysText([5, 6])).toBe("Saturday, Sunday");
    expect(hoursText([10, 11, 12, 13, 14, 15])).toBe("10:00–16:00");
    expect(hoursText([22, 23])).toBe("22:00–24:00");
    expect(hoursText([0])).toBe("00:00–01:00");
    expect(hoursText(Array.from({ length: 24 }, (_, h) => h))).toBe("All day");
    expect(monthNames([3, 11])).toBe("March, November");
  });

  it("writes powers in watts", () => {
    expect(powerText(2000)).toBe("2,000 W");
    expect(powerText(51)).toBe("51 W");
    expect(powerText(undefined)).toBe("? W");
    expect(powerText(Number.NaN)).toBe("? W");
  });

  it("writes numbers as Intl does in both languages, whole ones grouped without it", () => {
    const samples = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 1500, 9999, 10000, 12345, 99999, 100000, 123456, 999999, 1000000, 1234567, 10000000, 123456789, 1234567890, Number.MAX_SAFE_INTEGER];
    for (const n of [...samples, 1500.5, 0.25, -1500, -1, 1e21, Number.MAX_SAFE_INTEGER + 2]) {
      expect(numberText(n)).toBe(new Intl.NumberFormat("en-US").format(n));
      expect(numberText(n, "fr")).toBe(new Intl.NumberFormat("fr-FR").format(n));
    }
    expect([numberText(1234567), numberText(1234567, "fr")]).toEqual(["1,234,567", "1\u202f234\u202f567"]);
  });

  it("names months and days in French as Intl does", () => {
    for (const width of ["long", "short"] as const) {
      for (let m = 1; m <= 12; m++) expect(monthName(m, "fr", width)).toBe(new Intl.DateTimeFormat("fr-FR", { month: width, timeZone: "UTC" }).format(Date.UTC(2024, m - 1, 1)));
      // 1 January 2024 was a Monday (day 0)
      for (let d = 0; d <= 6; d++) expect(dayName(d, "fr", width)).toBe(new Intl.DateTimeFormat("fr-FR", { weekday: width, timeZone: "UTC" }).format(Date.UTC(2024, 0, 1 + d)));
    }
    expect([monthName(13, "fr"), dayName(7, "fr", "short"), monthName(0)]).toEqual(["13", "7", "0"]);
  });

  it("writes a schedule without Intl in either language (a page's first Intl formatter is what costs)", () => {
    const part = { label: "Part 1", months: [1, 2, 3, 11], days: [0, 1, 2, 3, 4], hours: [22, 23, 0, 1], average_power: 12500 };
    withoutIntlFormatters(() => {
      expect(partSummary(part)).toBe("Part 1: January–March, November, Monday–Friday, 22:00–02:00, at 12,500 W");
      // (the French words' sentences come from the catalog, through use-intl: its own business)
      expect([monthsText(part.months, FR), daysText(part.days, FR), hoursText(part.hours, FR), powerText(part.average_power, "fr")]).toEqual(["janvier–mars, novembre", "lundi–vendredi", "22:00–02:00", "12\u202f500 W"]);
      expect([monthName(9, "fr", "short"), dayName(2, "fr", "short"), boundText(10000, "fr")]).toEqual(["sept.", "mer.", "10\u202f000"]);
    });
  });

  it("runs the parts of a split schedule, else the schedule itself", () => {
    const main = { months: [1], days: [0], hours: [1], average_power: 500 };
    expect(planOf(main)).toEqual([{ label: null, ...main }]);
    const parts = [{ ...main, months: [1] }, { ...main, months: [2], average_power: 501 }];
    expect(planOf({ ...main, schedules: parts })).toEqual([
      { label: "Part 1", ...parts[0] },
      { label: "Part 2", ...parts[1] },
    ]);
    expect(planOf({ ...main, schedules: [] as (typeof main)[] })).toEqual([{ label: null, ...main }]);
  });

  it("reads the same in English from the catalog as by default (the back-office's)", () => {
    const part = { label: "Part 1", months: [1, 2, 3, 11], days: [0, 1, 2, 3, 4], hours: [22, 23, 0, 1], average_power: 1500 };
    expect(partSummary(part, EN)).toBe(partSummary(part));
    expect(partSummary(part)).toBe("Part 1: January–March, November, Monday–Friday, 22:00–02:00, at 1,500 W");
    expect(partSummary({ ...part, label: null, months: [...Array(12).keys()].map((m) => m + 1) })).toBe("All year, Monday–Friday, 22:00–02:00, at 1,500 W");
    expect(planOf({ ...part, schedules: [part] }, EN)[0].label).toBe("Part 1");
    expect([monthName(9, "en", "short"), dayName(2, "en", "short"), boundText(10000)]).toEqual(["Sep", "Wed", "10000"]);
  });

  it("writes a schedule in French: months and days in lower case, powers with a space", () => {
    expect(monthsText([1, 2, 3, 11], FR)).toBe("janvier–mars, novembre");
    expect(monthsText([1, 2, 12], FR)).toBe("décembre–février");
    expect(monthsText([], FR)).toBe("Aucun mois");
    expect(monthsText([...Array(12).keys()].map((m) => m + 1), FR)).toBe("Toute l'année");
    expect(daysText([0, 1, 2, 3, 4], FR)).toBe("lundi–vendredi");
    expect(daysText([5, 6], FR)).toBe("samedi, dimanche");
    expect(daysText([0, 1, 2, 3, 4, 5, 6], FR)).toBe("Tous les jours");
    expect(hoursText([2, 3, 4], FR)).toBe("02:00–05:00");
    expect(hoursText([...Array(24).keys()], FR)).toBe("Toute la journée");
    expect(monthNames([3, 11], "fr")).toBe("mars, novembre");
    expect(powerText(1500, "fr")).toBe("1\u202f500 W");
    expect(boundText(10000, "fr")).toBe("10\u202f000");
    expect(MONTHS_SHORT_FR()).toEqual(["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]);
    expect([0, 6].map((d) => dayName(d, "fr", "short"))).toEqual(["lun.", "dim."]);
    const parts = planOf({ months: [1], days: [0], hours: [1], average_power: 500, schedules: [{ months: [1], days: [0], hours: [1], average_power: 500 }] }, FR);
    expect(parts[0].label).toBe("Partie 1");
    expect(partSummary(parts[0], FR)).toBe("Partie 1\u00a0: janvier, lundi, 01:00–02:00, à 500 W");
  });
});

const MONTHS_SHORT_FR = () => [...Array(12).keys()].map((m) => monthName(m + 1, "fr", "short"));
