// The carbon part of GET /api/v1/meters/{id}/energy (docs/my-energy.md, "Carbon"): the source and
// its credit, how much of the period is estimated or fetched, the household's hours of the week
// with the most and the least CO2 from its own consumption, and the grid's cleanest hours.
import type { CarbonDatasetMeta, IntensitySpan } from "@/lib/energy/carbon";
import { gridCleanestHours, householdHours } from "@/lib/energy/carbon-calc";
import { r3, type CurveArrays } from "@/lib/energy/series";
import { parisDayStart } from "@/lib/time/paris";

const HALF_HOUR_MS = 30 * 60_000;

type CarbonHourView = { weekday: number; hour: number; g_per_kwh: number; kwh: number; co2_kg: number };
type Credit = { provider: string; licence: string; credit: string };

export type CarbonView = {
  available: boolean;
  source: string | null;
  provider: string | null;
  licence: string | null;
  credit: string | null;
  basis: "consumed" | "generated" | null;
  step_minutes: number | null;
  /** the year whose month, day-type and hour means stand in for hours no source covers */
  profile_year: number | null;
  estimated: boolean;
  estimated_share: number;
  /** the stored half hours' source (RTE via ODRÉ) and credit, when the period uses any */
  fetched: (Credit & { share: number }) | null;
  cleanest_hours: CarbonHourView[];
  dirtiest_hours: CarbonHourView[];
  grid_cleanest_hours: { weekday: number; hour: number; g_per_kwh: number }[];
};

const NO_CARBON: CarbonView = {
  available: false, source: null, provider: null, licence: null, credit: null, basis: null, step_minutes: null, profile_year: null,
  estimated: false, estimated_share: 0, fetched: null, cleanest_hours: [], dirtiest_hours: [], grid_cleanest_hours: [],
};

const g1 = (g: number) => Math.round(g * 10) / 10;

/**
 * The period [from, to)'s carbon view from its intensities (`ref`: the reference year; `fetched`:
 * whom the stored half hours are credited to), the household's consumption, and now (the
 * estimated and fetched shares count the half hours up to now).
 */
export function carbonView(intensity: IntensitySpan | null, ref: CarbonDatasetMeta | null, fetched: Credit, from: string, to: string, consumption: CurveArrays, now: number): CarbonView {
  if (!intensity || !ref) return NO_CARBON;
  const a = parisDayStart(from), end = parisDayStart(to);
  let n = 0, est = 0, got = 0;
  for (let j = Math.max(0, intensity.index(a)), last = Math.min(end, now); j < intensity.g.length && intensity.start + j * HALF_HOUR_MS < last; j++) {
    n++;
    est += intensity.estimated[j];
    got += intensity.fetched[j];
  }
  const mine = householdHours(consumption.t, consumption.wh, intensity);
  const hourView = (h: (typeof mine.cleanest)[number]): CarbonHourView => ({ weekday: h.weekday, hour: h.hour, g_per_kwh: g1(h.gPerKwh), kwh: r3(h.kwh), co2_kg: r3(h.kg) });
  return {
    available: true,
    source: ref.source,
    provider: ref.provider,
    licence: ref.licence,
    credit: ref.credit,
    basis: ref.basis,
    step_minutes: ref.step_minutes,
    profile_year: Number(ref.first.slice(0, 4)),
    estimated: est > 0,
    estimated_share: n ? r3(est / n) : 0,
    fetched: got ? { ...fetched, share: r3(got / n) } : null,
    cleanest_hours: mine.cleanest.map(hourView),
    dirtiest_hours: mine.dirtiest.map(hourView),
    grid_cleanest_hours: gridCleanestHours(intensity, a, end).map((h) => ({ weekday: h.weekday, hour: h.hour, g_per_kwh: g1(h.gPerKwh) })),
  };
}
