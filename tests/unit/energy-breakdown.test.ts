// My Energy's "Where your energy went" (components/energy/breakdown.ts) and Home's Now card in
// words (components/home/now.ts): the days asked for a period, the shares, the chart's buckets,
// the reconciliation's sentence, the age of the readings and the grid's direction.
import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { breakdownRange, breakdownSeries, gapText, homeShares, reconciliationOf, reconciliationText, solarShares } from "@/components/energy/breakdown";
import { wattsText } from "@/components/energy/format";
import { ageOf, consumerShare, gridFlow } from "@/components/home/now";
import { CATALOGS } from "@/lib/i18n/messages";
import type { EnergyBreakdown } from "@/lib/swr/use-telemetry-household";
import { oneGridSource, type Role } from "@/lib/telemetry/roles";

const en = createTranslator({ locale: "en", messages: CATALOGS.en, namespace: "energy" });
const fr = createTranslator({ locale: "fr", messages: CATALOGS.fr, namespace: "energy" });

const energy = (e: Partial<EnergyBreakdown["total"]> = {}): EnergyBreakdown["total"] => ({
  grid_import_wh: 0,
  grid_export_wh: 0,
  solar_wh: 0,
  ev_wh: 0,
  consumers_wh: 0,
  home_wh: null,
  rest_wh: null,
  ...e,
});
type Measurement = EnergyBreakdown["measurements"][number];
const m = (id: number, name: string, role: Measurement["role"], wh: number, device = "shelly-1"): Measurement => ({ id, device, name, measure_type: "other", role, wh });

describe("the breakdown's days", () => {
  it("asks for the period's days, both included", () => {
    expect(breakdownRange({ from: "2025-11-01", to: "2025-12-01" })).toEqual({ from: "2025-11-01", to: "2025-11-30", clipped: false });
    expect(breakdownRange({ from: "2025-11-04", to: "2025-11-05" })).toEqual({ from: "2025-11-04", to: "2025-11-04", clipped: false });
    // a leap year is 366 days: whole
    expect(breakdownRange({ from: "2024-01-01", to: "2025-01-01" })).toEqual({ from: "2024-01-01", to: "2024-12-31", clipped: false });
  });

  it("keeps the last 366 days of a longer period", () => {
    expect(breakdownRange({ from: "2020-01-01", to: "2026-01-01" })).toEqual({ from: "2024-12-31", to: "2025-12-31", clipped: true });
    expect(breakdownRange({ from: "2024-12-31", to: "2026-01-01" })).toMatchObject({ from: "2024-12-31", clipped: false });
  });
});

describe("the breakdown's shares", () => {
  it("splits the home into each measured part, the largest first, then the rest", () => {
    const h = homeShares({
      measurements: [m(1, "Grid", "grid", 9000), m(2, "Water heater", "consumer", 2000), m(3, "Car", "ev", 5000), m(4, "Panels", "solar", 3000), m(5, "Heat pump", "consumer", 0)],
      total: energy({ grid_import_wh: 9000, solar_wh: 3000, ev_wh: 5000, consumers_wh: 2000, home_wh: 10_000, rest_wh: 3000, grid_export_wh: 2000 }),
    });
    expect(h.homeKnown).toBe(true);
    expect(h.totalWh).toBe(10_000);
    expect(h.parts.map((p) => [p.kind, p.name, p.wh, p.share])).toEqual([
      ["ev", "Car", 5000, 0.5],
      ["consumer", "Water heater", 2000, 0.2],
      ["consumer", "Heat pump", 0, 0],
      ["rest", null, 3000, 0.3],
    ]);
  });

  it("without a grid clamp, shares what the clamps measured, with no rest", () => {
    const h = homeShares({ measurements: [m(2, "Water heater", "consumer", 1000), m(3, "Car", "ev", 3000)], total: energy({ ev_wh: 3000, consumers_wh: 1000 }) });
    expect(h.homeKnown).toBe(false);
    expect(h.totalWh).toBe(4000);
    expect(h.parts.map((p) => [p.kind, p.share])).toEqual([
      ["ev", 0.75],
      ["consumer", 0.25],
    ]);
  });

  it("splits the shares of clamps that read more than the home, and names the parts apart", () => {
    const h = homeShares({
      measurements: [m(2, "Channel 1", "consumer", 3000, "shelly-a"), m(3, "Channel 1", "consumer", 1000, "shelly-b")],
      total: energy({ consumers_wh: 4000, home_wh: 3000, rest_wh: 0, grid_import_wh: 3000 }),
    });
    expect(h.parts.map((p) => [p.name, p.share])).toEqual([
      ["Channel 1 (shelly-a)", 0.75],
      ["Channel 1 (shelly-b)", 0.25],
      [null, 0],
    ]);
  });

  it("splits solar into used at home and sent to the grid, only when some was sent", () => {
    expect(solarShares(energy())).toBeNull();
    expect(solarShares(energy({ solar_wh: 4000, grid_export_wh: 1000 }))!.parts.map((p) => [p.kind, p.wh, p.share])).toEqual([
      ["self", 3000, 0.75],
      ["exported", 1000, 0.25],
    ]);
    expect(solarShares(energy({ solar_wh: 4000 }))!.parts.map((p) => [p.kind, p.share])).toEqual([["self", 1]]);
    // more sent out than the panels' clamp measured: all of it sent
    expect(solarShares(energy({ solar_wh: 1000, grid_export_wh: 1500 }))!.parts.map((p) => [p.kind, p.wh])).toEqual([
      ["self", 0],
      ["exported", 1000],
    ]);
  });
});

describe("the breakdown's chart", () => {
  const answer = (bucket: "hour" | "day", from: string, to: string, points: EnergyBreakdown["points"], measurements = [m(1, "Grid", "grid", 0), m(2, "Boiler", "consumer", 0)]): EnergyBreakdown => ({
    from,
    to,
    bucket,
    measurements,
    total: energy(),
    points,
    reconciliation: null,
  });
  const point = (start: string, e: Partial<EnergyBreakdown["total"]>) => ({ start, ...energy(e) });

  it("holds every hour of the days, in Paris time (23 on the day summer time starts), a gap where nothing came", () => {
    const s = breakdownSeries(answer("hour", "2026-03-29", "2026-03-29", [point("2026-03-29T01:00:00.000Z", { grid_import_wh: 500, consumers_wh: 200, home_wh: 500, rest_wh: 300 })]));
    expect(s.starts).toHaveLength(23);
    expect(s.starts[0]).toBe("2026-03-28T23:00:00.000Z");
    expect(s.ends[22]).toBe("2026-03-29T22:00:00.000Z");
    expect(s.grid![2]).toBe(0.5);
    expect(s.consumers[2]).toBe(0.2);
    expect(s.rest![2]).toBe(0.3);
    expect(s.grid![0]).toBeNull();
    // no solar measured: no solar line
    expect(s.solar).toBeNull();
    expect(s.max).toBe(0.5);
  });

  it("holds every day, each from its Paris midnight; without a grid clamp neither the rest nor the grid", () => {
    const s = breakdownSeries(answer("day", "2025-10-25", "2025-10-27", [point("2025-10-25T22:00:00.000Z", { ev_wh: 7000, solar_wh: 9000 })], [m(3, "Car", "ev", 7000), m(4, "Panels", "solar", 9000)]));
    expect(s.starts).toEqual(["2025-10-24T22:00:00.000Z", "2025-10-25T22:00:00.000Z", "2025-10-26T23:00:00.000Z"]);
    expect(s.ends[2]).toBe("2025-10-27T23:00:00.000Z");
    expect(s.ev).toEqual([null, 7, null]);
    expect(s.solar).toEqual([null, 9, null]);
    expect(s.rest).toBeNull();
    expect(s.grid).toBeNull();
    expect(s.max).toBe(9);
  });
});

describe("yesterday's clamps against Linky", () => {
  const r = (clamps_wh: number | null, linky_wh: number | null, gap_pct: number | null) => ({ day: "2025-11-04", clamps_wh, linky_wh, gap_pct });

  it("chooses the sentence by what is known", () => {
    expect(reconciliationOf(null)).toBeNull();
    expect(reconciliationOf(r(10_400, 10_000, 4))).toEqual({ kind: "both", clampsWh: 10_400, linkyWh: 10_000, gapPct: 4, disagree: false });
    expect(reconciliationOf(r(10_000, null, null))).toEqual({ kind: "clampsOnly", clampsWh: 10_000 });
    expect(reconciliationOf(r(null, 10_000, null))).toEqual({ kind: "linkyOnly", linkyWh: 10_000 });
    expect(reconciliationOf(r(null, null, null))).toEqual({ kind: "neither" });
  });

  it("says the clamps and the meter disagree beyond 10 %, either way", () => {
    expect(reconciliationOf(r(11_000, 10_000, 10))).toMatchObject({ disagree: false });
    expect(reconciliationOf(r(11_010, 10_000, 10.1))).toMatchObject({ disagree: true });
    expect(reconciliationOf(r(6000, 10_000, -40))).toMatchObject({ disagree: true });
    // Linky's day at zero: no percentage, a clamps' kWh all the same is a disagreement
    expect(reconciliationOf(r(1500, 0, null))).toMatchObject({ kind: "both", gapPct: null, disagree: true });
    expect(reconciliationOf(r(0, 0, null))).toMatchObject({ kind: "both", disagree: false });
  });

  it("words it in both languages", () => {
    expect(reconciliationText(en, "en", r(10_400, 10_000, 4))).toEqual({ text: "Yesterday your clamps measured 10.4 kWh drawn from the grid, Linky 10.0 kWh (difference +4.0 %).", disagree: false });
    const off = reconciliationText(en, "en", r(6000, 10_000, -40))!;
    expect(off.disagree).toBe(true);
    expect(off.text).toMatch(/^Yesterday your clamps measured 6.00 kWh drawn from the grid, Linky 10.0 kWh \(difference −40.0 %\)\. Your clamps and your meter disagree/);
    expect(off.text).toContain("a clamp on the wrong cable or fitted backwards, a phase without a clamp, or the device offline for part of the day");
    expect(reconciliationText(en, "en", r(10_000, null, null))!.text).toMatch(/^Yesterday your clamps measured 10.0 kWh drawn from the grid\. Linky's figure for that day is not known/);
    expect(reconciliationText(en, "en", r(null, 8000, null))!.text).toMatch(/^Yesterday Linky measured 8.00 kWh drawn from the grid, but your clamps did not measure the whole day/);
    expect(reconciliationText(en, "en", r(null, null, null))!.text).toBe("Neither your clamps nor Linky measured the whole of yesterday: nothing to compare yet.");
    expect(reconciliationText(en, "en", null)).toBeNull();
    expect(reconciliationText(fr, "fr", r(10_400, 10_000, 4))!.text).toBe("Hier, vos pinces ont mesuré 10,4\u00a0kWh prélevés sur le réseau, Linky 10,0\u00a0kWh (écart de +4,0\u202f%).");
    expect(reconciliationText(fr, "fr", r(6000, 10_000, -40))!.text).toContain("ne concordent pas");
  });

  it("writes the gap signed, with one decimal", () => {
    expect(gapText(4.2)).toBe("+4.2 %");
    expect(gapText(-12.5)).toBe("−12.5 %");
    expect(gapText(0)).toBe("0.0 %");
    expect(gapText(-0.02)).toBe("0.0 %");
    expect(gapText(3.5, "fr")).toBe("+3,5\u202f%");
  });
});

describe("Home's Now card in words", () => {
  it("writes a power in W under a kilowatt, in kW from one on", () => {
    expect(wattsText(800)).toBe("800 W");
    expect(wattsText(999.4)).toBe("999 W");
    expect(wattsText(999.6)).toBe("1.0 kW");
    expect(wattsText(1234)).toBe("1.2 kW");
    expect(wattsText(12_345, "fr")).toBe("12,3\u00a0kW");
    expect(wattsText(-0.3)).toBe("0 W");
    expect(wattsText(null)).toBe("–");
  });

  it("says how old the readings are", () => {
    const at = "2026-03-05T14:07:00.000Z";
    const t = Date.parse(at);
    expect(ageOf(at, t + 2_000)).toEqual({ unit: "now", count: 0 });
    // a clock a little behind the server's
    expect(ageOf(at, t - 3_000)).toEqual({ unit: "now", count: 0 });
    expect(ageOf(at, t + 12_400)).toEqual({ unit: "seconds", count: 12 });
    expect(ageOf(at, t + 150_000)).toEqual({ unit: "minutes", count: 2 });
    expect(ageOf(at, t + 2 * 3_600_000 + 5)).toEqual({ unit: "hours", count: 2 });
  });

  it("tells which way the grid's power goes", () => {
    expect(gridFlow(1200)).toBe("drawing");
    expect(gridFlow(-800)).toBe("sending");
    expect(gridFlow(4)).toBe("balanced");
    expect(gridFlow(null)).toBe("unknown");
  });

  it("sizes a consumer's bar against the home, else against the biggest consumer", () => {
    expect(consumerShare(500, 2000, 500)).toBe(0.25);
    expect(consumerShare(2500, 2000, 2500)).toBe(1);
    expect(consumerShare(-20, 2000, 500)).toBe(0);
    expect(consumerShare(250, null, 500)).toBe(0.5);
    expect(consumerShare(250, -100, 500)).toBe(0.5);
    expect(consumerShare(0, null, 0)).toBe(0);
  });
});

describe("one grid source", () => {
  const m = (id: number, role: Role, format: string) => ({ id, role, format });
  it("leaves the TIC out when a clamp measures the supply, and keeps it as the grid otherwise", () => {
    expect(oneGridSource([m(1, "grid", "shelly_gen2"), m(2, "grid", "teleinfo"), m(3, "solar", "shelly_gen2")]).map((x) => x.role)).toEqual(["grid", "none", "solar"]);
    expect(oneGridSource([m(2, "grid", "teleinfo"), m(3, "ev", "foyer_json")]).map((x) => x.role)).toEqual(["grid", "ev"]);
    // a TIC's other measurements are not the grid: untouched
    expect(oneGridSource([m(1, "grid", "foyer_json"), m(2, "consumer", "teleinfo")]).map((x) => x.role)).toEqual(["grid", "consumer"]);
  });
});
