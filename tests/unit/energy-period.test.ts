import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { addMonths, bucketLabel, bucketText, dayText, hourOfWeekText, missingDaysText, parisToday, periodLabel, periodOf, shiftPeriod } from "@/components/energy/period";
import { changeText, eurText, kgText, kwhText, pctText, rangeText } from "@/components/energy/format";
import { CATALOGS } from "@/lib/i18n/messages";

const en = createTranslator({ locale: "en", messages: CATALOGS.en, namespace: "energy" });
const fr = createTranslator({ locale: "fr", messages: CATALOGS.fr, namespace: "energy" });

describe("My Energy periods", () => {
  it("lays out day, week (Monday first), month and year around an anchor", () => {
    expect(periodOf("day", "2025-11-05")).toMatchObject({ from: "2025-11-05", to: "2025-11-06" });
    expect(periodOf("week", "2025-11-05")).toMatchObject({ from: "2025-11-03", to: "2025-11-10" });
    expect(periodOf("week", "2025-11-09")).toMatchObject({ from: "2025-11-03", to: "2025-11-10" });
    expect(periodOf("month", "2025-12-31")).toMatchObject({ from: "2025-12-01", to: "2026-01-01" });
    expect(periodOf("year", "2024-02-29")).toMatchObject({ from: "2024-01-01", to: "2025-01-01" });
  });

  it("moves to the previous and next period; custom ranges by their length", () => {
    expect(shiftPeriod(periodOf("month", "2025-03-31"), -1)).toMatchObject({ from: "2025-02-01", to: "2025-03-01" });
    expect(shiftPeriod(periodOf("week", "2025-12-29"), 1)).toMatchObject({ from: "2026-01-05", to: "2026-01-12" });
    expect(shiftPeriod(periodOf("year", "2025-06-01"), 1)).toMatchObject({ from: "2026-01-01", to: "2027-01-01" });
    expect(shiftPeriod(periodOf("custom", "2025-11-01", { from: "2025-11-01", to: "2025-11-11" }), -1)).toMatchObject({ from: "2025-10-22", to: "2025-11-01" });
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
  });

  it("says periods and missing days in words", () => {
    expect(periodLabel(periodOf("day", "2025-11-04"))).toBe("Tuesday 4 November 2025");
    expect(periodLabel(periodOf("week", "2025-11-05"))).toBe("3–9 Nov 2025");
    expect(periodLabel(periodOf("week", "2025-12-31"))).toBe("29 Dec 2025 – 4 Jan 2026");
    expect(periodLabel(periodOf("month", "2025-11-05"))).toBe("November 2025");
    expect(rangeText("2025-10-30", "2025-11-02", false)).toBe("30 Oct – 2 Nov");
    expect(missingDaysText(en, "en", ["2025-11-06", "2025-11-05"], "2025-11-01", "2025-12-01")).toBe("No data for 5–6 Nov");
    expect(missingDaysText(en, "en", ["2025-11-05", "2025-11-06", "2025-11-12"], "2025-11-01", "2025-12-01")).toBe("No data for 5–6 Nov and 12 Nov");
    expect(missingDaysText(en, "en", ["2025-12-31", "2026-01-01"], "2025-12-01", "2026-02-01")).toBe("No data for 31 Dec 2025 – 1 Jan 2026");
    expect(missingDaysText(en, "en", [], "2025-11-01", "2025-12-01")).toBeNull();
  });

  it("labels buckets in Paris time, and the change against a reference", () => {
    expect(bucketLabel("2025-11-04T23:00:00.000Z", "day", 30)).toBe("5 Nov");
    expect(bucketLabel("2025-07-01T12:30:00.000Z", "30min", 1)).toBe("14:30");
    expect(bucketLabel("2025-10-31T23:00:00.000Z", "month", 365)).toBe("Nov");
    expect(parisToday(new Date("2025-12-31T23:30:00Z"))).toBe("2026-01-01");
    expect(changeText(110, 100)).toBe("+10 %");
    expect(changeText(90, 100)).toBe("−10 %");
    expect(changeText(90, null)).toBeNull();
  });

  it("says them in French too: lower-case months, a decimal comma, narrow no-break spaces", () => {
    expect(periodLabel(periodOf("day", "2025-11-04"), "fr")).toBe("Mardi 4 novembre 2025");
    expect(periodLabel(periodOf("week", "2025-11-05"), "fr")).toBe("3–9 nov. 2025");
    expect(periodLabel(periodOf("month", "2025-11-05"), "fr")).toBe("Novembre 2025");
    expect(rangeText("2025-10-30", "2025-11-02", false, "fr")).toBe("30 oct. – 2 nov.");
    expect(dayText("2025-11-04", "fr")).toBe("mar. 4 nov. 2025");
    expect(missingDaysText(fr, "fr", ["2025-11-05", "2025-11-06", "2025-11-12"], "2025-11-01", "2025-12-01")).toBe("Aucune donnée pour 5–6 nov. et 12 nov.");
    const many = ["2025-11-01", "2025-11-03", "2025-11-05", "2025-11-07", "2025-11-09", "2025-11-11", "2025-11-13"];
    expect(missingDaysText(en, "en", many, "2025-11-01", "2025-12-01")).toBe("No data for 1 Nov, 3 Nov, 5 Nov, 7 Nov, 9 Nov and 2 more days");
    expect(missingDaysText(fr, "fr", many.slice(0, 6), "2025-11-01", "2025-12-01")).toBe("Aucune donnée pour 1 nov., 3 nov., 5 nov., 7 nov., 9 nov. et 1 autre jour");
    expect(bucketLabel("2025-11-04T23:00:00.000Z", "day", 30, "fr")).toBe("5 nov.");
    expect(bucketText("2025-07-01T12:30:00.000Z", "2025-07-01T13:00:00.000Z", "30min", "fr")).toBe("mar. 1 juil. 2025, 14:30–15:00");
    expect(bucketText("2025-07-01T12:30:00.000Z", "2025-07-01T13:00:00.000Z", "30min")).toBe("Tue 1 Jul 2025, 14:30–15:00");
    expect(kwhText(1234.5)).toBe("1,235 kWh");
    expect(kwhText(1234.5, true, "fr")).toBe("1\u202f235\u00a0kWh");
    expect(kwhText(8.314, true, "fr")).toBe("8,31\u00a0kWh");
    expect(eurText(12.345)).toBe("€12.35");
    expect(eurText(1234.5, false, "fr")).toBe("1\u202f234,50\u00a0€");
    expect(pctText(0.42, "fr")).toBe("42\u202f%");
    expect(kgText(42.13, "fr")).toBe("42,1\u00a0kg CO₂");
    expect(changeText(110, 100, "fr")).toBe("+10\u202f%");
    expect(hourOfWeekText(2, 14)).toBe("Tuesday 14:00–15:00");
    expect(hourOfWeekText(7, 23, "fr")).toBe("dimanche 23:00–00:00");
  });
});
