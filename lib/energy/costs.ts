// What a meter's consumption cost, from its 30-minute readings and dated tariff rows: pure (no
// database, no I/O), so every rule is unit-tested against hand-worked examples.
//
// - A reading is priced by the row in force on the Paris local day of its start (rows change at
//   local midnight), for the meter's option and subscribed power.
// - HP/HC: a reading is off-peak when its local start time falls in one of the day's off-peak
//   ranges (dated sets of up to 3 ranges on the half hour; a range may cross midnight).
// - Tempo: HC 22:00-06:00; the Tempo day runs 06:00 → 06:00 Paris, so 00:00-06:00 takes the
//   previous calendar day's colour. An unknown colour leaves the reading unpriced and the result
//   `partial`: never a guess.
// - Subscription: per Paris local day, the row's € per year / days in that calendar year (365 or
//   366), whatever the day's length (23 or 25 hours on DST days).
// - Missing readings: the cost is that of the readings there are; `missingPoints` says how many of
//   the period's half hours (46/48/50 a day) are absent.
import { addDays, parisDayStart, parisDayStarts, parisOffsetMinutes, parisWall } from "@/lib/time/paris";
import { PRICE_KEYS, type PriceKey, type TariffOption, type TariffRow, type TempoColour } from "./tariff";

export type Reading = { /** interval start, UTC */ start: Date | number; wh: number };
/** Local times `HH:MM` on the half hour; `to` is exclusive and may be earlier than `from` (crosses midnight). */
export type OffpeakRange = { from: string; to: string };
/** The off-peak ranges of a meter from `validFrom` (inclusive) to `validTo` (exclusive, null: open). */
export type OffpeakSlots = { validFrom: string; validTo: string | null; ranges: OffpeakRange[] };
type TempoDayColour = { day: string; colour: TempoColour };

export type CostInput = {
  readings: Reading[];
  option: TariffOption;
  kva: number;
  /** the period: Paris local days, `from` inclusive, `to` exclusive */
  from: string;
  to: string;
  tariffs: TariffRow[];
  /** dated off-peak sets (HP/HC only) */
  offpeak?: OffpeakSlots[];
  /** Tempo colours by day (Tempo only) */
  tempo?: TempoDayColour[] | Map<string, TempoColour>;
  /** only rows of this supplier (default: any; the latest `validFrom` wins) */
  supplier?: string;
};

type CostLine = { period: PriceKey; kwh: number; eur: number };
export type PartialReason = "tempo_colour_unknown" | "no_tariff" | "offpeak_unknown" | "subscription_unknown";

export type CostResult = {
  option: TariffOption;
  kva: number;
  from: string;
  to: string;
  /** kWh of every reading in the period, priced or not */
  kwh: number;
  energyEur: number;
  subscriptionEur: number;
  totalEur: number;
  /** € and kWh per period of the option (base; hp/hc; blueHc ... redHp), in PRICE_KEYS order */
  lines: CostLine[];
  points: number;
  expectedPoints: number;
  missingPoints: number;
  /** readings with no price (colour unknown, no tariff row, no off-peak slots) and their kWh */
  unpricedPoints: number;
  unpricedKwh: number;
  /** days whose subscription is not counted (no row, or a row without a subscription) */
  subscriptionMissingDays: number;
  /** true when any reading or day could not be priced: the total is a lower bound */
  partial: boolean;
  reasons: PartialReason[];
};

const HALF_HOUR = 30;

function minutesOf(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  const min = m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
  if (!m || min > 24 * 60 || min % HALF_HOUR !== 0) throw new RangeError(`Not a half-hour time: ${hhmm}`);
  return min;
}

/** Whether local minute-of-day `m` is in [from, to), a range that may cross midnight. */
export function inRange(m: number, r: OffpeakRange): boolean {
  const a = minutesOf(r.from);
  const b = minutesOf(r.to) % (24 * 60);
  if (a === b) return false;
  return a < b ? m >= a && m < b : m >= a || m < b;
}

function validate(slots: OffpeakSlots[]) {
  for (const s of slots) {
    if (s.ranges.length > 3) throw new RangeError("At most 3 off-peak ranges");
    for (const r of s.ranges) inRange(0, r);
  }
}

const covers = (validFrom: string, validTo: string | null, day: string) => validFrom <= day && (validTo === null || day < validTo);

/** The Tempo day of a local wall time: before 06:00 it is still the previous day's. */
export function tempoDayOf(t: number): string {
  const w = parisWall(t);
  const day = `${String(w.y).padStart(4, "0")}-${String(w.mo).padStart(2, "0")}-${String(w.d).padStart(2, "0")}`;
  return w.h < 6 ? addDays(day, -1) : day;
}

const round = (x: number) => Math.round(x * 1e9) / 1e9;

/** A reading's price: the period of the option it falls in and its € TTC per kWh, or why it has none. */
export type Price = { key: PriceKey; eurPerKwh: number; reason?: undefined } | { key?: undefined; eurPerKwh?: undefined; reason: PartialReason };

const MINUTE_MS = 60_000;
const UNPRICED = {
  no_tariff: { reason: "no_tariff" },
  offpeak_unknown: { reason: "offpeak_unknown" },
  tempo_colour_unknown: { reason: "tempo_colour_unknown" },
} as const satisfies Record<string, Price>;
const startOf = (r: Reading) => (typeof r.start === "number" ? r.start : r.start.getTime());
const DAY_MS = 86_400_000;

/**
 * The pricing rules of `computeCost`, one reading at a time: `price(t)` for a reading starting at
 * instant `t`, `subscription(day)` the € of local day `day` (null when unknown, with `reason`).
 * The row, off-peak set (its ranges as minutes) and Tempo colours of a day are looked up once per
 * day; a reading costs the Paris offset (cached per hour) and some arithmetic. My Energy prices
 * each chart bucket with it; `computeCost` is the same rules over a period.
 */
export function pricerOf(input: Omit<CostInput, "readings" | "from" | "to">) {
  const { option, kva } = input;
  const rows = input.tariffs
    .filter((r) => r.option === option && r.kva === kva && (!input.supplier || r.supplier === input.supplier))
    .sort((a, b) => (a.validFrom < b.validFrom ? 1 : -1));
  const rowOn = (day: string) => rows.find((r) => covers(r.validFrom, r.validTo, day));
  const offpeak = input.offpeak ?? [];
  validate(offpeak);
  const slotsOn = (day: string) => offpeak.filter((s) => covers(s.validFrom, s.validTo, day)).sort((a, b) => (a.validFrom < b.validFrom ? 1 : -1))[0];
  const colours = input.tempo instanceof Map ? input.tempo : new Map((input.tempo ?? []).map((c) => [c.day, c.colour] as const));
  type DayInfo = {
    day: string;
    row: TariffRow | undefined;
    offpeak: [number, number][] | undefined;
    colour?: TempoColour;
    colourBefore?: TempoColour;
    /** one answer per price key of the day (answers are not allocated per reading) */
    priced: Partial<Record<PriceKey, Price>>;
  };
  // keyed by the local day's number (days since 1970-01-01 in Paris wall-clock time)
  const byDay = new Map<number, DayInfo>();
  const dayInfo = (dayNum: number): DayInfo => {
    let d = byDay.get(dayNum);
    if (!d) {
      const day = new Date(dayNum * DAY_MS).toISOString().slice(0, 10);
      const slots = option === "hphc" ? slotsOn(day) : undefined;
      d = {
        day,
        row: rowOn(day),
        offpeak: slots?.ranges.map((r) => [minutesOf(r.from), minutesOf(r.to) % (24 * 60)] as [number, number]).filter(([a, b]) => a !== b),
        priced: {},
      };
      if (option === "tempo") {
        d.colour = colours.get(day);
        d.colourBefore = colours.get(addDays(day, -1));
      }
      byDay.set(dayNum, d);
    }
    return d;
  };
  const infoOf = (day: string) => dayInfo(Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS));

  function price(t: number): Price {
    const local = t + parisOffsetMinutes(t) * MINUTE_MS;
    const dayNum = Math.floor(local / DAY_MS);
    const m = Math.floor((local - dayNum * DAY_MS) / MINUTE_MS);
    const info = dayInfo(dayNum);
    const row = info.row;
    if (!row) return UNPRICED.no_tariff;
    let key: PriceKey;
    if (option === "base") key = "base";
    else if (option === "hphc") {
      if (!info.offpeak) return UNPRICED.offpeak_unknown;
      let hc = false;
      for (const [a, b] of info.offpeak) if (a < b ? m >= a && m < b : m >= a || m < b) hc = true;
      key = hc ? "hc" : "hp";
    } else {
      // the Tempo day runs 06:00 → 06:00: before 06:00 it is still the previous day's colour
      const h = Math.floor(m / 60);
      const colour = h < 6 ? info.colourBefore : info.colour;
      if (!colour) return UNPRICED.tempo_colour_unknown;
      key = `${colour}${h >= 22 || h < 6 ? "Hc" : "Hp"}` as PriceKey;
    }
    return (info.priced[key] ??= { key, eurPerKwh: row.prices[key]! });
  }

  function subscription(day: string): { eur: number; reason?: undefined } | { eur: null; reason: PartialReason } {
    const { row } = infoOf(day);
    if (!row || row.subscriptionEurPerYear === null) return { eur: null, reason: row ? "subscription_unknown" : "no_tariff" };
    const y = Number(day.slice(0, 4));
    const daysInYear = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 366 : 365;
    return { eur: row.subscriptionEurPerYear / daysInYear };
  }

  /** The row in force on `day` (its supplier is what the view names). */
  const rowOf = (day: string) => infoOf(day).row;
  return { price, subscription, rowOf };
}

export function computeCost(input: CostInput): CostResult {
  const { option, kva, from, to } = input;
  if (!(from < to)) throw new RangeError("`from` must be before `to`");
  const pricer = pricerOf(input);

  const reasons = new Set<PartialReason>();
  const byKey = new Map<PriceKey, { kwh: number; eur: number }>(PRICE_KEYS[option].map((k) => [k, { kwh: 0, eur: 0 }]));
  let kwh = 0;
  let unpricedPoints = 0;
  let unpricedKwh = 0;
  // readings in strictly increasing order (as the store gives them) need no set of those seen
  let ordered = true;
  for (let i = 1; i < input.readings.length && ordered; i++) ordered = startOf(input.readings[i]) > startOf(input.readings[i - 1]);
  const seen = ordered ? null : new Set<number>();
  let points = 0;

  // the period's Paris days as instants: [first midnight, last midnight)
  const start = parisDayStart(from), end = parisDayStart(to);
  for (const r of input.readings) {
    const t = startOf(r);
    if (t < start || t >= end || seen?.has(t)) continue;
    seen?.add(t);
    points++;
    const e = r.wh / 1000;
    kwh += e;
    const p = pricer.price(t);
    if (p.reason) {
      unpricedPoints++;
      unpricedKwh += e;
      reasons.add(p.reason);
      continue;
    }
    const line = byKey.get(p.key)!;
    line.kwh += e;
    line.eur += e * p.eurPerKwh;
  }

  let subscriptionEur = 0;
  let subscriptionMissingDays = 0;
  let expectedPoints = 0;
  const { days, starts } = parisDayStarts(from, to);
  for (let i = 0; i < days.length; i++) {
    const day = days[i];
    expectedPoints += (starts[i + 1] - starts[i]) / (HALF_HOUR * MINUTE_MS);
    const sub = pricer.subscription(day);
    if (sub.eur === null) {
      subscriptionMissingDays++;
      reasons.add(sub.reason);
      continue;
    }
    subscriptionEur += sub.eur;
  }

  const lines = [...byKey].map(([period, v]) => ({ period, kwh: round(v.kwh), eur: round(v.eur) }));
  const energyEur = lines.reduce((s, l) => s + l.eur, 0);
  return {
    option,
    kva,
    from,
    to,
    kwh: round(kwh),
    energyEur: round(energyEur),
    subscriptionEur: round(subscriptionEur),
    totalEur: round(energyEur + subscriptionEur),
    lines,
    points,
    expectedPoints,
    missingPoints: Math.max(0, expectedPoints - points),
    unpricedPoints,
    unpricedKwh: round(unpricedKwh),
    subscriptionMissingDays,
    partial: reasons.size > 0,
    reasons: [...reasons].sort(),
  };
}

export type Comparison = {
  options: Record<TariffOption, CostResult>;
  /**
   * The option that was certainly the cheapest in total: fully priced, and no other option's total
   * (a lower bound when partial) below it. Null when the figures cannot tell.
   */
  cheapest: TariffOption | null;
  /**
   * The same verdict on the energy alone (subscriptions left out): for when subscription prices are
   * unknown for part of the period but every kWh is priced. Null when the figures cannot tell.
   */
  cheapestOnEnergy: TariffOption | null;
};

const OPTION_KEYS: TariffOption[] = ["base", "hphc", "tempo"];

/** The option whose `amount` is certainly the lowest: `exact` for it, others' amounts are lower bounds. */
function certainlyCheapest(options: Record<TariffOption, CostResult>, amount: (c: CostResult) => number, exact: (c: CostResult) => boolean): TariffOption | null {
  const best = OPTION_KEYS.reduce((a, b) => (amount(options[b]) < amount(options[a]) ? b : a));
  return exact(options[best]) ? best : null;
}

/** The same readings priced under Base, HP/HC and Tempo (same power, period, slots and colours). */
export function compareOptions(input: Omit<CostInput, "option">): Comparison {
  return verdictsOf({
    base: computeCost({ ...input, option: "base" }),
    hphc: computeCost({ ...input, option: "hphc" }),
    tempo: computeCost({ ...input, option: "tempo" }),
  });
}

/** The certain verdicts over the three options' costs as known (no estimate). */
export function verdictsOf(options: Record<TariffOption, CostResult>): Comparison {
  return {
    options,
    cheapest: certainlyCheapest(options, (c) => c.totalEur, (c) => !c.partial),
    cheapestOnEnergy: certainlyCheapest(options, (c) => c.energyEur, (c) => c.unpricedPoints === 0),
  };
}
