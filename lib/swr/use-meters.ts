"use client";
// The caller's Linky meters and their history sync, refreshed every 2 s while a sync is under way.
import { mutate } from "swr";
import type { MeterView } from "@/lib/serializers/meter";
import { FetchError, send } from "./fetcher";
import { retryServerErrors } from "./retry";
import { useApi } from "./use-api";
import { METERS_URL } from "./keys";

export { METERS_URL };

const BUSY = new Set(["queued", "running"]);

export function useMeters() {
  return useApi<MeterView[], FetchError>(METERS_URL, {
    ...retryServerErrors,
    refreshInterval: (data) => (data?.some((m) => BUSY.has(m.sync.state)) ? 2000 : 0),
  });
}

/** POST /api/v1/meters/{id}/sync: "Sync now" (a catch-up is queued, never a second one). */
export async function syncMeterNow(id: number) {
  const updated = await send<MeterView>("POST", `${METERS_URL}/${id}/sync`);
  await mutate(METERS_URL);
  return updated;
}
