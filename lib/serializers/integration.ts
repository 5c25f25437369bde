import type { IntegrationSummary } from "@/lib/services/integrations/vendor-accounts";

/** The contract's Integration, plus `needs_relink` and `sandbox` for the UI (docs/api-decisions.md). */
export function toIntegrationView(i: IntegrationSummary) {
  return {
    id: i.id,
    name: i.name,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
    resource: i.name === "linky" ? (i.resource ?? null) : null,
    needs_relink: i.needsRelink,
    sandbox: i.sandbox,
  };
}
export type IntegrationView = ReturnType<typeof toIntegrationView>;
