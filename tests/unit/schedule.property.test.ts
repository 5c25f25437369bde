// Properties of a schedule's runs and rules (components/schedules/schedule-text.ts,
// lib/validation/schedule.ts): for any months, days and hours, not only the examples of
// schedule-text.test.ts and schedule.test.ts. fast-check prints the seed and the smallest failing
// case when a property breaks.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysText, hoursText, monthsText, runsOf } from "@/components/schedules/schedule-text";
import { scheduleDataSchema } from "@/lib/validation/schedule";
import { DAY_NAMES, MONTH_NAMES, overlappingMonths, splitSchedule, toggle } from "@/lib/schedules/rules";

const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
const sortedUnique = (xs: readonly number[]) => [...new Set(xs)].sort((a, b) => a - b);

/** Values from lo to hi, in any order, with repeats. */
const valuesIn = (lo: number, hi: number) => fc.array(fc.integer({ min: lo, max: hi }), { maxLength: 3 * (hi - lo + 1) });
/** Distinct values from lo to hi, at least one, in any order. */
const someOf = (lo: number, hi: number) => fc.uniqueArray(fc.integer({ min: lo, max: hi }), { minLength: 1, maxLength: hi - lo + 1 });
/** The cycles runsOf is used with: months of a year, hours of a day; and any other span. */
const cycles = fc.oneof(
  fc.constant<[number, number]>([1, 12]),
  fc.constant<[number, number]>([0, 23]),
  fc.tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: 0, max: 30 })).map(([lo, n]): [number, number] => [lo, lo + n]),
);

/** The values a run stands for; with a cycle, a run [a, b] with a > b goes round the turn. */
function expand([a, b]: [number, number], cycle?: readonly [number, number]): number[] {
  if (a <= b) return range(a, b);
  if (!cycle) throw new Error(`run [${a}, ${b}] goes backwards without a cycle`);
  return [...range(a, cycle[1]), ...range(cycle[0], b)];
}

describe("runsOf: runs of consecutive values", () => {
  it("covers exactly the values given, each once, in ascending runs that never touch (no cycle)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 60 }), (values) => {
        const runs = runsOf(values);
        expect(runs.flatMap((r) => expand(r))).toEqual(sortedUnique(values));
        for (const [a, b] of runs) expect(a).toBeLessThanOrEqual(b);
        // maximal: a gap of at least one missing value between two runs
        for (let i = 1; i < runs.length; i++) expect(runs[i][0]).toBeGreaterThan(runs[i - 1][1] + 1);
      }),
    );
  });

  it("does not depend on the order or on repeats", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 40 }), fc.option(cycles, { nil: undefined }), (values, cycle) => {
        const inCycle = cycle ? values.filter((v) => v >= cycle[0] && v <= cycle[1]) : values;
        const shuffled = [...inCycle, ...inCycle.slice(0, 5)].reverse();
        expect(runsOf(shuffled, cycle)).toEqual(runsOf(sortedUnique(inCycle), cycle));
      }),
    );
  });

  it("with a cycle, joins the run ending the cycle to the run starting it, and only that: one run fewer, the same values", () => {
    fc.assert(
      fc.property(
        cycles.chain((c) => fc.tuple(fc.constant(c), valuesIn(c[0], c[1]))),
        ([cycle, values]) => {
          const plain = runsOf(values);
          const runs = runsOf(values, cycle);
          const set = new Set(values);
          const joins = plain.length > 1 && set.has(cycle[0]) && set.has(cycle[1]);
          expect(runs.length).toBe(plain.length - (joins ? 1 : 0));
          expect(runs.flatMap((r) => expand(r, cycle)).sort((a, b) => a - b)).toEqual(sortedUnique(values));
          const across = runs.filter(([a, b]) => a > b);
          expect(across.length).toBe(joins ? 1 : 0);
          // the run across the turn is the last one, from the last run's start to the first run's end
          if (joins) expect(runs[runs.length - 1]).toEqual([plain[plain.length - 1][0], plain[0][1]]);
        },
      ),
    );
  });
});

/** Reads "January–March, June, December, January" back into month numbers (runs of 3+ as "A–C", across the year's turn too). */
function monthsOf(text: string): number[] {
  if (text === "All year") return range(1, 12);
  if (text === "No months") return [];
  const n = (name: string) => MONTH_NAMES.indexOf(name) + 1;
  return text.split(", ").flatMap((part) => {
    const [a, b] = part.split("–");
    return b === undefined ? [n(a)] : expand([n(a), n(b)], [1, 12]);
  });
}

function daysOf(text: string): number[] {
  if (text === "Every day") return range(0, 6);
  if (text === "No days") return [];
  const n = (name: string) => DAY_NAMES.indexOf(name);
  return text.split(", ").flatMap((part) => {
    const [a, b] = part.split("–");
    return b === undefined ? [n(a)] : range(n(a), n(b));
  });
}

/** Reads "10:00–16:00, 22:00–03:00" back into hours: a span covers its hours up to, not including, its end. */
function hoursOf(text: string): number[] {
  if (text === "All day") return range(0, 23);
  if (text === "No hours") return [];
  return text.split(", ").flatMap((span) => {
    const m = /^(\d\d):00–(\d\d):00$/.exec(span);
    if (!m) throw new Error(`not a span: ${span}`);
    const [from, to] = [Number(m[1]), Number(m[2])];
    return to > from ? range(from, to - 1) : [...range(from, 23), ...range(0, to - 1)];
  });
}

describe("a schedule's runs in words name exactly its months, days and hours", () => {
  it("months: the text reads back as the same months (December–February across the year's turn)", () => {
    fc.assert(fc.property(valuesIn(1, 12), (months) => {
      expect(sortedUnique(monthsOf(monthsText(months)))).toEqual(sortedUnique(months));
    }));
  });

  it("months: a month is named once at most", () => {
    fc.assert(
      fc.property(someOf(1, 12), (months) => {
        const named = monthsOf(monthsText(months));
        expect(named.length).toBe(new Set(named).size);
      }),
    );
  });

  it("days: the text reads back as the same days (Monday = 0)", () => {
    fc.assert(fc.property(valuesIn(0, 6), (days) => {
      expect(sortedUnique(daysOf(daysText(days)))).toEqual(sortedUnique(days));
    }));
  });

  it("hours: the spans cover exactly the hours chosen (hour h is h:00 to h+1:00; a night across midnight is one span)", () => {
    fc.assert(
      fc.property(valuesIn(0, 23), (hours) => {
        const text = hoursText(hours);
        expect(sortedUnique(hoursOf(text))).toEqual(sortedUnique(hours));
        // no span starts where another ends: adjacent hours are always one span
        if (text !== "All day" && text !== "No hours") {
          const spans = text.split(", ").map((s) => s.split("–"));
          const starts = new Set(spans.map(([from]) => from));
          for (const [, to] of spans) expect(starts.has(to === "24:00" ? "00:00" : to)).toBe(false);
        }
      }),
    );
  });
});

describe("the schedule rules", () => {
  const parts = fc.array(fc.record({ months: valuesIn(1, 12) }), { maxLength: 4 });

  it("overlappingMonths: a month is listed, once and in order, exactly when two parts or more have it", () => {
    fc.assert(
      fc.property(parts, (ps) => {
        const expected = range(1, 12).filter((m) => ps.filter((p) => p.months.includes(m)).length >= 2);
        expect(overlappingMonths(ps)).toEqual(expected);
      }),
    );
  });

  it("toggle: adds a value that is absent, removes one that is present, keeps the list sorted; twice is no change", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 23 })).map(sortedUnique), fc.integer({ min: 0, max: 23 }), (list, v) => {
        const once = toggle(list, v);
        expect(once.includes(v)).toBe(!list.includes(v));
        expect(once).toEqual(sortedUnique(once));
        expect(once.filter((x) => x !== v)).toEqual(list.filter((x) => x !== v));
        expect(toggle(once, v)).toEqual(list);
      }),
    );
  });

  it("splitSchedule: two parts with the schedule's months, days and hours (copies), at its power and one watt more", () => {
    fc.assert(
      fc.property(someOf(1, 12), someOf(0, 6), someOf(0, 23), fc.integer({ min: 1, max: 9999 }), (months, days, hours, average_power) => {
        const d = { months, days, hours, average_power };
        const [a, b] = splitSchedule(d);
        for (const p of [a, b]) expect({ months: p.months, days: p.days, hours: p.hours }).toEqual({ months, days, hours });
        expect([a.average_power, b.average_power]).toEqual([average_power, average_power + 1]);
        a.months.push(99);
        b.hours.pop();
        expect(d).toEqual({ months, days, hours, average_power });
        expect(a.months).not.toBe(b.months);
      }),
    );
  });

  it("scheduleDataSchema: distinct months, days and hours in any order are kept sorted; parsing again changes nothing", () => {
    fc.assert(
      fc.property(someOf(1, 12), someOf(0, 6), someOf(0, 23), fc.integer({ min: 1, max: 10000 }), (months, days, hours, average_power) => {
        const r = scheduleDataSchema.safeParse({ der_name: "Battery", average_power, months, days, hours, start_date: "2026-01-05T00:00:00Z" });
        expect(r.success).toBe(true);
        const data = r.data!;
        expect([data.months, data.days, data.hours]).toEqual([sortedUnique(months), sortedUnique(days), sortedUnique(hours)]);
        expect(scheduleDataSchema.parse(data)).toEqual(data);
      }),
    );
  });

  it("scheduleDataSchema: a repeated value, or one outside its range, is refused on its field", () => {
    const field = fc.constantFrom(["months", 1, 12] as const, ["days", 0, 6] as const, ["hours", 0, 23] as const);
    fc.assert(
      fc.property(
        field.chain(([name, lo, hi]) =>
          fc.tuple(
            fc.constant(name),
            fc.oneof(
              // a repeat
              someOf(lo, hi).chain((xs) => fc.integer({ min: 0, max: xs.length - 1 }).map((i) => [...xs, xs[i]])),
              // one value outside the range
              fc.tuple(someOf(lo, hi), fc.oneof(fc.integer({ min: hi + 1, max: hi + 100 }), fc.integer({ min: lo - 100, max: lo - 1 }))).map(([xs, bad]) => [...xs, bad]),
            ),
          ),
        ),
        ([name, values]) => {
          const body = { der_name: "Battery", average_power: 100, months: [1], days: [0], hours: [0], [name]: values };
          const r = scheduleDataSchema.safeParse(body);
          expect(r.success).toBe(false);
          expect(r.error!.issues.map((i) => i.path[0])).toContain(name);
        },
      ),
    );
  });
});
