"use client";
import { SWRConfig } from "swr";

/**
 * The data the server page already read (lib/http/prefetch.ts), keyed by the hooks' URLs: the
 * hooks below start from it instead of a loading state, and do not fetch it again on mount (the
 * page is rendered anew on every visit; changes made here revalidate their keys as before).
 */
export function SwrFallback({ fallback, children }: { fallback: Record<string, unknown>; children: React.ReactNode }) {
  return <SWRConfig value={{ fallback, revalidateIfStale: false }}>{children}</SWRConfig>;
}
