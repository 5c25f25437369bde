import { describe, expect, it } from "vitest";
import { OVERLAP_DETAIL } from "@/lib/schedules/rules";
import { newScheduleDefaults } from "@/lib/schedules/rules";
import { createTranslator } from "use-intl/core";
import { draftFrom, draftInput, draftOverlap, fieldKey, parsePower, sameDraft, splitDraft, unsplitDraft, validateDraft, withPart, type DraftMessage } from "@/components/schedules/schedule-draft";
import { CATALOGS } from "@/lib/i18n/messages";

const NOW = new Date("2026-03-01T08:00:00.000Z");
const stored = { der_name: "Battery", average_power: 500, months: [1, 2], days: [0], hours: [10, 11], start_date: "2026-01-01T00:00:00.000Z" };

describe("the schedule editor's draft", () => {
  it("keeps the power as typed and gives it back as a number (empty: missing, text: not a number)", () => {
    const d = draftFrom(newScheduleDefaults(NOW));
    expect(d).toMatchObject({ der_name: "new schedule", average_power: "0", start_date: NOW.toISOString() });
    expect(parsePower(" 1500 ")).toBe(1500);
    expect(parsePower("")).toBeUndefined();
    expect(parsePower("abc")).toBeNaN();
    expect(draftInput({ ...d, average_power: "750" })).toMatchObject({ average_power: 750 });
    expect(draftInput(d)).not.toHaveProperty("schedules");
  });

  it("refuses the new schedule's power 0 with the field's message, and accepts it once set", () => {
    const d = draftFrom(newScheduleDefaults(NOW));
    expect(validateDraft(d).errors).toEqual({ average_power: "Average power must be from 1 to 10000 W" });
    expect(validateDraft({ ...d, average_power: "" }).errors).toEqual({ average_power: "Average power is required" });
    expect(validateDraft({ ...d, average_power: "x" }).errors).toEqual({ average_power: "Average power must be a number" });
    const ok = validateDraft({ ...d, average_power: "1500" });
    expect(ok.errors).toBeNull();
    expect(ok.data).toMatchObject({ der_name: "new schedule", average_power: 1500, start_date: NOW.toISOString() });
  });

  it("keys each message by its field, a part's by schedules.{i}.{field}", () => {
    const d = splitDraft(draftFrom(stored));
    const bad = withPart(withPart({ ...d, der_name: " " }, 0, { hours: [] }), 1, { average_power: "20000", months: [] });
    expect(validateDraft(bad).errors).toEqual({
      der_name: "Name is required",
      "schedules.0.hours": "Choose at least one hour",
      "schedules.1.average_power": "Average power must be from 1 to 10000 W",
      "schedules.1.months": "Choose at least one month",
    });
    expect(fieldKey("main", "days")).toBe("days");
    expect(fieldKey(1, "months")).toBe("schedules.1.months");
  });

  it("tells a change from no change, whatever the order the values were picked in", () => {
    const d = draftFrom(stored);
    expect(sameDraft(d, draftFrom(stored))).toBe(true);
    expect(sameDraft(withPart(d, "main", { months: [1, 2, 3] }), d)).toBe(false);
    expect(sameDraft(withPart(withPart(d, "main", { months: [1, 2, 3] }), "main", { months: [1, 2] }), d)).toBe(true);
    expect(sameDraft({ ...d, average_power: "600" }, d)).toBe(false);
    expect(sameDraft(splitDraft(d), d)).toBe(false);
    expect(sameDraft(unsplitDraft(splitDraft(d)), d)).toBe(true);
  });

  it("splits into two copies, the second at power + 1, overlapping until the months are moved apart", () => {
    const d = splitDraft(draftFrom(stored));
    expect(d.schedules).toEqual([
      { months: [1, 2], days: [0], hours: [10, 11], average_power: "500" },
      { months: [1, 2], days: [0], hours: [10, 11], average_power: "501" },
    ]);
    expect(splitDraft(d)).toBe(d);
    expect(draftOverlap(d)).toEqual([1, 2]);
    const r = validateDraft(d);
    expect(r.errors).toEqual({ schedules: "Overlapping months: 1, 2" });
    const fixed = withPart(withPart(d, 0, { months: [1] }), 1, { months: [2] });
    expect(draftOverlap(fixed)).toEqual([]);
    expect(validateDraft(fixed).data?.schedules).toEqual([
      { months: [1], days: [0], hours: [10, 11], average_power: 500 },
      { months: [2], days: [0], hours: [10, 11], average_power: 501 },
    ]);
    expect(OVERLAP_DETAIL).toBe("Months are not allowed to overlap between schedules");
  });

  it("splits a power that is not a number yet as 0 and 1 (the parts' fields then say what is wrong)", () => {
    const d = splitDraft({ ...draftFrom(stored), average_power: "" });
    expect(d.schedules?.map((p) => p.average_power)).toEqual(["0", "1"]);
  });

  it("reads a stored split schedule with its parts, and un-splits back to the main schedule", () => {
    const d = draftFrom({ ...stored, schedules: [{ months: [1], days: [0], hours: [1], average_power: 100 }, { months: [2], days: [1], hours: [2], average_power: 101 }] });
    expect(d.schedules?.[1]).toEqual({ months: [2], days: [1], hours: [2], average_power: "101" });
    const main = unsplitDraft(d);
    expect(main).not.toHaveProperty("schedules");
    expect(main).toMatchObject({ months: [1, 2], average_power: "500" });
    expect(d.schedules).toHaveLength(2);
  });
});

describe("the schedule editor's messages in the page's language", () => {
  const words = (locale: "en" | "fr") => {
    const t = createTranslator({ locale, messages: CATALOGS[locale], namespace: "schedules.errors" });
    // as components/schedules/schedule-editor.tsx words them
    return (m: DraftMessage) => t(m, m === "nameTooLong" ? { max: 100 } : { min: "1", max: locale === "en" ? "10000" : "10\u202f000" });
  };
  const d = draftFrom(newScheduleDefaults(NOW));

  it("says in English what the schema says", () => {
    for (const draft of [d, { ...d, average_power: "" }, { ...d, average_power: "x" }, { ...d, der_name: " ", months: [], days: [], hours: [] }, { ...splitDraft({ ...d, average_power: "500" }) }]) {
      expect(validateDraft(draft, words("en"))).toEqual(validateDraft(draft));
    }
    const split = splitDraft({ ...d, average_power: "500" });
    const parts = { ...split, schedules: split.schedules!.map((p, i) => ({ ...p, months: [i + 1], average_power: "" })) };
    expect(validateDraft(parts, words("en"))).toEqual(validateDraft(parts));
  });

  it("says it in French, a part's fields too", () => {
    expect(validateDraft(d, words("fr")).errors).toEqual({ average_power: "La puissance moyenne doit être comprise entre 1 et 10\u202f000 W" });
    expect(validateDraft({ ...d, average_power: "" }, words("fr")).errors).toEqual({ average_power: "La puissance moyenne est obligatoire" });
    expect(validateDraft({ ...d, average_power: "x" }, words("fr")).errors).toEqual({ average_power: "La puissance moyenne doit être un nombre" });
    expect(validateDraft({ ...d, average_power: "10", der_name: " ", months: [], days: [], hours: [] }, words("fr")).errors).toEqual({
      der_name: "Le nom est obligatoire",
      months: "Choisissez au moins un mois",
      days: "Choisissez au moins un jour",
      hours: "Choisissez au moins une heure",
    });
    const split = splitDraft({ ...d, average_power: "500" });
    const parts = { ...split, schedules: split.schedules!.map((p, i) => ({ ...p, months: i ? [] : [1], average_power: i ? "" : "500" })) };
    expect(validateDraft(parts, words("fr")).errors).toEqual({ "schedules.1.months": "Choisissez au moins un mois", "schedules.1.average_power": "La puissance moyenne est obligatoire" });
  });
});
