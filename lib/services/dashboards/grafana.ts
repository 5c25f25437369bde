// Dashboards: the dashboard service's (Grafana's) production dashboards, searched with the
// server's own token, which never leaves this module.
import { integrationsEnv } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { GrafanaClient, type GrafanaConfig } from "@/lib/integrations/grafana/client";
import { VendorError } from "@/lib/integrations/oauth";
import { DEFAULT_FOLDER, PRODUCTION_TAG, type Dashboard } from "@/lib/dashboards/list";

/** The dashboard service of this deployment (DASHBOARD_URL and DASHBOARD_TOKEN, read at each call); null when not enabled. */
function grafanaConfig(): GrafanaConfig | null {
  const e = integrationsEnv();
  return e.DASHBOARD_URL && e.DASHBOARD_TOKEN ? { baseUrl: e.DASHBOARD_URL, token: e.DASHBOARD_TOKEN, fetch } : null;
}

/** Where browsers load dashboards from (DASHBOARD_PUBLIC_URL, else DASHBOARD_URL); null when not enabled. */
export function dashboardsPublicUrl(): string | null {
  const e = integrationsEnv();
  return e.DASHBOARD_PUBLIC_URL ?? e.DASHBOARD_URL ?? null;
}

/**
 * The production dashboards, in Grafana's order; those outside a folder are in 'General'.
 * 503 when no dashboard service is configured, 502 when it fails.
 */
export async function listDashboards(): Promise<Dashboard[]> {
  const config = grafanaConfig();
  if (!config) throw new DomainError("unavailable", "Dashboards have not been enabled yet");
  let hits;
  try {
    hits = await new GrafanaClient(config).search({ tag: PRODUCTION_TAG, type: "dash-db" });
  } catch (err) {
    if (!(err instanceof VendorError)) throw err;
    console.warn(`[foyer] dashboards: ${err.message}`);
    throw new DomainError("upstream", "Failed to get grafana dashboards");
  }
  return hits
    .filter((h) => h.tags.includes(PRODUCTION_TAG))
    .map((h) => ({ id: h.id, title: h.title, url: h.url, type: h.type, tags: h.tags, folderTitle: h.folderTitle || DEFAULT_FOLDER }));
}
