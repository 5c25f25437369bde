import { describe, expect, it } from "vitest";
import { addMonths, bucketLabel, changeText, missingDaysText, parisToday, periodLabel, periodOf, rangeText, shiftPeriod } from "@/components/energy/period";

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
    expect(missingDaysText(["2025-11-06", "2025-11-05"], "2025-11-01", "2025-12-01")).toBe("No data for 5–6 Nov");
    expect(missingDaysText(["2025-11-05", "2025-11-06", "2025-11-12"], "2025-11-01", "2025-12-01")).toBe("No data for 5–6 Nov and 12 Nov");
    expect(missingDaysText(["2025-12-31", "2026-01-01"], "2025-12-01", "2026-02-01")).toBe("No data for 31 Dec 2025 – 1 Jan 2026");
    expect(missingDaysText([], "2025-11-01", "2025-12-01")).toBeNull();
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
});
