// A period of My Energy priced (docs/my-energy.md): the series and totals of its readings
// (lib/energy/series.ts) and their cost on the meter's tariff (lib/energy/costs.ts), with the
// tariff rows and Tempo colours that pricing needs.
import { db } from "@/lib/db";
import { listTariffs } from "@/lib/services/tariffs/tariffs";
import { tempoColours } from "@/lib/services/tariffs/tempo";
import { addDays, parisDayStart } from "@/lib/time/paris";
import { computeCost, pricerOf, type Reading } from "@/lib/energy/costs";
import type { IntensitySpan } from "@/lib/energy/carbon";
import type { TariffRow, TempoColour } from "@/lib/energy/tariff";
import { buildSeries, type SeriesResult, type TariffSettings } from "@/lib/energy/series";
import { costView, type CostReason, type CostView } from "@/lib/serializers/energy";
import type { Bucket } from "@/lib/validation/energy";
import type { PeriodData } from "./reading";

/** What pricing needs beyond the readings: the tariff rows and, for Tempo, the colours. */
export type PriceContext = { tariffs: TariffRow[]; tempo: Map<string, TempoColour> };

/** The prices of [from, to) for the meter's settings (`rows`: the tariff rows if already read); null without option or power. */
export async function priceContext(settings: TariffSettings, from: string, to: string, rows?: TariffRow[]): Promise<PriceContext | null> {
  if (!settings.option || !settings.kva) return null;
  const [tariffs, tempo] = await Promise.all([
    rows ?? listTariffs(db),
    settings.option === "tempo" ? tempoColours(db, addDays(from, -1), to) : Promise.resolve(new Map<string, TempoColour>()),
  ]);
  return { tariffs, tempo };
}

type PeriodAnswer = SeriesResult & { cost: CostView | null };

/**
 * One period's series, totals and cost. The cost covers the days of the period before today
 * (a day not over yet has no readings and owes no subscription yet).
 */
export function computePeriod(
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
