// GET /api/v1/meters/{id}/tariff-comparison as the API shows it (docs/my-energy.md): what the last
// 12 full months would have cost under Base, HP/HC and Tempo, the figures estimated where some were
// missing, and the verdict (computed by lib/services/energy/tariff-comparison.ts).
import type { EstimatedCost, EstimateKind } from "@/lib/energy/option-estimate";
import type { TariffOption } from "@/lib/energy/tariff";
import { r2 } from "@/lib/energy/series";
import { costView, type CostReason, type CostView } from "./energy";

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

/** The months compared, their kWh, the meter's current option and whether its off-peak hours are assumed. */
type ComparedPeriod = { from: string; to: string; kwh: number; current: TariffOption | null; offpeakAssumed: boolean };

const OPTIONS = ["base", "hphc", "tempo"] as const;

/** Nothing to compare: no readings held, or no subscribed power known. */
export function noComparisonView(p: ComparedPeriod, kva: number | null) {
  return {
    from: p.from, to: p.to, kwh: p.kwh, kva,
    options: { base: null, hphc: null, tempo: null },
    cheapest: null, difference_eur: null, cheapest_on_energy: null,
    estimates: [] as EstimateView[],
    current: p.current,
    offpeak_assumed: p.offpeakAssumed,
  };
}

type ComparisonInput = ComparedPeriod & {
  kva: number;
  /** each option's cost, its missing figures estimated (lib/energy/option-estimate.ts) */
  costs: Record<TariffOption, EstimatedCost>;
  suppliers: Record<TariffOption, string | null>;
  /** the verdict with the estimates, and on the energy alone as known */
  cheapest: TariffOption | null;
  differenceEur: number | null;
  cheapestOnEnergy: TariffOption | null;
};

/** The three options priced at the meter's power, the estimates listed, and the verdict. */
export function comparisonView(c: ComparisonInput) {
  const view = (o: TariffOption): ComparisonCost => {
    const e = c.costs[o];
    return {
      ...costView(e, c.suppliers[o], e.missingPoints > 0 ? ["readings_missing"] : []),
      estimated_eur: r2(e.estimatedEur),
      margin_eur: r2(e.marginEur),
      estimated_reasons: e.estimatedReasons,
      offered: e.offered,
    };
  };
  const estimates: EstimateView[] = OPTIONS.flatMap((o) => c.costs[o].estimates.map((e) => ({ option: e.option, kind: e.kind, from: e.from, to: e.to, days: e.days, grid: e.grid })));
  return {
    from: c.from, to: c.to, kwh: c.kwh, kva: c.kva,
    options: { base: view("base"), hphc: view("hphc"), tempo: view("tempo") },
    cheapest: c.cheapest,
    difference_eur: c.differenceEur === null ? null : r2(c.differenceEur),
    cheapest_on_energy: c.cheapestOnEnergy,
    estimates,
    current: c.current,
    offpeak_assumed: c.offpeakAssumed,
  };
}
