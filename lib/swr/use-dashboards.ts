"use client";
// SWR hook of the dashboards page: the production dashboards the server found on the dashboard service.
import useSWR from "swr";
import { retryServerErrors } from "./retry";
import type { Dashboard } from "@/lib/dashboards/list";

const DASHBOARDS_URL = "/api/v1/dashboards";

/** GET /api/v1/dashboards: 503 when the service is not enabled, 502 when it failed. */
export function useDashboards() {
  return useSWR<Dashboard[]>(DASHBOARDS_URL, retryServerErrors);
}
