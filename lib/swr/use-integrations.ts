"use client";
// SWR hooks and calls of the integration screens: the caller's vendor accounts, the consent link,
// unlinking, and the on-demand data samples of the home page (Legrand plants, Linky, Netatmo).
import { useCallback, useEffect, useRef, useState } from "react";
import { mutate } from "swr";
import type { IntegrationView } from "@/lib/serializers/integration";
import { FetchError, send } from "./fetcher";
import { retryServerErrors } from "./retry";
import { useApi } from "./use-api";

const INTEGRATIONS_URL = "/api/integrations";
export type Vendor = "legrand" | "netatmo" | "linky";

/** A sample that takes longer than this is given up, with a message (never a spinner forever). */
const SAMPLE_TIMEOUT_MS = 30_000;

/** GET /api/integrations: the caller's integrations; `fallback` is what the server page already read. */
export function useIntegrations(fallback?: IntegrationView[]) {
  return useApi<{ results: IntegrationView[] }, FetchError>(INTEGRATIONS_URL, {
    ...retryServerErrors,
    fallbackData: fallback ? { results: fallback } : undefined,
    // the server's list is fresh on arrival; a focus or a reconnect refreshes it later
    revalidateOnMount: !fallback,
  });
}

export const revalidateIntegrations = () => mutate(INTEGRATIONS_URL);

/** GET /api/integrations/{vendor}/link: the vendor's consent page for this user. */
export async function fetchConsentLink(vendor: Vendor): Promise<string> {
  const { link } = await getJson<{ link: string }>(`/api/integrations/${vendor}/link`);
  if (!link) throw new Error("The server did not answer a consent link.");
  return link;
}

/** DELETE /api/integrations/{id}: unlinks and forgets the vendor's tokens; `deleteData` also deletes its meters' readings. */
export const unlinkIntegration = (id: number, deleteData = false) =>
  send<void>("DELETE", `${INTEGRATIONS_URL}/${id}${deleteData ? "?delete_data=true" : ""}`);

// --- Samples of each source's data (Variant B home) ---

type IntervalReading = { value: string | number; date: string; interval_length?: string | null; measure_type?: string | null };
export type MeterReading = {
  usage_point_id: string;
  start: string;
  end: string;
  quality?: string | null;
  reading_type?: unknown;
  interval_reading: IntervalReading[];
};
/** What the Linky calls answer: a meter reading, or (vendor failure) `detail` and `results.error`. */
export type LinkyResponse = { detail?: unknown; results?: { meter_reading?: MeterReading; error?: unknown; error_description?: unknown } };
export type LinkyKind = "consumption" | "production";

export const legrandPlantsUrl = () => "/api/legrand/get_plants/hc";
export const netatmoHomesUrl = () => "/api/integrations/netatmo/my/homesdata";
export const linkyUrl = (meter: string, kind: LinkyKind) => `/api/integrations/linky/my/${encodeURIComponent(meter)}/${kind}`;

/** A sample that failed: the body to show as JSON (the server's, or one built from the failure). */
class SampleError extends Error {
  constructor(readonly body: unknown) {
    super("The sample failed");
  }
}

/** Linky sampling: a response with `detail`, or results carrying `error`, is an error. */
export function linkyFailure(body: LinkyResponse): boolean {
  return body.detail !== undefined || (body.results?.error !== undefined && body.results?.error !== null);
}

/**
 * A GET run on demand (a button), not on mount: `run(url)` loads; `data` is the answer of the
 * last run, or `error` its failure as a JSON-able body (one replaces the other). A newer run wins
 * over a slower older one, and a run gives up after 30 s. `isError` tells a 200 answer that is a
 * failure all the same.
 */
export function useSample<T>(isError?: (body: T) => boolean) {
  const [state, setState] = useState<{ data?: T; error?: unknown; isLoading: boolean }>({ isLoading: false });
  const current = useRef<AbortController | null>(null);
  const check = useRef(isError);
  useEffect(() => {
    check.current = isError;
  }, [isError]);

  useEffect(() => () => current.current?.abort(), []);

  const run = useCallback(async (url: string) => {
    current.current?.abort();
    const ctl = new AbortController();
    current.current = ctl;
    const timer = setTimeout(() => ctl.abort(new DOMException("timeout", "TimeoutError")), SAMPLE_TIMEOUT_MS);
    setState((s) => ({ ...s, isLoading: true }));
    try {
      const body = await getJson<T>(url, ctl.signal);
      if (check.current?.(body)) throw new SampleError(body);
      if (current.current === ctl) setState({ data: body, error: undefined, isLoading: false });
    } catch (e) {
      if (current.current !== ctl) return;
      setState({ data: undefined, error: sampleErrorBody(e, ctl.signal), isLoading: false });
    } finally {
      clearTimeout(timer);
    }
  }, []);

  const reset = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setState({ isLoading: false });
  }, []);

  return { ...state, run, reset };
}

function sampleErrorBody(e: unknown, signal: AbortSignal): unknown {
  if (e instanceof SampleError) return e.body;
  if (e instanceof FetchError) return e.body ?? { detail: e.message };
  if (signal.aborted) return { detail: "The vendor took too long to answer. Please try again." };
  return { detail: "The server could not be reached. Check your connection and try again." };
}

/** GET of our own API with the session cookie; a non-2xx answer throws a FetchError with its body. */
async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" }, signal });
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {}
  if (!res.ok) {
    const detail = body && typeof body === "object" && "detail" in body ? String((body as { detail: unknown }).detail) : `Request failed (${res.status})`;
    throw new FetchError(res.status, detail, body);
  }
  return body as T;
}
