import { noteIfDatabaseUnavailable } from "./lib/db/unavailable";

// Runs once when the server starts (Next's instrumentation hook), before the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServerProcess } = await import("./lib/server/start");
  await startServerProcess();
}

/**
 * Next calls this for an error thrown while it renders a page (or in a route handler, which catch
 * their own): a page that failed because the database could not answer goes out as 503.
 */
export function onRequestError(err: unknown, request: { headers: Record<string, string | string[] | undefined> }): void {
  noteIfDatabaseUnavailable(err, request.headers);
}
