// The pages' date texts (components/ui/dates.ts) are date-fns' "dd MMM yyyy" and
// "dd MMM yyyy, HH:mm", which they replaced in the browser: the same text for any date.
import { format } from "date-fns";
import { fr } from "date-fns/locale/fr";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayText, dayTimeText, parisDayTimeText } from "@/components/ui/dates";

describe("date texts", () => {
  it("writes a day and a time as date-fns did", () => {
    expect(dayText(new Date(2026, 2, 5, 14, 7))).toBe("05 Mar 2026");
    expect(dayTimeText(new Date(2026, 2, 5, 14, 7))).toBe("05 Mar 2026, 14:07");
    expect(dayTimeText(new Date(2026, 11, 31, 0, 0))).toBe("31 Dec 2026, 00:00");
    expect(dayText(new Date(2026, 2, 5), "fr")).toBe("05 mars 2026");
    expect(dayTimeText(new Date(2026, 1, 5, 9, 3), "fr")).toBe("05 févr. 2026, 09:03");
  });

  it("matches date-fns for any date from year 1 to 9999, and before", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(-62198755200000), max: new Date(253402300799000), noInvalidDate: true }), (d) => {
        expect(dayText(d)).toBe(format(d, "dd MMM yyyy"));
        expect(dayTimeText(d)).toBe(format(d, "dd MMM yyyy, HH:mm"));
        expect(dayText(d, "fr")).toBe(format(d, "dd MMM yyyy", { locale: fr }));
        expect(dayTimeText(d, "fr")).toBe(format(d, "dd MMM yyyy, HH:mm", { locale: fr }));
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses an invalid date as date-fns does", () => {
    expect(() => dayText(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => format(new Date(Number.NaN), "dd MMM yyyy")).toThrow(RangeError);
  });
});

describe("parisDayTimeText", () => {
  it("writes Paris time whatever the process's zone: winter +1, summer +2, the repeated October hour", () => {
    expect(parisDayTimeText(new Date("2026-03-05T13:07:00Z"))).toBe("05 Mar 2026, 14:07");
    expect(parisDayTimeText(new Date("2026-07-14T22:30:00Z"), "fr")).toBe("15 juil. 2026, 00:30");
    expect(parisDayTimeText(new Date("2026-10-25T00:30:00Z"))).toBe("25 Oct 2026, 02:30");
    expect(parisDayTimeText(new Date("2026-10-25T01:30:00Z"))).toBe("25 Oct 2026, 02:30");
    expect(() => parisDayTimeText(new Date(NaN))).toThrow(RangeError);
  });
});
