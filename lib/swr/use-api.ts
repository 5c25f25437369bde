"use client";
import useSWR, { type SWRConfiguration, type SWRResponse } from "swr";
import { fetcher } from "./fetcher";

/**
 * useSWR on our API: GET `key` with the session cookie (fetcher), no new read when the window gets
 * the focus back. Every hook says so itself rather than through a root SWRConfig, so that a page
 * that reads nothing (login, signup, the landing page) loads none of SWR.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- useSWR's own default error type
export function useApi<Data, Error = any>(key: string | null, config?: SWRConfiguration<Data, Error>): SWRResponse<Data, Error> {
  return useSWR<Data, Error>(key, fetcher<Data>, { revalidateOnFocus: false, ...config });
}
