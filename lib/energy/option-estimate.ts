// "Which option would have been cheaper" when a figure is missing for part of the 12 months: the
// missing part is priced with the nearest known figure, said so, and the verdict is given unless
// the options are closer than the estimate's margin. Pure (no database), over costs.ts.
//
// - A day without a price row for the option and power, or whose row has no subscription, takes
//   the prices (or the subscription) of the nearest grid in time that has them; at equal distance
//   the later grid.
// - A Tempo day whose colour is unknown is priced at the colour mix of the same month and day type
//   (working day, Saturday, Sunday or public holiday) of the days whose colour is known: for each
//   colour, the day's energy at that colour's prices, weighted by how often that colour came.
// - The margin: 15 % of what the nearest grid stands in for (consecutive regulated grids since
//   2025 moved by up to about 15 %: Base kWh -15 % in February 2025, subscriptions +10 to +13 % in
//   August 2025), plus twice the standard deviation of the colour-mix estimate (the colours of
//   unknown days taken as independent draws from the mix).
import { addDays, daysBetween } from "@/lib/time/paris";
import { computeCost, tempoDayOf, type CostInput, type CostResult, type Reading } from "./costs";
import { DAY_TYPES, dayTypeOf } from "./day-type";
import type { TariffOption, TariffRow, TempoColour } from "./tariff";

export type EstimateKind = "prices" | "subscription" | "tempo_colours";

/** One part of an option's cost that is estimated: which, over which days, from which grid. */
export type Estimate = {
  option: TariffOption;
  kind: EstimateKind;
  /** Paris days [from, to) */
  from: string;
  to: string;
  days: number;
  /** the `valid_from` of the grid whose figures stand in; null for Tempo colours */
  grid: string | null;
};

/** Share of a stand-in grid's € counted as the margin (module comment). */
export const GRID_MARGIN = 0.15;

type Run = { from: string; to: string; prices: TariffRow; sub: TariffRow | null; pricesFrom: TariffRow | null; subFrom: TariffRow | null };

/** Days from `day` to the row's span [validFrom, validTo): 0 inside it. */
function distance(row: TariffRow, day: string): number {
  if (day < row.validFrom) return daysBetween(day, row.validFrom);
  if (row.validTo !== null && day >= row.validTo) return daysBetween(row.validTo, day) + 1;
  return 0;
}

/** The row nearest `day` among `rows` (the later at equal distance), or undefined. */
function nearest(rows: TariffRow[], day: string): TariffRow | undefined {
  let best: TariffRow | undefined;
  for (const r of rows) {
    const d = distance(r, day);
    if (!best || d < distance(best, day) || (d === distance(best, day) && r.validFrom > best.validFrom)) best = r;
  }
  return best;
}

/**
 * The option's rows over Paris days [from, to) with every gap filled: a day without a row takes the
 * nearest row's prices and subscription, a row without a subscription the nearest subscription.
 * Returns rows covering [from, to) exactly (none when the option has no row at this power at all)
 * and what was filled.
 */
export function fillTariffs(tariffs: TariffRow[], option: TariffOption, kva: number, from: string, to: string): { rows: TariffRow[]; estimates: Estimate[] } {
  const own = tariffs.filter((r) => r.option === option && r.kva === kva).sort((a, b) => (a.validFrom < b.validFrom ? 1 : -1));
  const withSub = own.filter((r) => r.subscriptionEurPerYear !== null);
  if (!own.length) return { rows: [], estimates: [] };
  const runs: Run[] = [];
  for (let day = from; day < to; day = addDays(day, 1)) {
    const inForce = own.find((r) => distance(r, day) === 0);
    const prices = inForce ?? nearest(own, day)!;
    const sub = prices.subscriptionEurPerYear !== null ? prices : (nearest(withSub, day) ?? null);
    const pricesFrom = inForce ? null : prices;
    const subFrom = sub && sub !== inForce ? sub : null;
    const last = runs[runs.length - 1];
    if (last && last.prices === prices && last.sub === sub && last.pricesFrom === pricesFrom && last.subFrom === subFrom) last.to = addDays(day, 1);
    else runs.push({ from: day, to: addDays(day, 1), prices, sub, pricesFrom, subFrom });
  }
  const estimates: Estimate[] = [];
  const rows = runs.map((run) => {
    const days = daysBetween(run.from, run.to);
    if (run.pricesFrom) estimates.push({ option, kind: "prices", from: run.from, to: run.to, days, grid: run.pricesFrom.validFrom });
    else if (run.subFrom) estimates.push({ option, kind: "subscription", from: run.from, to: run.to, days, grid: run.subFrom.validFrom });
    return { ...run.prices, subscriptionEurPerYear: run.sub?.subscriptionEurPerYear ?? null, validFrom: run.from, validTo: run.to };
  });
  return { rows, estimates: mergeEstimates(estimates) };
}

/** Neighbouring estimates of the same kind and grid made one. */
function mergeEstimates(list: Estimate[]): Estimate[] {
  const out: Estimate[] = [];
  for (const e of list) {
    const last = out[out.length - 1];
    if (last && last.kind === e.kind && last.grid === e.grid && last.to === e.from) {
      last.to = e.to;
      last.days += e.days;
    } else out.push({ ...e });
  }
  return out;
}

type Mix = Record<TempoColour, number>;
const COLOURS: TempoColour[] = ["blue", "white", "red"];

/**
 * How often each colour came on the known days of each month and day type (falling back to the
 * month, then to every known day): `mixOf(day)` gives the shares for any day; null when no colour
 * is known at all (nothing to learn from: the Tempo cost stays partial).
 */
export function colourMix(known: ReadonlyMap<string, TempoColour>): ((day: string) => Mix) | null {
  if (!known.size) return null;
  const counts = new Map<string, Mix>();
  const add = (key: string, c: TempoColour) => {
    const m = counts.get(key) ?? { blue: 0, white: 0, red: 0 };
    m[c]++;
    counts.set(key, m);
  };
  for (const [day, c] of known) {
    add(`${day.slice(5, 7)}/${dayTypeOf(day)}`, c);
    add(day.slice(5, 7), c);
    add("*", c);
  }
  const shares = (m: Mix): Mix => {
    const n = m.blue + m.white + m.red;
    return { blue: m.blue / n, white: m.white / n, red: m.red / n };
  };
  return (day) => shares(counts.get(`${day.slice(5, 7)}/${dayTypeOf(day)}`) ?? counts.get(day.slice(5, 7)) ?? counts.get("*")!);
}

export type EstimatedCost = CostResult & {
  /** € of the total that are estimated (nearest grid, colour mix) */
  estimatedEur: number;
  marginEur: number;
  estimates: Estimate[];
  /** the reasons of the figures as known, before the estimates filled them */
  estimatedReasons: CostResult["reasons"];
  /** the option has a grid at this power (Tempo has none at 3 and 24 kVA) */
  offered: boolean;
  /** the cost on the figures as known, before any estimate (a lower bound when partial) */
  known: CostResult;
};

/**
 * The cost of one option with every missing figure estimated (module comment). `known` is the cost
 * on the figures as known (a lower bound when partial); the estimated part is the difference.
 */
export function estimatedCost(input: CostInput & { knownColours?: ReadonlyMap<string, TempoColour> }): EstimatedCost {
  const known = computeCost(input);
  const { rows, estimates } = fillTariffs(input.tariffs, input.option, input.kva, input.from, input.to);
  if (!rows.length) return { ...known, estimatedEur: 0, marginEur: 0, estimates: [], estimatedReasons: [], offered: false, known };
  const filled = { ...input, tariffs: rows };
  const gridMargin = (c: CostResult) => GRID_MARGIN * Math.max(0, c.totalEur - known.totalEur);

  const colours = input.tempo instanceof Map ? input.tempo : new Map((input.tempo ?? []).map((c) => [c.day, c.colour] as const));
  const mixOf = colourMix(input.knownColours ?? colours);
  if (input.option !== "tempo" || !known.reasons.includes("tempo_colour_unknown") || !mixOf) {
    // nothing stood in for a grid: the known cost is the answer (no second pass)
    const c = estimates.length ? computeCost(filled) : known;
    return finish(c, known, c.totalEur - known.totalEur, gridMargin(c), estimates);
  }

  // Tempo days without a colour: the readings of known days as they are; those of unknown days
  // priced under each colour, grouped by month and day type, weighted by the colour mix
  const knownReadings: Reading[] = [];
  const groups = new Map<string, { readings: Reading[]; days: Set<string> }>();
  for (const r of input.readings) {
    const t = typeof r.start === "number" ? r.start : r.start.getTime();
    const day = tempoDayOf(t);
    if (colours.has(day)) {
      knownReadings.push(r);
      continue;
    }
    const key = `${day.slice(5, 7)}/${DAY_TYPES.indexOf(dayTypeOf(day))}`;
    const g = groups.get(key) ?? { readings: [], days: new Set<string>() };
    g.readings.push(r);
    g.days.add(day);
    groups.set(key, g);
  }
  const base = computeCost({ ...filled, readings: knownReadings });
  let expected = 0, variance = 0;
  const lines = new Map(base.lines.map((l) => [l.period, { ...l }]));
  const unknownDays: string[] = [];
  for (const g of groups.values()) {
    const day = g.days.values().next().value!;
    const mix = mixOf(day);
    const asIf = new Map(colours);
    const byColour = COLOURS.map((c) => {
      for (const d of g.days) asIf.set(d, c);
      return computeCost({ ...filled, readings: g.readings, tempo: asIf });
    });
    const mean = COLOURS.reduce((s, c, i) => s + mix[c] * byColour[i].energyEur, 0);
    // the group's days drawn independently: the variance of the sum is n × that of one average day
    const n = g.days.size;
    variance += COLOURS.reduce((s, c, i) => s + mix[c] * (byColour[i].energyEur / n - mean / n) ** 2, 0) * n;
    expected += mean;
    COLOURS.forEach((c, i) => {
      for (const l of byColour[i].lines) {
        const line = lines.get(l.period)!;
        line.kwh += mix[c] * l.kwh;
        line.eur += mix[c] * l.eur;
      }
    });
    unknownDays.push(...g.days);
  }
  const energyEur = base.energyEur + expected;
  const c: CostResult = {
    ...base,
    kwh: known.kwh,
    energyEur,
    totalEur: energyEur + base.subscriptionEur,
    lines: [...lines.values()],
    points: known.points,
    missingPoints: known.missingPoints,
  };
  const tempoEstimates = colourRuns(unknownDays.sort(), input.option);
  const margin = GRID_MARGIN * Math.max(0, base.totalEur - computeCost({ ...input, readings: knownReadings }).totalEur) + 2 * Math.sqrt(variance);
  return finish(c, known, c.totalEur - known.totalEur, margin, [...estimates, ...tempoEstimates]);
}

/** Unknown-colour days as runs of consecutive days. */
function colourRuns(days: string[], option: TariffOption): Estimate[] {
  const out: Estimate[] = [];
  for (const d of days) {
    const last = out[out.length - 1];
    if (last && last.to === d) {
      last.to = addDays(d, 1);
      last.days++;
    } else out.push({ option, kind: "tempo_colours", from: d, to: addDays(d, 1), days: 1, grid: null });
  }
  return out;
}

function finish(c: CostResult, known: CostResult, estimatedEur: number, marginEur: number, estimates: Estimate[]): EstimatedCost {
  const filledReasons = new Set(c.reasons);
  return {
    ...c,
    estimatedEur: Math.max(0, estimatedEur),
    marginEur,
    estimates,
    estimatedReasons: known.reasons.filter((r) => !filledReasons.has(r)),
    offered: true,
    known,
  };
}

/**
 * The verdict among the options offered at this power: the fully priced option with the lowest
 * total, when every other option's total is higher by more than both margins (an option still
 * partial counts by its lower bound and no margin). Null when the options are within the
 * estimate's margin, or none is fully priced.
 */
export function verdictOf(options: Record<TariffOption, EstimatedCost>): { cheapest: TariffOption | null; differenceEur: number | null } {
  const offered = (Object.keys(options) as TariffOption[]).filter((o) => options[o].offered && options[o].points > 0);
  const complete = offered.filter((o) => options[o].reasons.length === 0).sort((a, b) => options[a].totalEur - options[b].totalEur);
  if (!complete.length) return { cheapest: null, differenceEur: null };
  const best = options[complete[0]];
  const others = offered.filter((o) => o !== complete[0]);
  const clear = others.every((o) => {
    const c = options[o];
    return c.totalEur - best.totalEur > best.marginEur + (c.reasons.length ? 0 : c.marginEur);
  });
  if (!clear) return { cheapest: null, differenceEur: null };
  const next = others.length ? Math.min(...others.map((o) => options[o].totalEur)) : null;
  return { cheapest: complete[0], differenceEur: next === null ? null : next - best.totalEur };
}
