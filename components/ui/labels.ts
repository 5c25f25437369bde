// How the screens name the contract's codes: one table each, shared by devices, locations and integrations.
import type { IntegrationName, Phase } from "@/lib/enums";

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
