"use client";
// SWR hooks of a device's live telemetry (API.md, "Live telemetry (MQTT)"): its MQTT access (what
// to type into the device), its latest readings, polled every 5 s, and its power series, every
// 60 s. Both polls stop while the tab is hidden (SWR's refreshWhenHidden, said here on purpose).
import useSWR, { mutate } from "swr";
// the answers' types come from the API's serializers (type-only imports: no server code reaches the browser)
import type { toLiveView, toMqttView, toSeriesView } from "@/lib/serializers/telemetry";
import type { TelemetryFormat } from "@/lib/telemetry/formats/types";
import { fetcher, send, type FetchError } from "./fetcher";
import { deviceInfoUrl, deviceLiveUrl, deviceMqttUrl } from "./keys";
import { retryServerErrors, retryWhileSeen } from "./retry";
import { useApi } from "./use-api";

export type MqttView = ReturnType<typeof toMqttView>;
export type LiveView = ReturnType<typeof toLiveView>;
export type LiveMeasurement = LiveView["measurements"][number];
export type SeriesView = ReturnType<typeof toSeriesView>;
export type MqttPassword = { username: string; password: string };

const LIVE_REFRESH_MS = 5_000;
const SERIES_REFRESH_MS = 60_000;
/** while the chart has no point yet (a device just connected): its first minutes show sooner */
const EMPTY_SERIES_REFRESH_MS = 10_000;

/** GET /api/v1/device_info/{id}/mqtt */
export function useDeviceMqtt(id: number) {
  return useApi<MqttView, FetchError>(deviceMqttUrl(id), retryServerErrors);
}

/** GET /api/v1/device_info/{id}/live, again every 5 s while the page is shown (and after a failure, while it is). */
export function useDeviceLive(id: number) {
  return useApi<LiveView, FetchError>(deviceLiveUrl(id), { ...retryWhileSeen, refreshInterval: LIVE_REFRESH_MS, refreshWhenHidden: false, refreshWhenOffline: false });
}

/** The chart's periods: how far back, and the step of its points. */
export const SERIES_WINDOWS = {
  "6h": { ms: 6 * 3_600_000, step: "1m", stepMs: 60_000 },
  "7d": { ms: 7 * 86_400_000, step: "15m", stepMs: 15 * 60_000 },
} as const;
export type SeriesWindow = keyof typeof SERIES_WINDOWS;

/** [start, end) of a period at `now` (ms): up to the end of the step under way, so that its point shows as it fills. */
export function seriesRange(period: SeriesWindow, now: number): { start: number; end: number; stepMs: number } {
  const { ms, stepMs } = SERIES_WINDOWS[period];
  const end = Math.floor(now / stepMs) * stepMs + stepMs;
  return { start: end - ms, end, stepMs };
}

export type SeriesData = ReturnType<typeof seriesRange> & { view: SeriesView };

/**
 * GET /api/v1/device_info/{id}/series over the last 6 hours or 7 days, again every 60 s while the
 * page is shown. The period moves with the clock, so the URL is made at each read: the key names
 * the period (and starts as the device's URLs do, for revalidateDevices), not its times.
 */
export function useDeviceSeries(id: number, period: SeriesWindow) {
  return useSWR<SeriesData, FetchError>(
    `${deviceInfoUrl(id)}/series?last=${period}`,
    async () => {
      const range = seriesRange(period, Date.now());
      const q = new URLSearchParams({ start: new Date(range.start).toISOString(), end: new Date(range.end).toISOString(), step: SERIES_WINDOWS[period].step });
      return { ...range, view: await fetcher<SeriesView>(`${deviceInfoUrl(id)}/series?${q}`) };
    },
    {
      ...retryWhileSeen,
      refreshInterval: (data) => (data?.view.measurements.some((m) => m.points.length) ? SERIES_REFRESH_MS : EMPTY_SERIES_REFRESH_MS),
      refreshWhenHidden: false,
      refreshWhenOffline: false,
      revalidateOnFocus: false,
    },
  );
}

/** PUT /api/v1/device_info/{id}/mqtt: the view is the answer. */
export async function saveDeviceMqtt(id: number, body: { topic_prefix?: string; format?: TelemetryFormat }) {
  const view = await send<MqttView>("PUT", deviceMqttUrl(id), body);
  await mutate(deviceMqttUrl(id), view, { revalidate: false });
  return view;
}

/** POST /api/v1/device_info/{id}/mqtt/password: the new password, to show this once. */
export async function makeMqttPassword(id: number) {
  const made = await send<MqttPassword>("POST", `${deviceMqttUrl(id)}/password`);
  await mutate(deviceMqttUrl(id));
  return made;
}
