// The contract's Integration as the integration screens read it, and the server pages' mapping of
// the service's rows to it (no "use client": server pages import it to hand the list to SWR).
import { format } from "date-fns";
import { INTEGRATION_LABELS } from "@/components/devices/labels";
import type { IntegrationSummary } from "@/lib/services/integrations";

export type IntegrationName = "linky" | "legrand" | "legrand_up" | "netatmo";

/** GET /api/integrations → results[]: what the browser knows of an integration (never its tokens). */
export type IntegrationView = {
  id: number;
  name: IntegrationName | (string & {});
  created_at: string;
  updated_at: string;
  /** linky: the comma-separated usage point ids; else null */
  resource: string | null;
  needs_relink?: boolean;
  sandbox?: boolean;
};

export function toIntegrationView(i: IntegrationSummary): IntegrationView {
  return {
    id: i.id,
    name: i.name,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
    resource: i.resource,
    needs_relink: i.needsRelink,
    sandbox: i.sandbox,
  };
}

/** The specification's name of an integration ('Linky grid-operator meter', 'Legrand IOT'...). */
export const integrationLabel = (name: string) => INTEGRATION_LABELS[name] ?? name;

/** The meter ids of a linky integration's `resource`. */
export const meterIds = (resource: string | null | undefined) =>
  (resource ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** A date as the specification shows it: dd MMM yyyy ('' when missing or unreadable). */
export function day(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? format(d, "dd MMM yyyy") : "";
}
