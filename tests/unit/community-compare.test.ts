// "Homes like mine" (lib/community/compare.ts) and the privacy rule under it
// (lib/community/privacy.ts): two-significant-digit rounding and linearly interpolated quantiles
// on hand-worked values; which profiles are complete; the similarity levels (electric heating
// first, then housing type, then floor-area band) and the choice of the narrowest level holding
// MIN_GROUP (10) homes, with its fallbacks; the group's figures on ten homes worked by hand, and
// the refusal under ten.
import { describe, expect, it } from "vitest";
import { areaBand, electricHeating, groupFigures, groupOf, LEVELS, missingOf, similarAt, type CompleteProfile, type Home } from "@/lib/community/compare";
import { MIN_GROUP, quantile, roundFigure } from "@/lib/community/privacy";

describe("roundFigure: two significant digits", () => {
  it("rounds at the second significant digit whatever the magnitude", () => {
    expect(roundFigure(15.6)).toBe(16);
    expect(roundFigure(9.12)).toBe(9.1);
    expect(roundFigure(0.0123)).toBe(0.012);
    expect(roundFigure(1234)).toBe(1200);
    expect(roundFigure(2090)).toBe(2100);
    expect(roundFigure(98765)).toBe(99000);
    expect(roundFigure(65.4)).toBe(65);
    // from 10⁵ on, scaled by a whole power of ten (1e-4 is not exact in binary: 120000.00000000001)
    expect(roundFigure(123456)).toBe(120000);
    expect(roundFigure(1000001)).toBe(1000000);
    expect(roundFigure(98_765_432)).toBe(99_000_000);
  });

  it("carries into the next power of ten, keeps the sign and powers of ten", () => {
    // 999: 99.9 tens → 100 tens = 1000; 0.996: 99.6 hundredths → 100 hundredths = 1
    expect(roundFigure(999)).toBe(1000);
    expect(roundFigure(0.996)).toBe(1);
    expect(roundFigure(-15.6)).toBe(-16);
    expect(roundFigure(100)).toBe(100);
    expect(roundFigure(0.1)).toBe(0.1);
  });

  it("gives 0 for zero and for what is not a finite number", () => {
    expect(roundFigure(0)).toBe(0);
    expect(roundFigure(Number.NaN)).toBe(0);
    expect(roundFigure(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe("quantile: linear interpolation", () => {
  it("interpolates between the neighbours of position (n − 1) × q", () => {
    // [1, 2, 3, 4]: q = 0.5 → position 1.5 → 2 + 0.5 × (3 − 2) = 2.5; q = 0.2 → 0.6 → 1 + 0.6 = 1.6
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0.2)).toBeCloseTo(1.6, 12);
    // 10, 20, …, 100: q = 0.2 → position 1.8 → 20 + 0.8 × 10 = 28; q = 0.5 → 4.5 → 55
    const tens = Array.from({ length: 10 }, (_, i) => 10 * (i + 1));
    expect(quantile(tens, 0.2)).toBeCloseTo(28, 12);
    expect(quantile(tens, 0.5)).toBe(55);
  });

  it("gives the ends at 0 and 1, the value itself for one value, NaN for none", () => {
    expect(quantile([3, 5, 11], 0)).toBe(3);
    expect(quantile([3, 5, 11], 1)).toBe(11);
    expect(quantile([3, 5, 11], 0.5)).toBe(5);
    expect(quantile([7], 0.2)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe("profiles and similarity", () => {
  const me: CompleteProfile = { housingType: "house", floorAreaM2: 120, occupants: 3, heating: "electric" };

  it("lists what a profile lacks (none of it for no profile)", () => {
    expect(missingOf(null)).toEqual(["housingType", "floorAreaM2", "occupants", "heating"]);
    expect(missingOf({ housingType: "apartment", floorAreaM2: 45, occupants: null, heating: "gas" })).toEqual(["occupants"]);
    expect(missingOf({ housingType: null, floorAreaM2: 45, occupants: 2, heating: null })).toEqual(["housingType", "heating"]);
    expect(missingOf(me)).toEqual([]);
  });

  it("counts resistive heating and heat pumps as electric, the rest not", () => {
    expect(electricHeating("electric")).toBe(true);
    expect(electricHeating("heat_pump")).toBe(true);
    for (const h of ["gas", "fuel", "wood", "district", "other"] as const) expect(electricHeating(h)).toBe(false);
  });

  it("bands floor areas under 50, 50-99, 100-149, 150 and more", () => {
    expect([10, 49.9, 50, 99.9, 100, 149.9, 150, 400].map(areaBand)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it("orders the levels narrowest first, each one demanding less than the one before", () => {
    expect(LEVELS).toEqual(["type_heating_size", "type_heating", "heating"]);
    const hp = { ...me, heating: "heat_pump" as const, occupants: 5 };
    // same type, electric (a heat pump counts), same band 100-149: similar at every level
    for (const level of LEVELS) expect(similarAt(level, me, { ...hp, floorAreaM2: 140 })).toBe(true);
    // another band: not at the narrowest level only
    expect(LEVELS.map((l) => similarAt(l, me, { ...hp, floorAreaM2: 160 }))).toEqual([false, true, true]);
    // an apartment: only at the heating level
    expect(LEVELS.map((l) => similarAt(l, me, { ...hp, housingType: "apartment" }))).toEqual([false, false, true]);
    // gas heating: at no level, even with all else the same
    expect(LEVELS.map((l) => similarAt(l, me, { ...me, heating: "gas" }))).toEqual([false, false, false]);
    // two homes not heated by electricity are alike, whatever the fuel
    expect(similarAt("heating", { ...me, heating: "wood" }, { ...me, heating: "gas" })).toBe(true);
  });
});

describe("groupOf: the narrowest level with MIN_GROUP homes", () => {
  const me: CompleteProfile = { housingType: "house", floorAreaM2: 120, occupants: 3, heating: "electric" };
  const homes = (count: number, p: Partial<Home>): Home[] =>
    Array.from({ length: count }, (_, i) => ({ ...me, kwh: 5000 + i, ...p }));
  const sameSize = (n: number) => homes(n, { floorAreaM2: 110, heating: "heat_pump" });
  const otherSize = (n: number) => homes(n, { floorAreaM2: 200 });
  const apartments = (n: number) => homes(n, { housingType: "apartment", floorAreaM2: 60 });
  const gas = (n: number) => homes(n, { heating: "gas" });

  it("demands 10 homes (MIN_GROUP)", () => {
    expect(MIN_GROUP).toBe(10);
  });

  it("takes type, heating and size when 10 homes match them", () => {
    const others = [...sameSize(10), ...otherSize(5), ...apartments(5), ...gas(20)];
    const g = groupOf(me, others);
    expect(g.level).toBe("type_heating_size");
    expect(g.homes).toEqual(others.slice(0, 10));
  });

  it("falls back to type and heating with 9 of the same size and 1 of another", () => {
    const others = [...sameSize(9), ...otherSize(1), ...apartments(5), ...gas(20)];
    const g = groupOf(me, others);
    expect(g.level).toBe("type_heating");
    expect(g.homes).toEqual(others.slice(0, 10));
  });

  it("falls back to heating alone, and never counts homes heated otherwise", () => {
    // 5 + 3 houses (8 at type and heating) + 2 electric apartments = 10 electric homes; 20 gas homes
    const others = [...gas(20), ...sameSize(5), ...otherSize(3), ...apartments(2)];
    const g = groupOf(me, others);
    expect(g.level).toBe("heating");
    expect(g.homes).toEqual(others.slice(20));
  });

  it("gives no level under 10 similar homes, with the widest level's count", () => {
    // 4 + 3 + 2 = 9 electric homes, however many gas homes there are
    const g = groupOf(me, [...sameSize(4), ...otherSize(3), ...apartments(2), ...gas(50)]);
    expect(g.level).toBeNull();
    expect(g.homes).toHaveLength(9);
    expect(groupOf(me, []).homes).toEqual([]);
  });

  it("counts only the homes passed to it (the caller leaves the household out)", () => {
    // the household's own profile passed 9 times is 9 homes: not a group
    const g = groupOf(me, homes(9, {}));
    expect(g.level).toBeNull();
    expect(g.homes).toHaveLength(9);
  });
});

describe("groupFigures", () => {
  // Ten homes: floor area, occupants, kWh → kWh/m², kWh/occupant
  //   50 m², 1, 4000 → 80, 4000        80 m², 2, 4000 → 50, 2000       100 m², 4, 6080 → 60.8, 1520
  //   40 m², 1, 2080 → 52, 2080       120 m², 3, 9000 → 75, 3000        60 m², 2, 2400 → 40, 1200
  //   90 m², 3, 6300 → 70, 2100        70 m², 2, 2100 → 30, 1050       150 m², 5, 13500 → 90, 2700
  //   30 m², 1, 3300 → 110, 3300
  // per m² sorted: 30, 40, 50, 52, 60.8, 70, 75, 80, 90, 110
  //   median: position 4.5 → (60.8 + 70) / 2 = 65.4 → 65
  //   20th percentile: position 1.8 → 40 + 0.8 × (50 − 40) = 48 → 48
  // per occupant sorted: 1050, 1200, 1520, 2000, 2080, 2100, 2700, 3000, 3300, 4000
  //   median: (2080 + 2100) / 2 = 2090 → 2100
  //   20th percentile: 1200 + 0.8 × (1520 − 1200) = 1456 → 1500
  const rows: [number, number, number][] = [
    [50, 1, 4000], [80, 2, 4000], [100, 4, 6080], [40, 1, 2080], [120, 3, 9000],
    [60, 2, 2400], [90, 3, 6300], [70, 2, 2100], [150, 5, 13500], [30, 1, 3300],
  ];
  const ten: Home[] = rows.map(([floorAreaM2, occupants, kwh]) => ({ housingType: "house", heating: "gas", floorAreaM2, occupants, kwh }));
  const expected = { medianKwhPerM2: 65, efficientKwhPerM2: 48, medianKwhPerOccupant: 2100, efficientKwhPerOccupant: 1500 };

  it("gives the median and the 20th percentile per m² and per occupant, to two significant digits", () => {
    expect(groupFigures(ten)).toEqual(expected);
  });

  it("does not depend on the homes' order", () => {
    expect(groupFigures([...ten].reverse())).toEqual(expected);
    expect(groupFigures([...ten.slice(5), ...ten.slice(0, 5)])).toEqual(expected);
  });

  it("refuses a group of 9 homes (or none)", () => {
    expect(() => groupFigures(ten.slice(1))).toThrow(RangeError);
    expect(() => groupFigures(ten.slice(1))).toThrow("a group of 9 homes is under 10");
    expect(() => groupFigures([])).toThrow(RangeError);
  });
});
