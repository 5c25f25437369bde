// Helpers of the integration screens (no "use client": server pages import it to hand the list to SWR).
import { parisDayText } from "@/components/ui/dates";
import type { Locale } from "@/lib/shared/locale.mjs";

// one mapping of rows to the contract's view: the API's serializer
export { toIntegrationView, type IntegrationView } from "@/lib/serializers/integration";

/** The meter ids of a linky integration's `resource`. */
export const meterIds = (resource: string | null | undefined) =>
  (resource ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** A date as the specification shows it: dd MMM yyyy, in the reader's language ('' when missing or unreadable). */
export function day(iso: string | null | undefined, locale: Locale = "en"): string {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? parisDayText(d, locale) : "";
}
