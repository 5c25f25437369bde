"use client";
// The household's devices together (docs/telemetry.md): Home's Now card and its devices needing
// attention (GET /api/v1/energy/now), and My Energy's "Where your energy went" (GET
// /api/v1/energy/breakdown). A device's own page reads its telemetry elsewhere.
import type { SWRConfiguration } from "swr";
// the answers' types come from the API's serializers (type-only imports: no server code reaches the browser)
import type { toBreakdownView, toNowView } from "@/lib/serializers/telemetry";
import { FetchError } from "./fetcher";
import { retryServerErrors } from "./retry";
import { useApi } from "./use-api";
import { ENERGY_NOW_URL } from "./keys";

export type EnergyNow = ReturnType<typeof toNowView>;
export type NowConsumer = EnergyNow["consumers"][number];
export type NowAttention = EnergyNow["attention"][number];
export type EnergyBreakdown = ReturnType<typeof toBreakdownView>;

/** The Now card's polling: every 5 s, not while the tab is hidden (SWR's refreshWhenHidden stays false). */
const NOW_REFRESH_MS = 5000;

/**
 * A live card keeps trying after a server error or a lost connection (SWR stops polling while the
 * key holds an error): after 5, 10, 20 then every 30 s, and only while the page is seen. A 4xx (the
 * session ended) stays as it is.
 */
const retryWhileSeen: SWRConfiguration = {
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    if (error instanceof FetchError && error.status < 500) return;
    const wait = Math.min(30_000, NOW_REFRESH_MS * 2 ** (retryCount - 1));
    const attempt = () => (document.visibilityState === "hidden" ? setTimeout(attempt, NOW_REFRESH_MS) : revalidate({ retryCount }));
    setTimeout(attempt, wait);
  },
};

/**
 * GET /api/v1/energy/now. `enabled` false reads nothing (a household without devices on MQTT);
 * `poll` refreshes it every 5 s (the Now card; Home's attention list reads the same answer without
 * polling it a second time).
 */
export function useEnergyNow(enabled: boolean, poll: boolean) {
  // no polling once the answer says the household has no device on MQTT (the card is gone)
  return useApi<EnergyNow, FetchError>(enabled ? ENERGY_NOW_URL : null, poll ? { ...retryWhileSeen, refreshInterval: (d) => (d && !d.devices.length ? 0 : NOW_REFRESH_MS) } : retryServerErrors);
}

/** The breakdown's query: local days, both included (at most 366); the bucket follows the range (hours up to 2 days). */
export type BreakdownRange = { from: string; to: string };

const breakdownUrl = (r: BreakdownRange) => `/api/v1/energy/breakdown?${new URLSearchParams({ from: r.from, to: r.to })}`;

/** GET /api/v1/energy/breakdown; the previous period's stays on screen while the next one loads. */
export function useEnergyBreakdown(range: BreakdownRange | null) {
  return useApi<EnergyBreakdown, FetchError>(range ? breakdownUrl(range) : null, { ...retryServerErrors, keepPreviousData: true });
}
