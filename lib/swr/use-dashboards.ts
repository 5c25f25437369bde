"use client";
// SWR hook of the dashboards page: the production dashboards the server found on the dashboard service.
import { retryServerErrors } from "./retry";
import type { Dashboard } from "@/lib/dashboards/list";
import { useApi } from "./use-api";

const DASHBOARDS_URL = "/api/v1/dashboards";

/** GET /api/v1/dashboards: 503 when the service is not enabled, 502 when it failed. */
export function useDashboards() {
  return useApi<Dashboard[]>(DASHBOARDS_URL, retryServerErrors);
}
