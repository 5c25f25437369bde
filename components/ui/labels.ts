// How the screens name the contract's codes: one table each, shared by devices, locations and integrations.
import type { Country, IntegrationName, MeasureType, Phase } from "@/lib/enums";

/** The countries a location may be in. */
export const COUNTRY_NAMES: Record<Country, string> = {
  FR: "France", DE: "Germany", IE: "Ireland", AT: "Austria", EE: "Estonia", CA: "Canada", US: "United States",
};

export const MEASURE_TYPE_LABELS: Record<MeasureType, string> = {
  unset: "Unset",
  unused: "Unused (CT clamp not connected)",
  pv: "PV",
  ev: "EV",
  total_home: "Total home",
  calc: "Calculated",
  other: "Other",
};

export const PHASE_LABELS: Record<Phase, string> = { single: "Single phase", three: "Three phase" };

/** The vendors' names as the specification gives them (Variant B's home table), by integration name. */
const VENDOR_LABELS: Record<IntegrationName, string> = {
  linky: "Linky grid-operator meter",
  legrand: "Legrand IOT",
  legrand_up: "Legrand IOT (up)",
  netatmo: "Netatmo/Legrand",
};

/** The specification's name of an integration ('Linky grid-operator meter', 'Legrand IOT'...); an unknown name as it is. */
export const integrationLabel = (name: string): string => (VENDOR_LABELS as Record<string, string>)[name] ?? name;

/** "periodical_appliances" → "Periodical appliances". */
export function humanize(value: string | null | undefined): string {
  if (!value) return "";
  const s = value.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}
