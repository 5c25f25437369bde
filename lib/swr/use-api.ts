"use client";
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from "swr";
import { fetcher } from "./fetcher";

/**
 * useSWR on our API: GET `key` with the session cookie (fetcher), no new read when the window gets
 * the focus back. Every hook says so itself rather than through a root SWRConfig, so that a page
 * that reads nothing (login, signup, the landing page) loads none of SWR.
 *
 * A `refreshInterval` function is asked with the data shown: SWR asks it with its cache alone,
 * which holds nothing before a first fetch, so a state under way that the server page served
 * (components/ui/swr-fallback.tsx, or `fallbackData`) would never be polled.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- useSWR's own default error type
export function useApi<Data, Error = any>(key: string | null, config?: SWRConfiguration<Data, Error>): SWRResponse<Data, Error> {
  const served = useSWRConfig().fallback;
  const interval = config?.refreshInterval;
  const refreshInterval =
    typeof interval === "function" && key ? (data?: Data) => interval(data ?? ((config?.fallbackData ?? served[key]) as Data | undefined)) : interval;
  return useSWR<Data, Error>(key, fetcher<Data>, { revalidateOnFocus: false, ...config, refreshInterval });
}
