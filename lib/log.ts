// Structured logs: one JSON line per event, so that a bug or an outage is one line to find.
import crypto from "node:crypto";

export type RequestInfo = { id?: string; method?: string; path?: string };

/** A short random id for a request (repeated in its X-Request-Id when it fails). */
export const newRequestId = () => crypto.randomBytes(8).toString("hex");

function describe(err: unknown) {
  if (!(err instanceof Error)) return { error: String(err) };
  const e = err as Error & { code?: unknown };
  const cause = e.cause instanceof Error ? e.cause.message : undefined;
  return {
    error: e.name,
    message: e.message.replace(/\s+/g, " ").slice(0, 500),
    code: typeof e.code === "string" ? e.code : undefined,
    cause,
    stack: e.stack?.split("\n").slice(1, 6).map((l) => l.trim()).join(" | "),
  };
}

/** Logs one line for a failed request and returns the request id it carries. */
export function logError(event: string, err: unknown, req: RequestInfo = {}, level: "error" | "warn" = "error"): string {
  const id = req.id ?? newRequestId();
  const line = JSON.stringify({ level, time: new Date().toISOString(), event, requestId: id, method: req.method, path: req.path, ...describe(err) });
  if (level === "error") console.error(line);
  else console.warn(line);
  return id;
}
