// A community event's pure rules (lib/flex/events.ts), by hand: its window on its Paris day (DST
// days included), the checks an event must pass, what a household is due, where an event is.
import { describe, expect, it } from "vitest";
import { eventStatus, eventWindow, parisClock, settlement, windowProblem } from "@/lib/flex/events";

const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-11-23T10:00:00Z");

describe("eventWindow", () => {
  it("is the event's day and its half hours: 18:00-20:00 in winter are periods 36 to 40", () => {
    expect(eventWindow(at("2026-11-24T17:00:00Z"), at("2026-11-24T19:00:00Z"))).toEqual({ day: "2026-11-24", from: 36, to: 40 });
  });
  it("counts elapsed half hours on the 23-hour day (spring): 18:00 is period 34 of 46", () => {
    expect(eventWindow(at("2026-03-29T16:00:00Z"), at("2026-03-29T18:00:00Z"))).toEqual({ day: "2026-03-29", from: 34, to: 38 });
  });
  it("and on the 25-hour day (autumn): 18:00 is period 38 of 50", () => {
    expect(eventWindow(at("2026-10-25T17:00:00Z"), at("2026-10-25T19:00:00Z"))).toEqual({ day: "2026-10-25", from: 38, to: 42 });
  });
  it("reaches the day's end: 22:00-24:00 are periods 44 to 48", () => {
    expect(eventWindow(at("2026-11-24T21:00:00Z"), at("2026-11-24T23:00:00Z"))).toEqual({ day: "2026-11-24", from: 44, to: 48 });
    expect(parisClock(at("2026-11-24T23:00:00Z"), true)).toBe("24:00");
    expect(parisClock(at("2026-11-24T23:00:00Z"))).toBe("00:00");
  });
});

describe("windowProblem", () => {
  const ok = [at("2026-11-24T17:00:00Z"), at("2026-11-24T19:00:00Z")] as const;
  it("lets a window on the half hour, within a day, to come", () => {
    expect(windowProblem(...ok, NOW)).toBeNull();
    expect(windowProblem(at("2026-11-24T22:30:00Z"), at("2026-11-24T23:00:00Z"), NOW)).toBeNull();
  });
  it.each([
    ["off the half hour", at("2026-11-24T17:10:00Z"), ok[1], "starts_at", "An event starts on the hour or the half hour"],
    ["an end off the half hour", ok[0], at("2026-11-24T19:01:00Z"), "ends_at", "An event ends on the hour or the half hour"],
    ["empty", ok[0], ok[0], "ends_at", "An event must end after it starts"],
    ["longer than a day", ok[0], at("2026-11-25T19:00:00Z"), "ends_at", "An event lasts at most one day"],
    ["across midnight", at("2026-11-24T22:00:00Z"), at("2026-11-24T23:30:00Z"), "ends_at", "An event starts and ends on the same day (Europe/Paris)"],
    ["started", at("2026-11-23T09:30:00Z"), at("2026-11-23T11:00:00Z"), "starts_at", "An event cannot start in the past"],
    ["over a year ahead", at("2027-11-25T17:00:00Z"), at("2027-11-25T19:00:00Z"), "starts_at", "An event starts within 366 days"],
  ])("refuses a window %s", (_, from, to, path, message) => {
    expect(windowProblem(from, to, NOW)).toEqual({ path, message });
  });
});

describe("settlement", () => {
  it("pays F = B − A summed, a reduction at its price: (400 − 160) Wh at 0.50 €/kWh is 0.12 €", () => {
    expect(settlement("down", [100, 100, 100, 100], [40, 40, 40, 40], 0.5)).toEqual({ deliveredWh: 240, rewardEur: 0.12 });
  });
  it("pays nothing for a negative delivery, and says it", () => {
    expect(settlement("down", [100, 100], [150, 150], 0.5)).toEqual({ deliveredWh: -100, rewardEur: 0 });
  });
  it("counts an increase for 'use the sun' (up): A − B", () => {
    expect(settlement("up", [100, 100], [250, 100], 0.2)).toEqual({ deliveredWh: 150, rewardEur: 0.03 });
  });
  it("leaves out a missing period, and rounds to the cent", () => {
    expect(settlement("down", [333.33, 333.33, 333.33], [0, null, 0], 0.3)).toEqual({ deliveredWh: 666.7, rewardEur: 0.2 });
  });
});

describe("eventStatus", () => {
  const e = { startsAt: new Date("2026-11-24T17:00:00Z"), endsAt: new Date("2026-11-24T19:00:00Z"), cancelledAt: null, settledAt: null };
  it("goes upcoming → running → ended, then settled; cancelled wins", () => {
    expect(eventStatus(e, NOW)).toBe("upcoming");
    expect(eventStatus(e, at("2026-11-24T17:00:00Z"))).toBe("running");
    expect(eventStatus(e, at("2026-11-24T19:00:00Z"))).toBe("ended");
    expect(eventStatus({ ...e, settledAt: new Date() }, at("2026-11-25T19:00:00Z"))).toBe("settled");
    expect(eventStatus({ ...e, cancelledAt: new Date() }, NOW)).toBe("cancelled");
  });
});
