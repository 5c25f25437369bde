// How the device screens name the contract's codes.
import type { PHASES } from "@/lib/validation/device";

export const PHASE_LABELS: Record<(typeof PHASES)[number], string> = { single: "Single phase", three: "Three phase" };

/** The specification's names of the integrations (Variant B's home table). */
export const INTEGRATION_LABELS: Record<string, string> = {
  linky: "Linky grid-operator meter",
  legrand: "Legrand IOT",
  legrand_up: "Legrand IOT (up)",
  netatmo: "Netatmo/Legrand",
};

/** "periodical_appliances" → "Periodical appliances". */
export function humanize(value: string | null | undefined): string {
  if (!value) return "";
  const s = value.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}
