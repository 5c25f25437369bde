// The household baseline `xofy-10-4` (lib/flex/baseline.ts) on made-up curves whose results are
// worked out by hand: candidate days (type, holidays, events, missing data, window, lookback),
// mean and median, 15- and 30-minute steps, the DST days, delivered flexibility, accuracy,
// backtest and the predictability verdict.
import { describe, expect, it } from "vitest";
import { accuracy, backtest, baseline, delivered, localSlots, predictability, type DailyEnergy } from "@/lib/flex/baseline";
import { dayType } from "@/lib/flex/calendar";
import { daysOf, pointsPerDay } from "@/lib/time/paris";

type Row = (number | null)[];
const energyOf = (stepMin: 15 | 30, rows: Record<string, Row>): DailyEnergy => ({ stepMin, byDay: new Map(Object.entries(rows)) });
/** `base + i` in period i: a day's level plus a shape, so a slip of one period shows. */
const shaped = (day: string, stepMin: number, base: number): Row => Array.from({ length: pointsPerDay(day, stepMin) }, (_, i) => base + i);
const flat = (day: string, stepMin: number, v: number): Row => Array(pointsPerDay(day, stepMin)).fill(v);
const withNulls = (row: Row, at: number[]) => row.map((v, i) => (at.includes(i) ? null : v));

// Target Thursday 2026-06-25; the working days before it, most recent first, with their levels.
// The 11th (06-10) must not be used; weekends carry 1000 and must not be used either.
const JUNE_WORKING: [string, number][] = [
  ["2026-06-24", 1], ["2026-06-23", 2], ["2026-06-22", 3], ["2026-06-19", 4], ["2026-06-18", 5],
  ["2026-06-17", 6], ["2026-06-16", 7], ["2026-06-15", 8], ["2026-06-12", 9], ["2026-06-11", 100], ["2026-06-10", 500],
];
const TEN_DAYS = JUNE_WORKING.slice(0, 10).map(([d]) => d);
function june(stepMin: 15 | 30, drop: string[] = []): Record<string, Row> {
  const level = new Map(JUNE_WORKING);
  const rows: Record<string, Row> = {};
  for (const d of daysOf("2026-06-10", "2026-06-25")) if (!drop.includes(d)) rows[d] = shaped(d, stepMin, level.get(d) ?? 1000);
  return rows;
}

describe("localSlots", () => {
  it("gives the local start minute of every period, on ordinary and DST days", () => {
    expect(localSlots("2026-06-25", 30)).toEqual(Array.from({ length: 48 }, (_, i) => i * 30));
    expect(localSlots("2026-06-25", 15)).toHaveLength(96);
    // 25 hours: 00:00 ... 02:45, then 02:00 ... 02:45 again, then 03:00 ... 23:45
    const october = localSlots("2026-10-25", 15);
    expect(october).toHaveLength(100);
    expect(october.slice(6, 18)).toEqual([90, 105, 120, 135, 150, 165, 120, 135, 150, 165, 180, 195]);
    expect(october[99]).toBe(1425);
    // 23 hours: 01:30 is followed by 03:00
    expect(localSlots("2026-03-29", 30).slice(0, 5)).toEqual([0, 30, 60, 90, 180]);
    expect(localSlots("2026-03-29", 30)).toHaveLength(46);
  });
});

describe("baseline: candidate days", () => {
  it("averages the 10 most recent working days of a working day (30 minutes, 48 periods)", () => {
    const b = baseline(energyOf(30, june(30)), "2026-06-25");
    // levels 1..9 and 100: mean 145 / 10 = 14.5, plus the shape i
    expect(b).toEqual({ status: "ok", days: TEN_DAYS, values: Array.from({ length: 48 }, (_, i) => 14.5 + i) });
  });

  it("takes their median on request: (5 + 6) / 2 = 5.5", () => {
    const b = baseline(energyOf(30, june(30)), "2026-06-25", { method: "median" });
    expect(b.status === "ok" && b.values.slice(0, 3)).toEqual([5.5, 6.5, 7.5]);
  });

  it("works the same at 15 minutes (96 periods)", () => {
    const b = baseline(energyOf(15, june(15)), "2026-06-25");
    expect(b.status === "ok" && b.values).toEqual(Array.from({ length: 96 }, (_, i) => 14.5 + i));
  });

  it("averages the 4 most recent weekend days of a Saturday", () => {
    const levels: Record<string, number> = { "2026-06-21": 10, "2026-06-20": 20, "2026-06-14": 30, "2026-06-13": 100, "2026-06-07": 999 };
    const rows = Object.fromEntries(daysOf("2026-06-01", "2026-06-27").map((d) => [d, flat(d, 30, levels[d] ?? 1)]));
    const mean = baseline(energyOf(30, rows), "2026-06-27");
    expect(mean).toEqual({ status: "ok", days: ["2026-06-21", "2026-06-20", "2026-06-14", "2026-06-13"], values: Array(48).fill(40) });
    const median = baseline(energyOf(30, rows), "2026-06-27", { method: "median" });
    expect(median.status === "ok" && median.values[0]).toBe(25);
  });

  it("leaves holidays out of working days and counts them with weekends", () => {
    // Ascension (Thu 14 May) and Whit Monday (25 May) 2026 carry 1000
    const rows = Object.fromEntries(daysOf("2026-05-01", "2026-05-31").map((d) => [d, flat(d, 30, ["2026-05-14", "2026-05-25"].includes(d) ? 1000 : 1)]));
    const working = baseline(energyOf(30, rows), "2026-05-28");
    expect(working.days).toEqual(["2026-05-27", "2026-05-26", "2026-05-22", "2026-05-21", "2026-05-20", "2026-05-19", "2026-05-18", "2026-05-15", "2026-05-13", "2026-05-12"]);
    expect(working.status === "ok" && working.values[0]).toBe(1);
    const sunday = baseline(energyOf(30, rows), "2026-05-31");
    expect(sunday.days).toEqual(["2026-05-30", "2026-05-25", "2026-05-24", "2026-05-23"]);
    expect(sunday.status === "ok" && sunday.values[0]).toBe((1 + 1000 + 1 + 1) / 4);
  });

  it("leaves out the household's event days and takes the next older day", () => {
    const b = baseline(energyOf(30, june(30)), "2026-06-25", { excluded: new Set(["2026-06-23"]) });
    expect(b.days).toEqual([...TEN_DAYS.filter((d) => d !== "2026-06-23"), "2026-06-10"]);
    // 145 - 2 + 500 = 643
    expect(b.status === "ok" && b.values[0]).toBeCloseTo(64.3, 10);
  });

  it("keeps a day missing 10 % of its periods and drops one missing 11 %", () => {
    // Target Saturday 2026-10-31 at 15 minutes; Sunday 2026-10-25 has 100 periods, level 8, others 4
    const rows = (missing: number): Record<string, Row> => ({
      "2026-10-25": withNulls(flat("2026-10-25", 15, 8), Array.from({ length: missing }, (_, i) => i)),
      ...Object.fromEntries(["2026-10-24", "2026-10-18", "2026-10-17", "2026-10-11"].map((d) => [d, flat(d, 15, 4)])),
    });
    const kept = baseline(energyOf(15, rows(10)), "2026-10-31");
    expect(kept.days).toEqual(["2026-10-25", "2026-10-24", "2026-10-18", "2026-10-17"]);
    // 00:00: 10-25 is missing and gives nothing, (4 + 4 + 4) / 3; 12:00: (8 + 4 + 4 + 4) / 4
    expect(kept.status === "ok" && [kept.values[0], kept.values[48]]).toEqual([4, 5]);
    const dropped = baseline(energyOf(15, rows(11)), "2026-10-31");
    expect(dropped.days).toEqual(["2026-10-24", "2026-10-18", "2026-10-17", "2026-10-11"]);
  });

  it("drops a day missing a period of the event window, however little it misses", () => {
    const rows = june(30);
    rows["2026-06-19"] = withNulls(rows["2026-06-19"], [37]); // 1 of 48 missing, inside 18:00-20:00
    rows["2026-06-22"] = withNulls(rows["2026-06-22"], [10]); // outside the window
    const b = baseline(energyOf(30, rows), "2026-06-25", { window: [36, 40] });
    expect(b.days).toEqual([...TEN_DAYS.filter((d) => d !== "2026-06-19"), "2026-06-10"]);
    // levels 1+2+3+5+6+7+8+9+100+500 = 641; at period 10 without 06-22: 638 / 9
    expect(b.status === "ok" && b.values[36]).toBeCloseTo(64.1 + 36, 10);
    expect(b.status === "ok" && b.values[10]).toBeCloseTo(638 / 9 + 10, 10);
    // without a window the day is kept (2 % missing) and gives nothing at 18:30
    const noWindow = baseline(energyOf(30, rows), "2026-06-25");
    expect(noWindow.days).toEqual(TEN_DAYS);
    expect(noWindow.status === "ok" && noWindow.values[37]).toBeCloseTo((145 - 4) / 9 + 37, 10);
  });

  it("is insufficient with 9 working days, and says which it found", () => {
    const b = baseline(energyOf(30, june(30, ["2026-06-11", "2026-06-10"])), "2026-06-25");
    expect(b).toEqual({ status: "insufficient", days: TEN_DAYS.slice(0, 9), needed: 10 });
  });

  it("looks back 60 days and no further", () => {
    // Target Monday 2026-06-29: 9 working days from 16 to 26 June, then Thursday 30 April (60 days
    // before) and Wednesday 29 April (61 days before)
    const recent = daysOf("2026-06-16", "2026-06-29").filter((d) => dayType(d) === "working");
    expect(recent).toHaveLength(9);
    const rows = Object.fromEntries([...recent.map((d) => [d, flat(d, 30, 1)]), ["2026-04-30", flat("2026-04-30", 30, 2)], ["2026-04-29", flat("2026-04-29", 30, 3)]]);
    const b = baseline(energyOf(30, rows), "2026-06-29");
    expect(b.days).toEqual([...recent.reverse(), "2026-04-30"]);
    expect(b.status === "ok" && b.values[0]).toBeCloseTo(1.1, 10);
    delete rows["2026-04-30"];
    expect(baseline(energyOf(30, rows), "2026-06-29").status).toBe("insufficient");
    expect(baseline(energyOf(30, rows), "2026-06-29", { lookbackDays: 61 }).days).toContain("2026-04-29");
  });

  it("fills a period no candidate knows from the known periods around it", () => {
    const rows = Object.fromEntries(["2026-06-21", "2026-06-20", "2026-06-14", "2026-06-13"].map((d) => [d, withNulls(shaped(d, 30, 0), [0, 5])]));
    const b = baseline(energyOf(30, rows), "2026-06-27");
    expect(b.status === "ok" && b.values.slice(0, 7)).toEqual([1, 1, 2, 3, 4, 5, 6]);
  });

  it("refuses a day of the wrong length, another step, and a window outside the day", () => {
    expect(() => baseline(energyOf(30, { "2026-06-24": flat("2026-06-24", 15, 1) }), "2026-06-25")).toThrow("expected 48");
    expect(() => baseline(energyOf(15, { "2026-10-25": Array(96).fill(1) }), "2026-10-31")).toThrow("expected 100");
    expect(() => baseline({ stepMin: 60 as 30, byDay: new Map() }, "2026-06-25")).toThrow("15 or 30");
    expect(() => baseline(energyOf(30, june(30)), "2026-06-25", { window: [40, 49] })).toThrow("Window");
  });
});

describe("baseline: DST days, aligned by local time", () => {
  // Candidate days of 96 quarter hours whose value is the period index: 8 at 02:00, 12 at 03:00
  const indexed = (days: string[]) => energyOf(15, Object.fromEntries(days.map((d) => [d, shaped(d, 15, 0)])));

  it("gives both 02:00-03:00 hours of 25 October 2026 the candidates' 02:00-03:00", () => {
    const b = baseline(indexed(["2026-10-24", "2026-10-18", "2026-10-17", "2026-10-11"]), "2026-10-25");
    if (b.status !== "ok") throw new Error(b.status);
    expect(b.values).toHaveLength(100);
    expect(b.values.slice(6, 18)).toEqual([6, 7, 8, 9, 10, 11, 8, 9, 10, 11, 12, 13]);
    expect(b.values[99]).toBe(95);
  });

  it("judges the window on the repeated hour by the candidate's one 02:00-03:00", () => {
    const energy = indexed(["2026-10-24", "2026-10-18", "2026-10-17", "2026-10-11", "2026-10-10"]);
    (energy.byDay.get("2026-10-24") as Row)[9] = null; // 02:15
    expect(baseline(energy, "2026-10-25", { window: [12, 16] }).days).toEqual(["2026-10-18", "2026-10-17", "2026-10-11", "2026-10-10"]);
  });

  it("skips 02:00-03:00 on 29 March 2026: 01:45 is followed by the candidates' 03:00", () => {
    const b = baseline(indexed(["2026-03-28", "2026-03-22", "2026-03-21", "2026-03-15"]), "2026-03-29");
    if (b.status !== "ok") throw new Error(b.status);
    expect(b.values).toHaveLength(92);
    expect(b.values.slice(6, 10)).toEqual([6, 7, 12, 13]);
    expect(b.values[91]).toBe(95);
  });

  it("lends the 23-hour candidate's 01:00-02:00 to an ordinary day's 02:00-03:00", () => {
    // Target Easter Sunday 2026-04-05: candidates 04-04, 03-29 (92 periods, value = local minute / 15),
    // 03-28 and 03-22 at 0; at 02:00 the 29th lends its 01:00 (4), so 4 / 4 = 1
    const march29 = Array.from({ length: 92 }, (_, i) => (i < 8 ? i : i + 4));
    const energy = energyOf(15, { "2026-04-04": flat("2026-04-04", 15, 0), "2026-03-29": march29, "2026-03-28": flat("2026-03-28", 15, 0), "2026-03-22": flat("2026-03-22", 15, 0) });
    const b = baseline(energy, "2026-04-05");
    expect(b.days).toEqual(["2026-04-04", "2026-03-29", "2026-03-28", "2026-03-22"]);
    expect(b.status === "ok" && b.values.slice(6, 14)).toEqual([1.5, 1.75, 1, 1.25, 1.5, 1.75, 3, 3.25]);
  });

  it("takes the first (summer time) 02:00-03:00 of a 25-hour candidate", () => {
    const october25 = Array.from({ length: 100 }, (_, i) => (i >= 8 && i < 12 ? 4 : i >= 12 && i < 16 ? 8 : 0));
    const energy = energyOf(15, { "2026-10-31": flat("2026-10-31", 15, 0), "2026-10-25": october25, "2026-10-24": flat("2026-10-24", 15, 0), "2026-10-18": flat("2026-10-18", 15, 0) });
    const b = baseline(energy, "2026-11-01");
    expect(b.status === "ok" && b.values.slice(7, 13)).toEqual([0, 1, 1, 1, 1, 0]);
  });
});

describe("delivered", () => {
  const b = [10, 10, 10, 10];
  const a = [7, null, 12, 10];
  it("is B − A for a reduction, A − B for an increase, nothing where the actual is missing", () => {
    expect(delivered("down", b, a)).toEqual({ perPeriod: [3, null, -2, 0], total: 1 });
    expect(delivered("up", b, a)).toEqual({ perPeriod: [-3, null, 2, 0], total: -1 });
  });
  it("refuses curves of different lengths", () => {
    expect(() => delivered("down", b, [1, 2, 3])).toThrow();
  });
});

describe("accuracy", () => {
  it("works out bias, relative RMSE and normalised MAE over all periods of all days", () => {
    // errors 2, 1, -1; ΣA = 8; mean A = 8/3; RMSE = √(6/3)
    const acc = accuracy([{ baseline: [3, 4], actual: [1, 3] }, { baseline: [3], actual: [4] }]);
    expect(acc.bias).toBeCloseTo(2 / 8, 12);
    expect(acc.relativeRmse).toBeCloseTo(Math.SQRT2 / (8 / 3), 12);
    expect(acc.normalisedMae).toBeCloseTo(4 / 8, 12);
  });
  it("has nothing to say when nothing was used", () => {
    const none = { bias: null, relativeRmse: null, normalisedMae: null };
    expect(accuracy([{ baseline: [1, 2], actual: [0, 0] }])).toEqual(none);
    expect(accuracy([])).toEqual(none);
  });
});

describe("backtest", () => {
  // April to June 2026 at 30 minutes: a weekday shape and a weekend shape, the same every week
  const days = daysOf("2026-04-01", "2026-07-01");
  const usual = (d: string, i: number) => (dayType(d) === "working" ? 200 + (i % 12) * 10 : 300 + i * 5);
  const june = daysOf("2026-06-01", "2026-07-01");
  const event = new Set(["2026-06-10"]);

  it("finds a regular household's baseline exact, on the days it can test", () => {
    const rows = Object.fromEntries(days.map((d) => [d, Array.from({ length: 48 }, (_, i) => usual(d, i)) as Row]));
    rows["2026-06-15"][20] = null; // a missing actual is not compared
    // June's 30 days less the event day; 2 April lacks history, 15 July has no data
    const result = backtest(energyOf(30, rows), [...june, "2026-04-02", "2026-07-15"], { excluded: event });
    expect(result).toEqual({ accuracy: { bias: 0, relativeRmse: 0, normalisedMae: 0 }, testable: 29 });
    expect(predictability(result.accuracy)).toBe("good");
  });

  it("finds a noisy household less predictable", () => {
    let seed = 42; // a fixed pseudo-random noise of ±40 % (Park and Miller's minimal generator)
    const noise = () => ((seed = (seed * 48271) % 2147483647) / 2147483647 - 0.5) * 0.8;
    const rows = Object.fromEntries(days.map((d) => [d, Array.from({ length: 48 }, (_, i) => usual(d, i) * (1 + noise())) as Row]));
    const { accuracy: acc, testable } = backtest(energyOf(30, rows), june, { excluded: event });
    expect(testable).toBe(29);
    // uniform ±40 % has a deviation of 0.4/√3 ≈ 0.23, and a mean of 10 days adds a tenth of its variance
    expect(acc.relativeRmse).toBeGreaterThan(0.2);
    expect(acc.relativeRmse).toBeLessThan(0.3);
    expect(Math.abs(acc.bias as number)).toBeLessThan(0.05);
    expect(acc.normalisedMae).toBeGreaterThan(0.15);
    expect(predictability(acc)).toBe("fair");
  });
});

describe("predictability", () => {
  const acc = (bias: number | null, relativeRmse: number | null) => ({ bias, relativeRmse, normalisedMae: null });
  it.each([
    [0.1, 0.2, "good"],
    [-0.1, 0.2, "good"],
    [0.1001, 0.2, "fair"],
    [0.1, 0.2001, "fair"],
    [-0.2, 0.35, "fair"],
    [0.2001, 0.1, "poor"],
    [0, 0.3501, "poor"],
    [null, 0.1, "unknown"],
    [0, null, "unknown"],
  ] as const)("bias %s and relative RMSE %s: %s", (bias, rrmse, verdict) => {
    expect(predictability(acc(bias, rrmse))).toBe(verdict);
  });
});
