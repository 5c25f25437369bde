// My Energy (docs/my-energy.md): a meter's stored history as the chart's series and totals, with
// costs on its tariff, max power and grid carbon; the Base / HP-HC / Tempo comparison; Home's
// summary; the household's tariff settings. One SQL pass reads a period's readings (30-minute
// curves as arrays, daily totals); the rest is computed in JS (lib/energy/series.ts, costs.ts).
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/caller";
import { notFound, unprocessable } from "@/lib/http/errors";
import { ownedBy } from "@/lib/services/access";
import { getMeterOrThrow, METER_TARIFF_SELECT, type MeterWithProgress } from "@/lib/services/meters";
import { heldRange, KIND_CODE, readMaxPower } from "@/lib/services/readings";
import { listTariffs, tempoColours } from "@/lib/services/tariffs";
import { addDays, addMonths, parisDayOf, parisDayStart } from "@/lib/time/paris";
import { computeCost, pricerOf, verdictsOf, type CostResult, type OffpeakSlots, type Reading } from "@/lib/energy/costs";
import type { IntensitySpan } from "@/lib/energy/carbon";
import { carbonReference, FETCHED_CREDIT, intensityOf } from "@/lib/services/carbon/intensity";
import { carbonView } from "@/lib/serializers/carbon";
import { estimatedCost, verdictOf, type EstimateKind } from "@/lib/energy/option-estimate";
import type { TariffOption, TariffRow, TempoColour } from "@/lib/energy/tariff";
import { buildSeries, chooseBucket, comparePeriod, r2, r3, tariffSettingsOf, type CurveArrays, type SeriesResult, type TariffSettings } from "@/lib/energy/series";
import type { Bucket, CompareKind, EnergyQuery, MeterTariffInput } from "@/lib/validation/energy";
import { changeVersions } from "./changes";
import { BoundedMap } from "@/lib/server/bounded-map";

/** Why a cost is a lower bound: the cost module's reasons, and two of the series' own. */
export type CostReason = CostResult["reasons"][number] | "curve_missing" | "readings_missing";

export type CostView = {
  option: TariffOption;
  kva: number;
  supplier: string | null;
  total_eur: number;
  energy_eur: number;
  subscription_eur: number;
  lines: { period: string; kwh: number; eur: number }[];
  partial: boolean;
  reasons: CostReason[];
};

const METER_FIELDS = METER_TARIFF_SELECT;

type EnergyMeter = { id: number; usagePointId: string; producer: boolean | null; settings: TariffSettings };

/** The caller's meter (an admin's: any), with its tariff settings; someone else's is not found. */
async function meterOf(caller: Caller, meterId: number): Promise<EnergyMeter> {
  const m = await db.meter.findFirst({ where: { id: meterId, ...ownedBy(caller, "userId") }, select: METER_FIELDS });
  if (!m) throw notFound("Meter");
  return { id: m.id, usagePointId: m.usagePointId, producer: m.producer, settings: tariffSettingsOf(m) };
}

/** Paris today (`YYYY-MM-DD`). */
export const parisToday = (now = Date.now()) => parisDayOf(now);

// ---------------------------------------------------------------------------------------------
// Reading a period

type PeriodData = {
  consumption: CurveArrays;
  production: CurveArrays | null;
  dailyConsumption: Map<string, number>;
  dailyProduction: Map<string, number> | null;
};

const EMPTY: CurveArrays = { t: [], wh: [], step: [] };

/**
 * Every reading of the meter's curves and daily totals in [from, to) (Paris days), in one
 * statement walking the key: one row per kind, its readings packed in time order as binary
 * records of 14 bytes (minutes from the period's start int4, Wh float8, step int2, big-endian;
 * base64 on the wire), which PostgreSQL writes and Node reads far faster than float8 arrays or
 * rows (docs/my-energy.md, "Performance").
 */
export async function readPeriod(meterId: number, from: string, to: string, producer: boolean | null): Promise<PeriodData> {
  return periodData(await fetchPeriod(meterId, from, to, producer !== false), from, producer);
}

type PackedRow = { kind: number; n: number; packed: string };

/** Consumption and production are read by two statements at once (two backends, two cores). */
async function fetchPeriod(meterId: number, from: string, to: string, production = true): Promise<PackedRow[]> {
  if (!production) return fetchKinds(meterId, from, to, [1, 11]);
  return (await Promise.all([fetchKinds(meterId, from, to, [1, 11]), fetchKinds(meterId, from, to, [2, 12])])).flat();
}

async function fetchKinds(meterId: number, from: string, to: string, kinds: number[]): Promise<PackedRow[]> {
  const start = parisDayStart(from);
  const rows = await db.$queryRawUnsafe<PackedRow[]>(
    `SELECT kind::int AS kind, count(*)::int AS n,
            encode(string_agg(int4send(((date_part('epoch', ts) - $5::float8) / 60)::int4) || float8send(wh) || int2send(step_min), ''::bytea ORDER BY ts), 'base64') AS packed
     FROM energy.readings
     WHERE meter_id = $1 AND kind = ANY($2::smallint[]) AND ts >= $3::timestamptz AND ts < $4::timestamptz
     GROUP BY kind`,
    meterId, kinds, new Date(start).toISOString(), new Date(parisDayStart(to)).toISOString(), start / 1000);
  return rows;
}

function periodData(rows: PackedRow[], from: string, producer: boolean | null): PeriodData {
  const start = parisDayStart(from);
  const unpack = (r: (typeof rows)[number]): CurveArrays => {
    const bytes = Buffer.from(r.packed, "base64");
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const t = new Array<number>(r.n), wh = new Array<number>(r.n), step = new Array<number>(r.n);
    for (let i = 0, o = 0; i < r.n; i++, o += 14) {
      t[i] = start + v.getInt32(o) * 60_000;
      wh[i] = v.getFloat64(o + 4);
      step[i] = v.getInt16(o + 12);
    }
    return { t, wh, step };
  };
  const of = (k: number) => {
    const r = rows.find((x) => x.kind === k);
    return r ? unpack(r) : undefined;
  };
  const daily = (k: number) => {
    const r = of(k);
    const m = new Map<string, number>();
    if (r) for (let i = 0; i < r.t.length; i++) m.set(parisDayOf(r.t[i]), r.wh[i]);
    return m;
  };
  const prodCurve = of(KIND_CODE.production);
  const dailyProd = daily(KIND_CODE.daily_production);
  // a producer's production is a series (with its gaps) even where none is held
  const hasProduction = producer === true || (producer === null && (prodCurve !== undefined || dailyProd.size > 0));
  return {
    consumption: of(KIND_CODE.consumption) ?? EMPTY,
    production: hasProduction ? (prodCurve ?? EMPTY) : null,
    dailyConsumption: daily(KIND_CODE.daily_consumption),
    dailyProduction: hasProduction ? dailyProd : null,
  };
}

/** What pricing needs beyond the readings: the tariff rows and, for Tempo, the colours. */
type PriceContext = { tariffs: TariffRow[]; tempo: Map<string, TempoColour> };

async function priceContext(settings: TariffSettings, from: string, to: string, rows?: TariffRow[]): Promise<PriceContext | null> {
  if (!settings.option || !settings.kva) return null;
  const [tariffs, tempo] = await Promise.all([
    rows ?? listTariffs(db),
    settings.option === "tempo" ? tempoColours(db, addDays(from, -1), to) : Promise.resolve(new Map<string, TempoColour>()),
  ]);
  return { tariffs, tempo };
}

const linesView = (r: CostResult) => r.lines.map((l) => ({ period: l.period, kwh: r3(l.kwh), eur: r2(l.eur) }));

function costView(r: CostResult, supplier: string | null, extra: CostReason[] = []): CostView {
  const reasons = [...new Set<CostReason>([...r.reasons, ...extra])].sort();
  return {
    option: r.option,
    kva: r.kva,
    supplier,
    total_eur: r2(r.totalEur),
    energy_eur: r2(r.energyEur),
    subscription_eur: r2(r.subscriptionEur),
    lines: linesView(r),
    partial: reasons.length > 0,
    reasons,
  };
}

type PeriodAnswer = SeriesResult & { cost: CostView | null };

/**
 * One period's series, totals and cost. The cost covers the days of the period before today
 * (a day not over yet has no readings and owes no subscription yet).
 */
function computePeriod(
  from: string, to: string, bucket: Bucket, data: PeriodData, settings: TariffSettings, ctx: PriceContext | null,
  intensity: IntensitySpan | null, today: string,
): PeriodAnswer {
  const pricing = ctx && settings.option && settings.kva
    ? { option: settings.option, kva: settings.kva, tariffs: ctx.tariffs, offpeak: settings.slots, tempo: ctx.tempo }
    : null;
  const pricer = pricing ? pricerOf(pricing) : null;
  const result = buildSeries({
    from, to, bucket,
    consumption: data.consumption, production: data.production,
    dailyConsumption: data.dailyConsumption, dailyProduction: data.dailyProduction,
    pricer, option: settings.option, intensity, today,
  });
  if (!pricing || !pricer) return { ...result, cost: null };

  const costTo = to < today ? to : today;
  const extra: CostReason[] = [];
  // a past bucket without all its readings (a gap or a partial one): the energy is a lower bound
  const over = parisDayStart(costTo);
  if (result.totals.missing_days.length || result.series.some((p) => !p.complete && Date.parse(p.end) <= over)) {
    extra.push("readings_missing");
  }
  if (costTo <= from) {
    // nothing of the period is over yet: nothing owed
    const empty = computeCost({ ...pricing, readings: [], from, to: addDays(from, 1) });
    return { ...result, cost: costView({ ...empty, energyEur: 0, subscriptionEur: 0, totalEur: 0, reasons: [] }, null) };
  }
  const readings: Reading[] = new Array(data.consumption.t.length);
  for (let i = 0; i < readings.length; i++) readings[i] = { start: data.consumption.t[i], wh: data.consumption.wh[i] };
  const dailyOnly = result.dailyOnlyDays.filter((d) => d < costTo);
  if (dailyOnly.length) {
    // a day known only by its total: priced at that day's Base price; HP/HC and Tempo cannot say
    if (settings.option === "base") for (const d of dailyOnly) readings.push({ start: parisDayStart(d), wh: data.dailyConsumption.get(d)! });
    else extra.push("curve_missing");
  }
  const cost = computeCost({ ...pricing, readings, from, to: costTo });
  const supplier = pricer.rowOf(addDays(costTo, -1))?.supplier ?? ctx!.tariffs.find((r) => r.option === pricing.option && r.kva === pricing.kva)?.supplier ?? null;
  return { ...result, cost: costView(cost, supplier, extra) };
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/meters/{id}/energy

type PointView = SeriesResult["series"][number];
const emptyPoint = (): PointView => ({ start: "", end: "", consumption_kwh: null, production_kwh: null, self_consumed_kwh: null, cost_eur: null, co2_kg: null, co2_estimated: false, complete: false });

/** The energy of a meter over [from, to) as the chart shows it (docs/my-energy.md). */
export async function energyOf(caller: Caller, meterId: number, query: EnergyQuery, now = Date.now()) {
  const today = parisToday(now);
  const chosen = chooseBucket(query.from, query.to, query.bucket, query.max_points);
  if ("error" in chosen) throw unprocessable([{ path: "bucket", message: chosen.error }]);
  const { bucket } = chosen;
  const { from, to } = query;
  const compare = query.compare === "none" ? null : { kind: query.compare as Exclude<CompareKind, "none">, ...comparePeriod(from, to, query.compare) };
  const first = compare && compare.from < from ? compare.from : from;

  // the meter (ownership: someone else's is a 404 and nothing read is answered) and the data, at once
  const [meter, raw, rawCompare, tariffs, maxPower, intensity] = await Promise.all([
    meterOf(caller, meterId),
    fetchPeriod(meterId, from, to),
    compare ? fetchPeriod(meterId, compare.from, compare.to) : Promise.resolve(null),
    listTariffs(db),
    readMaxPower(meterId, from, to),
    intensityOf(first, to),
  ]);
  const ctx = await priceContext(meter.settings, first, to, tariffs);
  const data = periodData(raw, from, meter.producer);
  const compareData = compare && rawCompare ? periodData(rawCompare, compare.from, meter.producer) : null;
  const main = computePeriod(from, to, bucket, data, meter.settings, ctx, intensity, today);

  let compareView = null;
  if (compare && compareData) {
    const other = computePeriod(compare.from, compare.to, bucket, compareData, meter.settings, ctx, intensity, today);
    // bucket i against bucket i: the same length as the main series
    const series = main.series.map((_, i) => other.series[i] ?? emptyPoint());
    compareView = { kind: compare.kind, from: compare.from, to: compare.to, series, totals: other.totals, cost: other.cost };
  }

  const kva = meter.settings.kva;
  const days = maxPower.map((d) => ({ day: d.day, va: d.va, at: d.at ? d.at.toISOString() : null }));
  const peak = days.reduce<(typeof days)[number] | null>((best, d) => (best === null || d.va > best.va ? d : best), null);
  const carbon = carbonView(intensity, carbonReference(), FETCHED_CREDIT, from, to, data.consumption, now);

  return {
    meter: { id: meter.id, usage_point_id: meter.usagePointId, producer: data.production !== null },
    from,
    to,
    bucket,
    series: main.series,
    totals: main.totals,
    cost: main.cost,
    max_power: {
      subscribed_kva: kva,
      peak,
      over_subscribed_days: kva ? days.filter((d) => d.va > kva * 1000).length : 0,
      days,
    },
    carbon,
    compare: compareView,
  };
}
export type EnergyAnswer = Awaited<ReturnType<typeof energyOf>>;

// ---------------------------------------------------------------------------------------------
// GET /api/v1/meters/{id}/tariff-comparison

/** The off-peak hours assumed for the HP/HC column when the meter has none (Enedis' usual 8 night hours). */
const ASSUMED_OFFPEAK: OffpeakSlots[] = [{ validFrom: "2000-01-01", validTo: null, ranges: [{ from: "22:00", to: "06:00" }] }];

type ComparisonCost = CostView & {
  /** € of `total_eur` estimated from the nearest grid or the Tempo colour mix, and their margin */
  estimated_eur: number;
  margin_eur: number;
  /** what was missing before the estimates (`subscription_unknown`, `no_tariff`, `tempo_colour_unknown`) */
  estimated_reasons: CostReason[];
  /** false: this option has no grid at this power (Tempo at 3 and 24 kVA) */
  offered: boolean;
};
type EstimateView = { option: TariffOption; kind: EstimateKind; from: string; to: string; days: number; grid: string | null };

/**
 * What the last 12 full months (or what is held of them) would have cost under each option at the
 * meter's power. A meter without off-peak hours is compared under 22:00-06:00 (`offpeak_assumed`).
 * A figure missing for part of the months is estimated (lib/energy/option-estimate.ts: the nearest
 * grid, the Tempo colour mix of the known seasons), listed in `estimates`, and the verdict given
 * unless the options are within the estimate's margin.
 */
export async function tariffComparison(caller: Caller, meterId: number, now = Date.now()) {
  const meter = await meterOf(caller, meterId);
  const today = parisToday(now);
  const to = `${today.slice(0, 7)}-01`;
  let from = addMonths(to, -12);
  const held = await heldRange(meter.id, "consumption");
  if (held) {
    const first = parisDayOf(held.first.getTime());
    if (first > from) from = first < to ? first : to;
  }
  const kva = meter.settings.kva;
  const assumed = !meter.settings.slots.length;
  const none = { base: null, hphc: null, tempo: null };
  const nothing = { cheapest: null, difference_eur: null, cheapest_on_energy: null, estimates: [] as EstimateView[], current: meter.settings.option, offpeak_assumed: assumed };
  if (!held || from >= to) return { from, to, kwh: 0, kva, options: none, ...nothing };
  const data = await readPeriod(meter.id, from, to, false);
  const readings: Reading[] = data.consumption.t.map((t, i) => ({ start: t, wh: data.consumption.wh[i] }));
  const kwh = r3(readings.reduce((s, r) => s + r.wh, 0) / 1000);
  if (!kva) return { from, to, kwh, kva, options: none, ...nothing };
  // the colour mix is learnt from every known season (a few hundred rows a season)
  const [tariffs, tempo, knownColours] = await Promise.all([listTariffs(db), tempoColours(db, addDays(from, -1), to), tempoColours(db, addMonths(to, -60), to)]);
  const input = { readings, kva, from, to, tariffs, offpeak: assumed ? ASSUMED_OFFPEAK : meter.settings.slots, tempo };
  const est = { base: estimatedCost({ ...input, option: "base", knownColours }), hphc: estimatedCost({ ...input, option: "hphc", knownColours }), tempo: estimatedCost({ ...input, option: "tempo", knownColours }) };
  const known = verdictsOf({ base: est.base.known, hphc: est.hphc.known, tempo: est.tempo.known });
  const verdict = verdictOf(est);
  const supplierOf = (o: TariffOption) => tariffs.find((r) => r.option === o && r.kva === kva && r.validFrom < to && (r.validTo === null || r.validTo > from))?.supplier ?? null;
  const view = (o: TariffOption): ComparisonCost => ({
    ...costView(est[o], supplierOf(o), est[o].missingPoints > 0 ? ["readings_missing"] : []),
    estimated_eur: r2(est[o].estimatedEur),
    margin_eur: r2(est[o].marginEur),
    estimated_reasons: est[o].estimatedReasons,
    offered: est[o].offered,
  });
  const estimates: EstimateView[] = (["base", "hphc", "tempo"] as const).flatMap((o) => est[o].estimates.map((e) => ({ option: e.option, kind: e.kind, from: e.from, to: e.to, days: e.days, grid: e.grid })));
  return {
    from, to, kwh, kva,
    options: { base: view("base"), hphc: view("hphc"), tempo: view("tempo") },
    cheapest: verdict.cheapest,
    difference_eur: verdict.differenceEur === null ? null : r2(verdict.differenceEur),
    cheapest_on_energy: known.cheapestOnEnergy,
    estimates,
    current: meter.settings.option,
    offpeak_assumed: assumed,
  };
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/energy/summary

type MeterSummary = {
  id: number;
  usage_point_id: string;
  yesterday: { day: string; kwh: number | null; eur: number | null; co2_kg: number | null };
  month: { from: string; to: string; kwh: number | null; eur: number | null; co2_kg: number | null; days: number; days_with_data: number };
  last_month: { from: string; to: string; kwh: number | null; co2_kg: number | null; days_with_data: number };
  last_year: { from: string; to: string; kwh: number | null; co2_kg: number | null; days_with_data: number };
  /** carbon's source and whether any of these kg come from estimated intensities (null: no carbon data) */
  carbon: { provider: string; licence: string; credit: string; estimated: boolean; fetched: { provider: string; licence: string; credit: string } | null } | null;
};

/**
 * Home's summaries, kept in this process by meter, Paris day, tariff settings and the versions of
 * the meter's readings and of the prices (./changes.ts): Home is the page households open most,
 * and its summary reads four periods and prices them, about twice the work of the rest of the page
 * (docs/performance.md, "Home's energy summary"). Read only: the same object answers many requests.
 */
const summaries = new BoundedMap<string, Readonly<MeterSummary>>(5000);

/** Home's summary for each of the caller's own meters: yesterday, this month so far, and the same days before. */
export async function energySummary(caller: Caller, now = Date.now()) {
  // the versions beside the meters, before anything the summaries are computed from (changes.ts)
  const [meters, versions] = await Promise.all([
    db.meter.findMany({ where: { userId: caller.id }, select: METER_FIELDS, orderBy: { id: "asc" } }),
    changeVersions(caller.id),
  ]);
  const today = parisToday(now);
  const out = await Promise.all(
    meters.map(async (m) => {
      const settings = tariffSettingsOf(m);
      const version = versions.meters.get(m.id);
      if (version === undefined) return meterSummary(m.id, m.usagePointId, settings, today); // created meanwhile
      const key = JSON.stringify([m.id, m.usagePointId, today, versions.prices, version, settings.option, settings.kva, settings.slots]);
      const kept = summaries.get(key);
      if (kept) return kept;
      const summary = Object.freeze(await meterSummary(m.id, m.usagePointId, settings, today));
      summaries.set(key, summary);
      return summary;
    }),
  );
  return { meters: out };
}

async function meterSummary(id: number, usagePointId: string, settings: TariffSettings, today: string): Promise<MeterSummary> {
  const yesterday = addDays(today, -1);
  const monthFrom = `${yesterday.slice(0, 7)}-01`;
  const lastMonth = { from: addMonths(monthFrom, -1), to: addMonths(today, -1) };
  const lastYear = { from: addMonths(monthFrom, -12), to: addMonths(today, -12) };
  const producer = false; // kWh consumed only
  const period = async (from: string, to: string, ctx: PriceContext | null) => {
    const t = to > from ? to : addDays(from, 1);
    const [data, intensity] = await Promise.all([readPeriod(id, from, t, producer), intensityOf(from, t)]);
    // whether any stored (fetched) half hour counts here: its source is credited too
    return { ...computePeriod(from, t, "day", data, settings, ctx, intensity, today), co2Fetched: intensity?.fetched.includes(1) ?? false };
  };
  const ctx = await priceContext(settings, lastYear.from, today);
  const ref = carbonReference();
  // kg only where energy is held: no reading, no figure (never 0)
  const co2Of = (p: PeriodAnswer) => (p.totals.consumption_kwh === null ? null : p.totals.co2_kg);
  const [y, month, lm, ly] = await Promise.all([
    period(yesterday, today, ctx),
    period(monthFrom, today, ctx),
    period(lastMonth.from, lastMonth.to, null),
    period(lastYear.from, lastYear.to, null),
  ]);
  return {
    id,
    usage_point_id: usagePointId,
    yesterday: { day: yesterday, kwh: y.totals.consumption_kwh, eur: y.cost && y.totals.consumption_kwh !== null ? y.cost.total_eur : null, co2_kg: co2Of(y) },
    month: {
      from: monthFrom, to: today, kwh: month.totals.consumption_kwh,
      eur: month.cost && month.totals.consumption_kwh !== null ? month.cost.total_eur : null,
      co2_kg: co2Of(month),
      days: month.totals.days, days_with_data: month.totals.days_with_data,
    },
    last_month: { from: lastMonth.from, to: lastMonth.to, kwh: lm.totals.consumption_kwh, co2_kg: co2Of(lm), days_with_data: lm.totals.days_with_data },
    last_year: { from: lastYear.from, to: lastYear.to, kwh: ly.totals.consumption_kwh, co2_kg: co2Of(ly), days_with_data: ly.totals.days_with_data },
    carbon: ref
      ? { provider: ref.provider, licence: ref.licence, credit: ref.credit, estimated: [y, month, lm, ly].some((p) => p.totals.co2_estimated), fetched: [y, month, lm, ly].some((p) => p.co2Fetched) ? { ...FETCHED_CREDIT } : null }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// PATCH /api/v1/meters/{id}

/**
 * The household's tariff settings: option and power (null goes back to the contract's), and a
 * dated set of off-peak ranges (from `valid_from`, by default the meter's first held day; the same
 * day again replaces that set).
 */
export async function updateMeterTariff(caller: Caller, meterId: number, input: MeterTariffInput): Promise<MeterWithProgress> {
  const meter = await getMeterOrThrow(caller, meterId);
  let validFrom: string | undefined;
  if (input.offpeak) {
    validFrom = input.offpeak.valid_from;
    if (!validFrom) {
      const held = await heldRange(meter.id, "consumption");
      validFrom = held ? parisDayOf(held.first.getTime()) : parisToday();
    }
  }
  await db.$transaction(async (tx) => {
    const data: { tariff?: TariffOption | null; tariffKva?: number | null } = {};
    if (input.tariff !== undefined) data.tariff = input.tariff;
    if (input.subscribed_kva !== undefined) data.tariffKva = input.subscribed_kva;
    if (Object.keys(data).length) await tx.meter.update({ where: { id: meter.id }, data });
    if (input.offpeak && validFrom) {
      const day = new Date(`${validFrom}T00:00:00Z`);
      const ranges = input.offpeak.ranges.map((r) => ({ from: r.from === "24:00" ? "00:00" : r.from, to: r.to === "24:00" ? "00:00" : r.to }));
      await tx.meterOffpeakSlot.upsert({
        where: { meterId_validFrom: { meterId: meter.id, validFrom: day } },
        create: { meterId: meter.id, validFrom: day, ranges },
        update: { ranges },
      });
    }
  });
  return getMeterOrThrow(caller, meterId);
}
