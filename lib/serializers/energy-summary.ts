// GET /api/v1/energy/summary as the API shows it (docs/my-energy.md): Home's summary of a meter,
// yesterday, this month so far and the same days a month and a year before, in kWh, € and kg CO2
// (computed by lib/services/energy/summary.ts).
import type { CarbonDatasetMeta } from "@/lib/energy/carbon";
import type { SeriesResult } from "@/lib/energy/series";
import type { CostView } from "./energy";

type Credit = { provider: string; licence: string; credit: string };

export type MeterSummary = {
  id: number;
  usage_point_id: string;
  yesterday: { day: string; kwh: number | null; eur: number | null; co2_kg: number | null };
  month: { from: string; to: string; kwh: number | null; eur: number | null; co2_kg: number | null; days: number; days_with_data: number };
  last_month: { from: string; to: string; kwh: number | null; co2_kg: number | null; days_with_data: number };
  last_year: { from: string; to: string; kwh: number | null; co2_kg: number | null; days_with_data: number };
  /** carbon's source and whether any of these kg come from estimated intensities (null: no carbon data) */
  carbon: { provider: string; licence: string; credit: string; estimated: boolean; fetched: Credit | null } | null;
};

/** One period of the summary: its days, totals and cost, and whether any stored (fetched) half hour counts in its kg. */
type SummaryPeriod = { from: string; to: string; totals: SeriesResult["totals"]; cost: CostView | null; co2Fetched: boolean };

// kWh, € and kg only where energy is held: no reading, no figure (never 0)
const eurOf = (p: SummaryPeriod) => (p.cost && p.totals.consumption_kwh !== null ? p.cost.total_eur : null);
const co2Of = (p: SummaryPeriod) => (p.totals.consumption_kwh === null ? null : p.totals.co2_kg);

/** A meter's summary; `ref` is carbon's reference year (null: no carbon data), `fetched` whom stored half hours are credited to. */
export function meterSummaryView(
  meter: { id: number; usagePointId: string },
  p: { yesterday: SummaryPeriod; month: SummaryPeriod; lastMonth: SummaryPeriod; lastYear: SummaryPeriod },
  ref: CarbonDatasetMeta | null,
  fetched: Credit,
): MeterSummary {
  const { yesterday: y, month, lastMonth: lm, lastYear: ly } = p;
  const all = [y, month, lm, ly];
  return {
    id: meter.id,
    usage_point_id: meter.usagePointId,
    yesterday: { day: y.from, kwh: y.totals.consumption_kwh, eur: eurOf(y), co2_kg: co2Of(y) },
    month: {
      from: month.from, to: month.to, kwh: month.totals.consumption_kwh,
      eur: eurOf(month),
      co2_kg: co2Of(month),
      days: month.totals.days, days_with_data: month.totals.days_with_data,
    },
    last_month: { from: lm.from, to: lm.to, kwh: lm.totals.consumption_kwh, co2_kg: co2Of(lm), days_with_data: lm.totals.days_with_data },
    last_year: { from: ly.from, to: ly.to, kwh: ly.totals.consumption_kwh, co2_kg: co2Of(ly), days_with_data: ly.totals.days_with_data },
    carbon: ref
      ? { provider: ref.provider, licence: ref.licence, credit: ref.credit, estimated: all.some((q) => q.totals.co2_estimated), fetched: all.some((q) => q.co2Fetched) ? { ...fetched } : null }
      : null,
  };
}
