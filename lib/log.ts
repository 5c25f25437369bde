// Structured logs: one JSON line per event, so that a bug or an outage is one line to find.
import crypto from "node:crypto";

export type RequestInfo = { id?: string; method?: string; path?: string };

/** A short random id for a request (repeated in its X-Request-Id when it fails). */
export const newRequestId = () => crypto.randomBytes(8).toString("hex");

/** The reason in an error message: Prisma puts it on the last line, after the code it quotes. */
const reason = (message: string) =>
  (message.split("\n").map((l) => l.trim()).filter(Boolean).pop() ?? "").slice(0, 500);

function describe(err: unknown, withStack: boolean) {
  if (!(err instanceof Error)) return { error: String(err).slice(0, 500) };
  const e = err as Error & { code?: unknown };
  return {
    error: e.name,
    message: reason(e.message),
    code: typeof e.code === "string" ? e.code : undefined,
    cause: e.cause instanceof Error ? reason(e.cause.message) : undefined,
    stack: withStack ? e.stack?.split("\n").slice(1, 8).map((l) => l.trim()).join(" | ") : undefined,
  };
}

/** Logs one line for a failed request and returns the request id it carries. */
export function logError(event: string, err: unknown, req: RequestInfo = {}, level: "error" | "warn" = "error"): string {
  const id = req.id ?? newRequestId();
  const line = JSON.stringify({ level, time: new Date().toISOString(), event, requestId: id, method: req.method, path: req.path, ...describe(err, level === "error") });
  if (level === "error") console.error(line);
  else console.warn(line);
  return id;
}

/**
 * One line for an event worth keeping (an account deleted, an integration unlinked). `fields`
 * must hold no personal data: ids and counts, never an e-mail, a name or a token.
 */
export function logInfo(fields: Record<string, string | number | boolean | null | undefined>): void {
  console.info(JSON.stringify({ level: "info", time: new Date().toISOString(), ...fields }));
}

/** As logInfo, for something that went wrong without failing the request (a vendor that did not answer). */
export function logWarn(fields: Record<string, string | number | boolean | null | undefined>): void {
  console.warn(JSON.stringify({ level: "warn", time: new Date().toISOString(), ...fields }));
}
