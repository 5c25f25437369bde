// How the screens name the contract's codes in English: the countries (the back-office, the location
// form's English messages) and the vendors (integrations). The device pages name theirs in the
// page's language (lib/devices/labels).
import type { Country, IntegrationName } from "@/lib/enums";

/** The countries a location may be in. */
export const COUNTRY_NAMES: Record<Country, string> = {
  FR: "France", DE: "Germany", IE: "Ireland", AT: "Austria", EE: "Estonia", CA: "Canada", US: "United States",
};

/** The vendors' names as the specification gives them (Variant B's home table), by integration name. */
const VENDOR_LABELS: Record<IntegrationName, string> = {
  linky: "Linky grid-operator meter",
  legrand: "Legrand IOT",
  legrand_up: "Legrand IOT (up)",
  netatmo: "Netatmo/Legrand",
};

/** The specification's name of an integration ('Linky grid-operator meter', 'Legrand IOT'...); an unknown name as it is. */
export const integrationLabel = (name: string): string => (VENDOR_LABELS as Record<string, string>)[name] ?? name;
