import { noteIfDatabaseUnavailable } from "./lib/db/unavailable";

// Runs once when the server starts (Next's instrumentation hook), before the first request: the
// app's own start (lib/server/start.ts), when the Foyer server says the database is ready
// (lib/server/handshake.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const [{ startServerProcess }, { registerWhenReady }] = await Promise.all([import("./lib/server/start"), import("./lib/server/handshake")]);
  await registerWhenReady(startServerProcess);
}

/**
 * Next calls this for an error thrown while it renders a page (or in a route handler, which catch
 * their own): a page that failed because the database could not answer goes out as 503.
 */
export function onRequestError(err: unknown, request: { headers: Record<string, string | string[] | undefined> }): void {
  noteIfDatabaseUnavailable(err, request.headers);
}
