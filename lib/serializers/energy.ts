// My Energy's answers as the API shows them (docs/my-energy.md): a cost on a tariff (€ to the
// cent, with why it is a lower bound), and GET /api/v1/meters/{id}/energy (series, totals, max
// power, the compared period). Its carbon part is lib/serializers/carbon.ts; the figures are
// computed by lib/services/energy/.
import type { CostResult } from "@/lib/energy/costs";
import type { TariffOption } from "@/lib/energy/tariff";
import { r2, r3, type SeriesResult } from "@/lib/energy/series";
import type { DailyMax } from "@/lib/services/readings/types";
import type { Bucket, CompareKind } from "@/lib/validation/energy";
import type { CarbonView } from "./carbon";

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

const linesView = (r: CostResult) => r.lines.map((l) => ({ period: l.period, kwh: r3(l.kwh), eur: r2(l.eur) }));

/** A cost with the supplier named, and `extra` reasons (the series') beside the cost module's. */
export function costView(r: CostResult, supplier: string | null, extra: CostReason[] = []): CostView {
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

/** A period's series, totals and cost (lib/services/energy/pricing.ts). */
type PeriodView = Pick<SeriesResult, "series" | "totals"> & { cost: CostView | null };
type PointView = SeriesResult["series"][number];
const emptyPoint = (): PointView => ({ start: "", end: "", consumption_kwh: null, production_kwh: null, self_consumed_kwh: null, cost_eur: null, co2_kg: null, co2_estimated: false, complete: false });

/** The compared period, bucket i against bucket i: its series the same length as the main one. */
function compareView(main: PeriodView, compare: { kind: Exclude<CompareKind, "none">; from: string; to: string; period: PeriodView }) {
  const other = compare.period;
  const series = main.series.map((_, i) => other.series[i] ?? emptyPoint());
  return { kind: compare.kind, from: compare.from, to: compare.to, series, totals: other.totals, cost: other.cost };
}

/** The days' maximum power against the subscribed power (`kva`, null when unknown). */
function maxPowerView(kva: number | null, maxPower: DailyMax[]) {
  const days = maxPower.map((d) => ({ day: d.day, va: d.va, at: d.at ? d.at.toISOString() : null }));
  const peak = days.reduce<(typeof days)[number] | null>((best, d) => (best === null || d.va > best.va ? d : best), null);
  return {
    subscribed_kva: kva,
    peak,
    over_subscribed_days: kva ? days.filter((d) => d.va > kva * 1000).length : 0,
    days,
  };
}

type EnergyViewInput = {
  meter: { id: number; usagePointId: string };
  /** whether the period has a production series */
  producer: boolean;
  from: string;
  to: string;
  bucket: Bucket;
  main: PeriodView;
  compare: { kind: Exclude<CompareKind, "none">; from: string; to: string; period: PeriodView } | null;
  kva: number | null;
  maxPower: DailyMax[];
  carbon: CarbonView;
};

/** GET /api/v1/meters/{id}/energy: the energy of a meter over [from, to) as the chart shows it. */
export function energyView(a: EnergyViewInput) {
  return {
    meter: { id: a.meter.id, usage_point_id: a.meter.usagePointId, producer: a.producer },
    from: a.from,
    to: a.to,
    bucket: a.bucket,
    series: a.main.series,
    totals: a.main.totals,
    cost: a.main.cost,
    max_power: maxPowerView(a.kva, a.maxPower),
    carbon: a.carbon,
    compare: a.compare ? compareView(a.main, a.compare) : null,
  };
}
