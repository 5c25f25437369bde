import type { Caller } from "@/lib/auth/caller";
import type { ReadableRoute } from "./route";

/** One read: the hook's URL, the route handler that answers it, and the path's params for a route like `[id]`. */
type Read = readonly [url: string, route: ReadableRoute, params?: Record<string, string>];

/**
 * A page's first data, read on the server by the very route handlers the browser would call, keyed
 * by the URL the page's SWR hooks use (lib/swr/keys.ts): the page renders it at once (no loading
 * state, no layout shift) and SWR starts from it (components/ui/swr-fallback.tsx). An answer other
 * than 200 is left out: the hook then fetches it itself and shows its own error or empty state.
 */
export async function prefetch(caller: Caller, reads: Read[]): Promise<Record<string, unknown>> {
  const answers = await Promise.all(
    reads.map(async ([url, route, params]) => {
      const res = await route.readAs(caller, url, params);
      return res.status === 200 ? ([url, await res.json()] as const) : null;
    }),
  );
  return Object.fromEntries(answers.filter((a) => a !== null));
}
