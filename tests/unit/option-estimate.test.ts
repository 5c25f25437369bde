// "Which option would have been cheaper" with missing figures (lib/energy/option-estimate.ts): the
// nearest grid, the Tempo colour mix of the same month and day type, the margin and the verdict,
// against hand-worked examples. Prices are made up for the test.
import { describe, expect, it } from "vitest";
import { colourMix, estimatedCost, fillTariffs, GRID_MARGIN, verdictOf, type EstimatedCost } from "@/lib/energy/option-estimate";
import type { TariffOption, TariffRow, TempoColour } from "@/lib/energy/tariff";
import { parisDayStart } from "@/lib/time/paris";

const HALF_HOUR = 1_800_000;
const SRC = "https://example.test/grid";
const row = (o: Partial<TariffRow>): TariffRow => ({ supplier: "Test", option: "base", kva: 6, subscriptionEurPerYear: 365, prices: { base: 0.2 }, validFrom: "2026-01-01", validTo: null, source: SRC, ...o });

/** 1 kWh every half hour of [from, to) (instants). */
function kwhEachHalfHour(from: number, to: number) {
  const out = [];
  for (let t = from; t < to; t += HALF_HOUR) out.push({ start: t, wh: 1000 });
  return out;
}

describe("the nearest grid stands in for a missing one", () => {
  it("a day after the last row takes its prices and subscription; a row without a subscription takes the nearest subscription", () => {
    const rows = [
      row({ validFrom: "2026-01-01", validTo: "2026-06-01", subscriptionEurPerYear: 730 }),
      row({ validFrom: "2026-06-01", validTo: "2026-06-10", subscriptionEurPerYear: null, prices: { base: 0.25 } }),
    ];
    const r = fillTariffs(rows, "base", 6, "2026-05-30", "2026-06-12");
    expect(r.rows.map((x) => [x.validFrom, x.validTo, x.prices.base, x.subscriptionEurPerYear])).toEqual([
      ["2026-05-30", "2026-06-01", 0.2, 730],
      ["2026-06-01", "2026-06-10", 0.25, 730],
      ["2026-06-10", "2026-06-12", 0.25, 730],
    ]);
    expect(r.estimates).toEqual([
      { option: "base", kind: "subscription", from: "2026-06-01", to: "2026-06-10", days: 9, grid: "2026-01-01" },
      // the days past the last grid: its prices, and (its own being unknown) the nearest subscription
      { option: "base", kind: "prices", from: "2026-06-10", to: "2026-06-12", days: 2, grid: "2026-06-01" },
    ]);
  });

  it("at equal distance, the later grid; an option with no grid at this power has none", () => {
    const rows = [row({ validFrom: "2026-01-01", validTo: "2026-02-01", prices: { base: 0.1 } }), row({ validFrom: "2026-02-03", validTo: null, prices: { base: 0.3 } })];
    expect(fillTariffs(rows, "base", 6, "2026-02-01", "2026-02-03").rows.map((x) => [x.validFrom, x.prices.base])).toEqual([
      ["2026-02-01", 0.1],
      ["2026-02-02", 0.3],
    ]);
    expect(fillTariffs(rows, "tempo", 6, "2026-02-01", "2026-02-03")).toEqual({ rows: [], estimates: [] });
  });

  it("2 days of 48 kWh at 0.20 €/kWh and 1 €/day with only the first day's grid: 10.60 € known, 21.20 € estimated, a margin of 15 % of 10.60", () => {
    const input = {
      option: "base" as const, kva: 6, from: "2026-06-09", to: "2026-06-11",
      readings: kwhEachHalfHour(parisDayStart("2026-06-09"), parisDayStart("2026-06-11")),
      tariffs: [row({ validFrom: "2026-02-01", validTo: "2026-06-10" })],
    };
    const c = estimatedCost(input);
    expect(c.totalEur).toBeCloseTo(21.2, 9);
    expect(c.estimatedEur).toBeCloseTo(10.6, 9);
    expect(c.marginEur).toBeCloseTo(GRID_MARGIN * 10.6, 9);
    expect(c).toMatchObject({ partial: false, reasons: [], estimatedReasons: ["no_tariff"], offered: true });
  });
});

describe("the Tempo colour mix", () => {
  // January 2026's known working days: 2 red, 1 white, 1 blue; a Saturday white
  const known = new Map<string, TempoColour>([["2026-01-05", "red"], ["2026-01-06", "red"], ["2026-01-07", "white"], ["2026-01-08", "blue"], ["2026-01-10", "white"]]);

  it("by month and day type, else by month, else every known day; nothing when no colour is known", () => {
    expect(colourMix(new Map())).toBeNull();
    const mix = colourMix(known)!;
    expect(mix("2027-01-13")).toEqual({ red: 0.5, white: 0.25, blue: 0.25 });
    expect(mix("2026-01-17")).toEqual({ red: 0, white: 1, blue: 0 });
    // no Sunday known in January: January's mix
    expect(mix("2026-01-18")).toEqual({ red: 0.4, white: 0.4, blue: 0.2 });
    expect(mix("2026-07-01")).toEqual({ red: 0.4, white: 0.4, blue: 0.2 });
  });

  it("an unknown working day of 32 kWh HP and 16 kWh HC: Σ share × cost = 13.40 €, margin 2σ", () => {
    const tempo = row({
      option: "tempo", validFrom: "2026-01-01",
      prices: { blueHp: 0.1, blueHc: 0.05, whiteHp: 0.2, whiteHc: 0.1, redHp: 0.5, redHc: 0.3 },
    });
    // the Tempo day of Wednesday 14 January 2027 runs 06:00 to 06:00 the next day
    const a = parisDayStart("2027-01-14") + 6 * 3_600_000, b = parisDayStart("2027-01-15") + 6 * 3_600_000;
    const c = estimatedCost({ option: "tempo", kva: 6, from: "2027-01-14", to: "2027-01-16", readings: kwhEachHalfHour(a, b), tariffs: [tempo], tempo: [], knownColours: known });
    // blue 32 × 0.1 + 16 × 0.05 = 4; white 8; red 20.8 → 0.25 × 4 + 0.25 × 8 + 0.5 × 20.8
    expect(c.energyEur).toBeCloseTo(13.4, 9);
    expect(c.subscriptionEur).toBeCloseTo(2, 9);
    expect(c.totalEur).toBeCloseTo(15.4, 9);
    expect(c.estimatedEur).toBeCloseTo(13.4, 9);
    const sd = Math.sqrt(0.25 * (4 - 13.4) ** 2 + 0.25 * (8 - 13.4) ** 2 + 0.5 * (20.8 - 13.4) ** 2);
    expect(c.marginEur).toBeCloseTo(2 * sd, 9);
    expect(c.estimates).toEqual([{ option: "tempo", kind: "tempo_colours", from: "2027-01-14", to: "2027-01-15", days: 1, grid: null }]);
    expect(c.estimatedReasons).toEqual(["tempo_colour_unknown"]);
    expect(c.reasons).toEqual([]);
    const kwhOf = (p: string) => c.lines.find((l) => l.period === p)!.kwh;
    expect([kwhOf("blueHp"), kwhOf("whiteHp"), kwhOf("redHp"), kwhOf("redHc")]).toEqual([8, 8, 16, 8]);
  });
});

describe("the verdict", () => {
  const cost = (totalEur: number, marginEur = 0, o: Partial<EstimatedCost> = {}) => ({ totalEur, marginEur, offered: true, points: 48, reasons: [], ...o }) as unknown as EstimatedCost;
  const of = (base: EstimatedCost, hphc: EstimatedCost, tempo: EstimatedCost): Record<TariffOption, EstimatedCost> => ({ base, hphc, tempo });

  it("the lowest total, with the difference to the next, when it beats every other by more than both margins", () => {
    expect(verdictOf(of(cost(100, 2), cost(90, 3), cost(120)))).toEqual({ cheapest: "hphc", differenceEur: 10 });
  });

  it("no verdict within the margins", () => {
    expect(verdictOf(of(cost(100, 6), cost(90, 4), cost(120)))).toEqual({ cheapest: null, differenceEur: null });
  });

  it("an option not offered at this power is no candidate; one still partial counts by its lower bound", () => {
    expect(verdictOf(of(cost(100), cost(110), cost(5, 0, { offered: false, reasons: ["no_tariff"] })))).toEqual({ cheapest: "base", differenceEur: 10 });
    expect(verdictOf(of(cost(100), cost(110), cost(95, 0, { reasons: ["subscription_unknown"] })))).toEqual({ cheapest: null, differenceEur: null });
    expect(verdictOf(of(cost(100), cost(110), cost(130, 0, { reasons: ["subscription_unknown"] })))).toEqual({ cheapest: "base", differenceEur: 10 });
  });
});
