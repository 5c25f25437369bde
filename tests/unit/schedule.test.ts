import { describe, expect, it } from "vitest";
import { scheduleDataSchema } from "@/lib/validation/schedule";
import { hourLabel, newScheduleDefaults, overlappingMonths, splitSchedule, toggle } from "@/lib/schedules/rules";

const valid = { der_name: "Battery", average_power: 500, months: [1, 2], days: [0], hours: [10, 11] };

describe("schedule rules", () => {
  it("toggles: adds what is absent, removes what is present, keeps order", () => {
    expect(toggle([1, 3], 2)).toEqual([1, 2, 3]);
    expect(toggle([1, 2, 3], 2)).toEqual([1, 3]);
    expect(toggle([], 0)).toEqual([0]);
  });

  it("splits into two copies, the second at power + 1", () => {
    const parts = splitSchedule({ months: [1, 2], days: [0, 6], hours: [5], average_power: 1000 });
    expect(parts).toEqual([
      { months: [1, 2], days: [0, 6], hours: [5], average_power: 1000 },
      { months: [1, 2], days: [0, 6], hours: [5], average_power: 1001 },
    ]);
    parts[0].months.push(3);
    expect(parts[1].months).toEqual([1, 2]);
  });

  it("finds overlapping months between parts", () => {
    expect(overlappingMonths([{ months: [1, 3, 11] }, { months: [3, 4, 11] }])).toEqual([3, 11]);
    expect(overlappingMonths([{ months: [1, 2] }, { months: [3] }])).toEqual([]);
  });

  it("defaults a new schedule to all months, all days, hours 0 to 12 and power 0 (which Save refuses)", () => {
    const d = newScheduleDefaults(new Date("2026-01-01T00:00:00Z"));
    expect(d).toMatchObject({ der_name: "new schedule", average_power: 0, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], days: [0, 1, 2, 3, 4, 5, 6] });
    expect(d.hours).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(scheduleDataSchema.safeParse(d).success).toBe(false);
  });

  it("validates ranges, distinctness and the overlap rule with its summary", () => {
    expect(scheduleDataSchema.safeParse(valid).success).toBe(true);
    const bad = (patch: object) => scheduleDataSchema.safeParse({ ...valid, ...patch }).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(bad({ months: [0] })).toEqual([["months.0", "Months must hold months from 1 to 12"]]);
    expect(bad({ days: [7] })?.[0][0]).toBe("days.0");
    expect(bad({ hours: [] })).toEqual([["hours", "Choose at least one hour"]]);
    expect(bad({ hours: [1, 1] })).toEqual([["hours", "Hours must not repeat a value"]]);
    expect(bad({ average_power: "100" })).toEqual([["average_power", "Average power must be a number"]]);
    expect(bad({ average_power: 10001 })?.[0][0]).toBe("average_power");
    expect(bad({ schedules: [{ ...valid, months: [3, 11] }, { ...valid, months: [11, 3, 4] }] })).toEqual([["schedules", "Overlapping months: 3, 11"]]);
    expect(bad({ schedules: [valid, valid, valid] })?.[0]).toEqual(["schedules", "A schedule has at most 2 parts"]);
  });

  it("shows hours as HH:00", () => {
    expect(hourLabel(7)).toBe("07:00");
    expect(hourLabel(23)).toBe("23:00");
  });
});
