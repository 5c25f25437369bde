// The cost computation against hand-worked examples: the arithmetic is in the comments, with
// round numbers (fictional prices) so every figure can be checked by hand.
import { describe, expect, it } from "vitest";
import { compareOptions, computeCost, inRange, tempoDayOf, type Reading } from "@/lib/energy/costs";
import { tariffRowSchema, type TariffOption, type TariffRow, type Prices } from "@/lib/energy/tariff";
import { TARIFF_ROWS } from "@/lib/energy/tariff-data";
import { parisDayStart, parisToUtc } from "@/lib/time/paris";

const HALF = 30 * 60_000;
const SRC = "https://example.test/grid";

function row(option: TariffOption, prices: Prices, sub: number | null, validFrom = "2020-01-01", validTo: string | null = null, kva = 6): TariffRow {
  return { supplier: "Test", option, kva, subscriptionEurPerYear: sub, prices, validFrom, validTo, source: SRC };
}

/** Every half hour of local days [from, to), `wh` each (a function of the local time when given). */
function halfHours(from: string, to: string, wh: number | ((t: number) => number) = 1000): Reading[] {
  const out: Reading[] = [];
  for (let t = parisDayStart(from); t < parisDayStart(to); t += HALF) out.push({ start: new Date(t), wh: typeof wh === "number" ? wh : wh(t) });
  return out;
}

const NIGHT = [{ validFrom: "2020-01-01", validTo: null, ranges: [{ from: "22:00", to: "06:00" }] }];

describe("DST days", () => {
  const hphc = [row("hphc", { hp: 0.2, hc: 0.1 }, 146)];

  it("spring forward (23 hours, 46 points)", () => {
    // 2026-03-29: local 00:00-01:30 (4 points), then 03:00-23:30 (42): 46 points of 1 kWh.
    // HC 22:00-06:00: 00:00-01:30 (4) + 03:00-05:30 (6) + 22:00-23:30 (4) = 14 kWh × 0.10 = 1.40
    // HP: 46 - 14 = 32 kWh × 0.20 = 6.40; energy 7.80
    // subscription: 146 € / 365 days (2026) = 0.40; total 8.20
    const r = computeCost({ readings: halfHours("2026-03-29", "2026-03-30"), option: "hphc", kva: 6, from: "2026-03-29", to: "2026-03-30", tariffs: hphc, offpeak: NIGHT });
    expect(r.points).toBe(46);
    expect(r.expectedPoints).toBe(46);
    expect(r.missingPoints).toBe(0);
    expect(r.lines).toEqual([
      { period: "hp", kwh: 32, eur: expect.closeTo(6.4, 9) },
      { period: "hc", kwh: 14, eur: expect.closeTo(1.4, 9) },
    ]);
    expect(r.subscriptionEur).toBeCloseTo(0.4, 9);
    expect(r.totalEur).toBeCloseTo(8.2, 9);
    expect(r.partial).toBe(false);
  });

  it("fall back (25 hours, 50 points)", () => {
    // 2026-10-25: 00:00-06:00 local lasts 7 hours (02:00-03:00 twice): 14 points HC, + 22:00-23:30 (4) = 18 HC
    // HP 06:00-22:00: 32. Energy 18 × 0.10 + 32 × 0.20 = 1.80 + 6.40 = 8.20; + 0.40 subscription = 8.60
    const r = computeCost({ readings: halfHours("2026-10-25", "2026-10-26"), option: "hphc", kva: 6, from: "2026-10-25", to: "2026-10-26", tariffs: hphc, offpeak: NIGHT });
    expect(r.points).toBe(50);
    expect(r.expectedPoints).toBe(50);
    expect(r.lines.map((l) => [l.period, l.kwh])).toEqual([["hp", 32], ["hc", 18]]);
    expect(r.energyEur).toBeCloseTo(8.2, 9);
    expect(r.totalEur).toBeCloseTo(8.6, 9);
  });

  it("Tempo off-peak on the fall-back night takes the previous day's colour for 7 hours", () => {
    // 2026-10-25 00:00-06:00 (14 points) belongs to Tempo day 10-24 (white): 14 × whiteHc 0.14 = 1.96
    const tempo = [row("tempo", { blueHc: 0.1, blueHp: 0.12, whiteHc: 0.14, whiteHp: 0.16, redHc: 0.15, redHp: 0.7 }, 0)];
    const r = computeCost({
      readings: halfHours("2026-10-25", "2026-10-26").filter((p) => +p.start < parisToUtc("2026-10-25 06:00:00")!),
      option: "tempo", kva: 6, from: "2026-10-25", to: "2026-10-26", tariffs: tempo,
      tempo: [{ day: "2026-10-24", colour: "white" }],
    });
    expect(r.lines.find((l) => l.period === "whiteHc")).toEqual({ period: "whiteHc", kwh: 14, eur: expect.closeTo(1.96, 9) });
    expect(r.missingPoints).toBe(36);
    expect(r.partial).toBe(false);
  });
});

describe("a tariff change in the middle of the period", () => {
  it("prices each day with the row in force that local day", () => {
    // rows: 0.20 €/kWh and 365 €/yr until 2026-02-01, then 0.25 €/kWh and 730 €/yr.
    // 2026-01-31: 48 × 0.5 kWh = 24 kWh × 0.20 = 4.80; subscription 365/365 = 1.00
    // 2026-02-01: 24 kWh × 0.25 = 6.00; subscription 730/365 = 2.00
    // energy 10.80 + subscription 3.00 = 13.80 (the 23:30 reading of the 31st is still January's)
    const tariffs = [row("base", { base: 0.2 }, 365, "2026-01-01", "2026-02-01"), row("base", { base: 0.25 }, 730, "2026-02-01", null)];
    const r = computeCost({ readings: halfHours("2026-01-31", "2026-02-02", 500), option: "base", kva: 6, from: "2026-01-31", to: "2026-02-02", tariffs });
    expect(r.kwh).toBe(48);
    expect(r.energyEur).toBeCloseTo(10.8, 9);
    expect(r.subscriptionEur).toBeCloseTo(3, 9);
    expect(r.totalEur).toBeCloseTo(13.8, 9);
    expect(r.partial).toBe(false);
  });

  it("days without a row are counted, never priced at a neighbour's price", () => {
    // only 2026-02-01 onward has a row: January's 24 kWh are unpriced, its subscription missing
    const tariffs = [row("base", { base: 0.25 }, 730, "2026-02-01", null)];
    const r = computeCost({ readings: halfHours("2026-01-31", "2026-02-02", 500), option: "base", kva: 6, from: "2026-01-31", to: "2026-02-02", tariffs });
    expect(r.energyEur).toBeCloseTo(6, 9);
    expect(r.unpricedPoints).toBe(48);
    expect(r.unpricedKwh).toBe(24);
    expect(r.subscriptionMissingDays).toBe(1);
    expect(r.partial).toBe(true);
    expect(r.reasons).toEqual(["no_tariff"]);
  });
});

describe("Tempo colours", () => {
  const tempo = [row("tempo", { blueHc: 0.1, blueHp: 0.12, whiteHc: 0.14, whiteHp: 0.16, redHc: 0.15, redHp: 0.7 }, 365)];

  it("the Tempo day runs 06:00 to 06:00 Paris", () => {
    expect(tempoDayOf(parisToUtc("2026-01-15 05:30:00")!)).toBe("2026-01-14");
    expect(tempoDayOf(parisToUtc("2026-01-15 06:00:00")!)).toBe("2026-01-15");
  });

  it("a missing colour leaves its readings unpriced and the cost partial", () => {
    // colours: 01-13 blue, 01-14 red, 01-15 unknown; 1 kWh each half hour of 01-14 and 01-15 (96)
    // 01-14 00:00-05:30 (12, Tempo day 01-13 blue HC): 12 × 0.10 = 1.20
    // 01-14 06:00-21:30 (32, red HP): 32 × 0.70 = 22.40
    // 01-14 22:00-23:30 (4) + 01-15 00:00-05:30 (12): red HC 16 × 0.15 = 2.40
    // 01-15 06:00-23:30 (36): colour unknown → unpriced
    // energy 26.00 + subscription 2 × 365/365 = 2.00 → 28.00, partial
    const r = computeCost({
      readings: halfHours("2026-01-14", "2026-01-16"), option: "tempo", kva: 6, from: "2026-01-14", to: "2026-01-16", tariffs: tempo,
      tempo: [{ day: "2026-01-13", colour: "blue" }, { day: "2026-01-14", colour: "red" }],
    });
    expect(Object.fromEntries(r.lines.map((l) => [l.period, l.kwh]))).toEqual({ blueHc: 12, blueHp: 0, whiteHc: 0, whiteHp: 0, redHc: 16, redHp: 32 });
    expect(r.energyEur).toBeCloseTo(26, 9);
    expect(r.totalEur).toBeCloseTo(28, 9);
    expect(r.unpricedPoints).toBe(36);
    expect(r.unpricedKwh).toBe(36);
    expect(r.partial).toBe(true);
    expect(r.reasons).toEqual(["tempo_colour_unknown"]);
  });
});

describe("off-peak slots", () => {
  const hphc = [row("hphc", { hp: 0.2, hc: 0.1 }, 365)];

  it("a range crossing midnight, then dated slots that change (up to 3 ranges)", () => {
    // until 06-11: 23:00-07:00 → 23:00, 23:30 (2) + 00:00-06:30 (14) = 16 HC, 32 HP on 2026-06-10
    // from 06-11: 02:00-07:00 (10) + 13:00-16:00 (6) = 16 HC, 32 HP on 2026-06-11
    // readings: 2 kWh in HC-by-the-old-slots hours, 1 kWh elsewhere, to show which set applied:
    //   06-10: HC 16 × 2 kWh = 32 kWh × 0.10 = 3.20; HP 32 × 1 kWh × 0.20 = 6.40
    //   06-11: old-HC hours 00:00-06:30 (14 × 2 kWh) + 23:00-23:30 (2 × 2 kWh) = 32 kWh, 32 of 1 kWh = 32 kWh, 64 in all
    //          new HC: 02:00-06:30 (10 × 2 kWh = 20) + 13:00-15:30 (6 × 1 kWh = 6) = 26 kWh × 0.10 = 2.60
    //          HP: 64 - 26 = 38 kWh × 0.20 = 7.60
    // HC 58 kWh (5.80), HP 70 kWh (14.00), energy 19.80, subscription 2 × 1.00, total 21.80
    const offpeak = [
      { validFrom: "2026-01-01", validTo: "2026-06-11", ranges: [{ from: "23:00", to: "07:00" }] },
      { validFrom: "2026-06-11", validTo: null, ranges: [{ from: "02:00", to: "07:00" }, { from: "13:00", to: "16:00" }, { from: "23:30", to: "23:30" }] },
    ];
    const wh = (t: number) => (inRange(((new Date(t).getUTCHours() + 2) % 24) * 60 + new Date(t).getUTCMinutes(), { from: "23:00", to: "07:00" }) ? 2000 : 1000);
    const r = computeCost({ readings: halfHours("2026-06-10", "2026-06-12", wh), option: "hphc", kva: 6, from: "2026-06-10", to: "2026-06-12", tariffs: hphc, offpeak });
    expect(r.lines).toEqual([
      { period: "hp", kwh: 70, eur: expect.closeTo(14, 9) },
      { period: "hc", kwh: 58, eur: expect.closeTo(5.8, 9) },
    ]);
    expect(r.totalEur).toBeCloseTo(21.8, 9);
  });

  it("refuses more than 3 ranges and times off the half hour", () => {
    const base = { readings: [], option: "hphc" as const, kva: 6, from: "2026-06-10", to: "2026-06-11", tariffs: hphc };
    const r = (from: string, to: string) => ({ from, to });
    expect(() => computeCost({ ...base, offpeak: [{ validFrom: "2026-01-01", validTo: null, ranges: [r("01:00", "02:00"), r("03:00", "04:00"), r("05:00", "06:00"), r("07:00", "08:00")] }] })).toThrow(/3/);
    expect(() => computeCost({ ...base, offpeak: [{ validFrom: "2026-01-01", validTo: null, ranges: [r("01:15", "02:00")] }] })).toThrow(/half-hour/);
  });

  it("HP/HC without slots for a day is unpriced, not guessed", () => {
    const r = computeCost({ readings: halfHours("2026-06-10", "2026-06-11"), option: "hphc", kva: 6, from: "2026-06-10", to: "2026-06-11", tariffs: hphc, offpeak: [] });
    expect(r.unpricedPoints).toBe(48);
    expect(r.reasons).toEqual(["offpeak_unknown"]);
  });
});

describe("subscription pro-rated by day", () => {
  const base = [row("base", { base: 0.2 }, 183)];
  const sub = (from: string, to: string) => computeCost({ readings: [], option: "base", kva: 6, from, to, tariffs: base });

  it("across a month of a leap year and of a common year", () => {
    // February 2028 (leap): 29 days × 183/366 = 29 × 0.50 = 14.50
    expect(sub("2028-02-01", "2028-03-01").subscriptionEur).toBeCloseTo(14.5, 9);
    // February 2027: 28 × 183/365 = 5124/365 = 14.038356...
    expect(sub("2027-02-01", "2027-03-01").subscriptionEur).toBeCloseTo(5124 / 365, 9);
    // across New Year: 2027-12-31 at 183/365 + 2028-01-01 at 183/366 = 0.501369... + 0.5
    expect(sub("2027-12-31", "2028-01-02").subscriptionEur).toBeCloseTo(183 / 365 + 0.5, 9);
  });

  it("a DST day costs one day of subscription, like any other", () => {
    expect(sub("2026-03-29", "2026-03-30").subscriptionEur).toBeCloseTo(183 / 365, 9);
  });

  it("an unknown subscription makes the cost partial", () => {
    const r = computeCost({ readings: [], option: "base", kva: 6, from: "2026-06-01", to: "2026-06-03", tariffs: [row("base", { base: 0.2 }, null)] });
    expect(r.subscriptionMissingDays).toBe(2);
    expect(r.reasons).toEqual(["subscription_unknown"]);
  });
});

describe("missing readings", () => {
  it("costs what is there and says how many points are missing", () => {
    // 40 of 48 half hours of 2026-06-10 at 1 kWh: 40 × 0.20 = 8.00 + 365/365 = 9.00; 8 missing
    const readings = halfHours("2026-06-10", "2026-06-11").slice(0, 40);
    const r = computeCost({ readings: [...readings, readings[0]], option: "base", kva: 6, from: "2026-06-10", to: "2026-06-11", tariffs: [row("base", { base: 0.2 }, 365)] });
    expect(r.points).toBe(40);
    expect(r.missingPoints).toBe(8);
    expect(r.totalEur).toBeCloseTo(9, 9);
    expect(r.partial).toBe(false);
  });

  it("readings outside the period are ignored", () => {
    const r = computeCost({ readings: halfHours("2026-06-09", "2026-06-12"), option: "base", kva: 6, from: "2026-06-10", to: "2026-06-11", tariffs: [row("base", { base: 0.2 }, 365)] });
    expect(r.points).toBe(48);
  });
});

describe("Base vs HP/HC vs Tempo", () => {
  // 2026-06-10, 48 × 1 kWh, subscriptions 365 €/yr (1.00 a day) for all three:
  //   base 48 × 0.20 = 9.60 → 10.60
  //   hphc HC 22:00-06:00 16 × 0.15 = 2.40, HP 32 × 0.22 = 7.04 → 9.44 → 10.44
  //   tempo (06-09 and 06-10 blue) HC 16 × 0.10 = 1.60, HP 32 × 0.12 = 3.84 → 5.44 → 6.44
  const tariffs = [
    row("base", { base: 0.2 }, 365),
    row("hphc", { hp: 0.22, hc: 0.15 }, 365),
    row("tempo", { blueHc: 0.1, blueHp: 0.12, whiteHc: 0.14, whiteHp: 0.16, redHc: 0.15, redHp: 0.7 }, 365),
  ];
  const input = { readings: halfHours("2026-06-10", "2026-06-11"), kva: 6, from: "2026-06-10", to: "2026-06-11", tariffs, offpeak: NIGHT };

  it("prices the same readings under each option and names the cheapest", () => {
    const c = compareOptions({ ...input, tempo: [{ day: "2026-06-09", colour: "blue" }, { day: "2026-06-10", colour: "blue" }] });
    expect(c.options.base.totalEur).toBeCloseTo(10.6, 9);
    expect(c.options.hphc.totalEur).toBeCloseTo(10.44, 9);
    expect(c.options.tempo.totalEur).toBeCloseTo(6.44, 9);
    expect(c.cheapest).toBe("tempo");
  });

  it("no verdict while a partial option's lower bound is below the others: it might be the cheapest", () => {
    const c = compareOptions({ ...input, tempo: [{ day: "2026-06-10", colour: "blue" }] });
    expect(c.options.tempo.partial).toBe(true);
    expect(c.options.tempo.totalEur).toBeLessThan(c.options.hphc.totalEur);
    expect(c.cheapest).toBeNull();
    expect(c.cheapestOnEnergy).toBeNull();
  });

  it("a partial option whose lower bound is already dearer does not stop the verdict", () => {
    // red days: Tempo's priced hours alone cost more than HP/HC in full
    const c = compareOptions({ ...input, tempo: [{ day: "2026-06-10", colour: "red" }] });
    expect(c.options.tempo.partial).toBe(true);
    expect(c.options.tempo.totalEur).toBeGreaterThan(c.options.hphc.totalEur);
    expect(c.cheapest).toBe("hphc");
  });

  it("subscriptions unknown: no verdict in total, one on the energy alone", () => {
    const noSub = tariffs.map((r) => ({ ...r, subscriptionEurPerYear: null }));
    const c = compareOptions({ ...input, tariffs: noSub, tempo: [{ day: "2026-06-09", colour: "blue" }, { day: "2026-06-10", colour: "blue" }] });
    expect(c.options.base.reasons).toEqual(["subscription_unknown"]);
    expect(c.cheapest).toBeNull();
    expect(c.cheapestOnEnergy).toBe("tempo");
  });
});

describe("the bundled grid", () => {
  it("every row passes the schema, and no two rows of one option and power overlap", () => {
    for (const r of TARIFF_ROWS) expect(tariffRowSchema.safeParse(r).success, JSON.stringify(r)).toBe(true);
    const groups = new Map<string, TariffRow[]>();
    for (const r of TARIFF_ROWS) groups.set(`${r.supplier}|${r.option}|${r.kva}`, [...(groups.get(`${r.supplier}|${r.option}|${r.kva}`) ?? []), r]);
    for (const rows of groups.values()) {
      const sorted = [...rows].sort((a, b) => (a.validFrom < b.validFrom ? -1 : 1));
      for (let i = 1; i < sorted.length; i++) expect(sorted[i - 1].validTo !== null && sorted[i - 1].validTo! <= sorted[i].validFrom).toBe(true);
    }
  });

  it("the schema refuses a row with another option's prices or a period backwards", () => {
    expect(tariffRowSchema.safeParse(row("base", { hp: 0.2 }, 100)).success).toBe(false);
    expect(tariffRowSchema.safeParse(row("base", { base: 0.2 }, 100, "2026-02-01", "2026-02-01")).success).toBe(false);
  });
});
