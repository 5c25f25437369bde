// Paris local time ↔ UTC (lib/time/paris.ts): DST days, interval ends → starts, the
// year boundary. The expected instants are written out by hand or come from the fixtures, whose
// time stamps Python's zoneinfo wrote (tests/fixtures/enedis/make-curves.py).
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  daysBetween,
  isDay,
  parisDayOf,
  parisDayStart,
  parisInstantsOf,
  parisLocalString,
  parisOffsetMinutes,
  parisToUtc,
  pointsPerDay,
  startsFromEnds,
  stepMinutes,
} from "@/lib/time/paris";
import { fixture } from "../fakes/enedis-2026";

const utc = (s: string) => Date.parse(s);
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
type Curve = { grandeur: { points: { d: string; p: string }[] }[] };

/** The EU rule (since 1996): summer time from the last Sunday of March to the last Sunday of October, 01:00 UTC. */
function euSummerTime(t: number) {
  const y = new Date(t).getUTCFullYear();
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(y, month + 1, 0));
    return Date.UTC(y, month, last.getUTCDate() - last.getUTCDay(), 1);
  };
  return t >= lastSunday(2) && t < lastSunday(9);
}

describe("the Paris offset", () => {
  it("is +1 h in winter and +2 h in summer, changing at 01:00 UTC on the last Sundays of March and October", () => {
    expect(parisOffsetMinutes(utc("2026-01-15T12:00:00Z"))).toBe(60);
    expect(parisOffsetMinutes(utc("2026-07-15T12:00:00Z"))).toBe(120);
    expect(parisOffsetMinutes(utc("2026-03-29T00:59:59Z"))).toBe(60);
    expect(parisOffsetMinutes(utc("2026-03-29T01:00:00Z"))).toBe(120);
    expect(parisOffsetMinutes(utc("2026-10-25T00:59:59Z"))).toBe(120);
    expect(parisOffsetMinutes(utc("2026-10-25T01:00:00Z"))).toBe(60);
  });

  it("agrees with the EU rule every 7 hours from 2020 to 2030", () => {
    for (let t = utc("2020-01-01T00:00:00Z"); t < utc("2030-12-31T00:00:00Z"); t += 7 * 3_600_000 + 60_000) {
      expect(parisOffsetMinutes(t), iso(t)!).toBe(euSummerTime(t) ? 120 : 60);
    }
  });
});

describe("local days", () => {
  it.each([
    ["2026-03-29", 46],
    ["2026-10-25", 50],
    ["2025-03-30", 46],
    ["2025-10-26", 50],
    ["2026-06-01", 48],
    ["2025-12-31", 48],
    ["2026-01-01", 48],
  ])("%s has %i half hours", (day, n) => {
    expect(pointsPerDay(day)).toBe(n);
  });

  it("starts at local midnight", () => {
    expect(iso(parisDayStart("2026-01-01"))).toBe("2025-12-31T23:00:00.000Z");
    expect(iso(parisDayStart("2026-07-01"))).toBe("2026-06-30T22:00:00.000Z");
    expect(iso(parisDayStart("2026-03-29"))).toBe("2026-03-28T23:00:00.000Z");
    expect(iso(parisDayStart("2026-10-26"))).toBe("2026-10-25T23:00:00.000Z");
    expect(() => parisDayStart("2026-02-30")).toThrow(RangeError);
  });

  it("a UTC instant falls on the Paris day it reads there", () => {
    expect(parisDayOf(utc("2025-12-31T23:00:00Z"))).toBe("2026-01-01");
    expect(parisDayOf(utc("2025-12-31T22:59:59Z"))).toBe("2025-12-31");
    expect(parisDayOf(utc("2026-06-30T22:00:00Z"))).toBe("2026-07-01");
    expect(parisLocalString(utc("2026-10-25T00:30:00Z"))).toBe("2026-10-25 02:30:00");
    expect(parisLocalString(utc("2026-10-25T01:30:00Z"))).toBe("2026-10-25 02:30:00");
  });

  it("does calendar arithmetic over month, year and leap-day boundaries", () => {
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addMonths("2026-11-23", -24)).toBe("2024-11-23");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonths("2028-02-29", -12)).toBe("2027-02-28");
    expect(daysBetween("2025-12-25", "2026-01-01")).toBe(7);
    expect(daysBetween("2026-01-01", "2025-12-25")).toBe(-7);
    expect(isDay("2024-02-29")).toBe(true);
    expect(["2026-02-29", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-01 "].map(isDay)).toEqual([false, false, false, false, false]);
  });
});

describe("reading Enedis time stamps", () => {
  it("reads Paris wall-clock time, with an explicit offset when there is one", () => {
    expect(iso(parisToUtc("2026-01-15 00:30:00"))).toBe("2026-01-14T23:30:00.000Z");
    expect(iso(parisToUtc("2026-07-15 12:00:00"))).toBe("2026-07-15T10:00:00.000Z");
    expect(iso(parisToUtc("2026-07-15T12:00:00"))).toBe("2026-07-15T10:00:00.000Z");
    expect(iso(parisToUtc("2026-07-15"))).toBe("2026-07-14T22:00:00.000Z");
    expect(iso(parisToUtc("2026-10-25T02:30:00+01:00"))).toBe("2026-10-25T01:30:00.000Z");
    expect(iso(parisToUtc("2026-10-25T02:30:00+0200"))).toBe("2026-10-25T00:30:00.000Z");
    expect(iso(parisToUtc("2026-10-25T02:30:00Z"))).toBe("2026-10-25T02:30:00.000Z");
    expect(iso(parisToUtc("2026-12-31 24:00:00"))).toBe("2026-12-31T23:00:00.000Z");
  });

  it("the repeated October hour: the earlier instant, or the first after the previous stamp", () => {
    expect(parisInstantsOf({ y: 2026, mo: 10, d: 25, h: 2, mi: 30, s: 0 }).map(iso)).toEqual(["2026-10-25T00:30:00.000Z", "2026-10-25T01:30:00.000Z"]);
    expect(iso(parisToUtc("2026-10-25 02:30:00"))).toBe("2026-10-25T00:30:00.000Z");
    expect(iso(parisToUtc("2026-10-25 02:30:00", utc("2026-10-25T01:00:00Z")))).toBe("2026-10-25T01:30:00.000Z");
  });

  it("the skipped March hour is read with winter time, as the clock that skipped it", () => {
    expect(parisInstantsOf({ y: 2026, mo: 3, d: 29, h: 2, mi: 30, s: 0 })).toEqual([]);
    expect(iso(parisToUtc("2026-03-29 02:00:00"))).toBe("2026-03-29T01:00:00.000Z");
    expect(iso(parisToUtc("2026-03-29 03:00:00"))).toBe("2026-03-29T01:00:00.000Z");
  });

  it.each(["", "garbage", "2026-02-30 00:00:00", "2026-01-01 25:00:00", "2026-01-01 12:61:00", "2026-01-01 24:30:00", "01/01/2026 00:00"])("%j is unreadable: null", (s) => {
    expect(parisToUtc(s)).toBeNull();
  });

  it("reads steps", () => {
    expect(["PT30M", "PT10M", "PT5M", "PT1H", "PT60M", "PT1H30M", "P1D", "30", "", null].map(stepMinutes)).toEqual([30, 10, 5, 60, 60, 90, null, null, null, null]);
  });
});

describe("interval ends → interval starts", () => {
  const startsOf = (name: string) => {
    const points = fixture<Curve>(name).grandeur[0].points;
    return startsFromEnds(points).map((s) => s!);
  };
  const consecutive = (starts: { start: number }[], stepMin = 30) => starts.every((s, i) => i === 0 || s.start - starts[i - 1].start === stepMin * 60_000);

  it("moves each end back one step: the day's first point starts at local midnight", () => {
    const [first] = startsFromEnds([{ d: "2026-01-15 00:30:00", p: "PT30M" }]);
    expect(first).toEqual({ start: utc("2026-01-14T23:00:00Z"), stepMin: 30 });
  });

  it("the fall-back day: 50 distinct half hours from 22:00 UTC the day before, 02:00 and 02:30 read twice", () => {
    const starts = startsOf("curve-fall-back-2026-10-25.json");
    expect(starts).toHaveLength(50);
    expect(new Set(starts.map((s) => s.start)).size).toBe(50);
    expect(consecutive(starts)).toBe(true);
    expect(iso(starts[0].start)).toBe("2026-10-24T22:00:00.000Z");
    expect(iso(starts[49].start)).toBe("2026-10-25T22:30:00.000Z");
    expect(starts.every((s) => parisDayOf(s.start) === "2026-10-25")).toBe(true);
  });

  it("the spring-forward day: 46 half hours, none lost or doubled", () => {
    const starts = startsOf("curve-spring-forward-2026-03-29.json");
    expect(starts).toHaveLength(46);
    expect(consecutive(starts)).toBe(true);
    expect(iso(starts[0].start)).toBe("2026-03-28T23:00:00.000Z");
    expect(iso(starts[45].start)).toBe("2026-03-29T21:30:00.000Z");
  });

  it("the year boundary: the point stamped 2026-01-01 00:00:00 belongs to 31 December", () => {
    const starts = startsOf("curve-new-year-2025-12-31.json");
    expect(starts).toHaveLength(96);
    expect(consecutive(starts)).toBe(true);
    expect(iso(starts[47].start)).toBe("2025-12-31T22:30:00.000Z");
    expect(parisDayOf(starts[47].start)).toBe("2025-12-31");
    expect(parisDayOf(starts[48].start)).toBe("2026-01-01");
  });

  it("takes the step from the point, else the series, else the gap between ends", () => {
    expect(startsOf("curve-10min-2026-09-29.json")).toHaveLength(144);
    expect(startsFromEnds([{ d: "2026-09-29 00:10:00" }], "PT10M")[0]).toEqual({ start: utc("2026-09-28T22:00:00Z"), stepMin: 10 });
    const inferred = startsFromEnds([{ d: "2026-09-29 01:00:00" }, { d: "2026-09-29 02:00:00" }]);
    expect(inferred[1]).toEqual({ start: utc("2026-09-28T23:00:00Z"), stepMin: 60 });
    expect(startsFromEnds([{ d: "nonsense" }])).toEqual([null]);
  });
});
