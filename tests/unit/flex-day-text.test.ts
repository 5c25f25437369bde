import { describe, expect, it } from "vitest";
import { eventDayText } from "@/lib/flex/day-text";
import { addDays } from "@/lib/time/paris";

describe("eventDayText", () => {
  it("writes an event's day as the pages and e-mails write it", () => {
    expect(eventDayText("2026-11-24", "en")).toBe("Tuesday, 24 November 2026");
    expect(eventDayText("2026-11-24", "fr")).toBe("mardi 24 novembre 2026");
    expect(eventDayText("2027-02-01", "fr")).toBe("lundi 1 février 2027");
  });

  it("writes every day of three years as Intl does (en-GB, fr-FR)", () => {
    const intl = {
      en: new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }),
      fr: new Intl.DateTimeFormat("fr-FR", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }),
    };
    let checked = 0;
    for (let day = "2025-01-01"; day < "2028-01-01"; day = addDays(day, 1)) {
      for (const locale of ["en", "fr"] as const) {
        expect(eventDayText(day, locale), `${day} ${locale}`).toBe(intl[locale].format(new Date(`${day}T12:00:00Z`)));
        checked++;
      }
    }
    expect(checked).toBe(2 * 1095);
  });
});
