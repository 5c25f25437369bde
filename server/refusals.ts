// Refusals answered before Next (server/main.mts). When the app refuses a request because the
// client's own limit is full (lib/services/rate-limit: a `-client` bucket), its 429 carries
// REFUSED_CLIENT_HEADER with how long the refusal holds (at most 2 s, as the app's own memory of
// it). The server strips that header and, until then, answers the same client's requests to the
// same method and path with the same 429 itself. A flood of refused attempts (30 clients posting
// wrong reset tokens as fast as they can) otherwise went through Next's router, the route and the
// body parser each time: an ordinary `GET /api/v1/users/me` beside it went from p50 11 ms to 226 ms.
// The client is the TCP peer with the X-Forwarded-For it sent: behind a proxy each visitor keeps a
// key of its own; a client that changes that header at each request only misses this shortcut
// (the app then refuses it from its own memory, as before).
import type http from "node:http";
import { REFUSED_CLIENT_HEADER, TOO_MANY_ATTEMPTS } from "@/lib/shared/refusals.mjs";
import { sendJson } from "@/lib/shared/error-codes.mjs";

/** Keys held at most; past it the oldest go first (a refusal forgotten only costs a trip to the app). */
const MAX_KEYS = 10_000;
/** The longest a refusal is held here, whatever the app says. */
const MAX_HOLD_MS = 5_000;

export function createRefusals({ now = () => Date.now() } = {}) {
  /** key → { until: when the refusal here ends, retryAt: when the app said to try again } */
  const held = new Map<string, { until: number; retryAt: number }>();
  const keyOf = (req: http.IncomingMessage) => `${req.method} ${req.url?.split("?")[0]} ${req.socket.remoteAddress ?? ""} ${req.headers["x-forwarded-for"] ?? ""}`;

  /**
   * Answers `req` with the 429 it earned (true), or lets it through (false), watching its answer
   * for the app's header. Only writes (POST) are concerned: the limited paths are all POSTs.
   */
  return function refused(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (req.method !== "POST") return false;
    const key = keyOf(req);
    const entry = held.get(key);
    if (entry) {
      const t = now();
      if (entry.until > t) {
        // the Retry-After the app gave, counted down (a body the client is still sending is dropped)
        sendJson(res, 429, TOO_MANY_ATTEMPTS, { "Retry-After": String(Math.max(1, Math.ceil((entry.retryAt - t) / 1000))) });
        return true;
      }
      held.delete(key);
    }
    // what the app answers: the hold it names, and its Retry-After, in whichever order it sets them
    let hold = 0;
    let retryAfterSeconds = 1;
    const note = () => {
      if (!(hold > 0)) return;
      const t = now();
      held.delete(key);
      if (held.size >= MAX_KEYS) held.delete(held.keys().next().value!);
      held.set(key, { until: t + Math.min(hold, MAX_HOLD_MS), retryAt: t + retryAfterSeconds * 1000 });
    };
    for (const method of ["setHeader", "appendHeader"] as const) {
      const original = res[method] as (this: http.ServerResponse, name: string, value: unknown) => http.ServerResponse;
      res[method] = function (this: http.ServerResponse, name: string, value: number | string | readonly string[]) {
        const lower = String(name).toLowerCase();
        if (lower === REFUSED_CLIENT_HEADER) {
          hold = Number(value);
          note();
          return this;
        }
        if (lower === "retry-after" && /^\d+$/.test(String(value))) {
          retryAfterSeconds = Math.max(1, Number(value));
          note();
        }
        return original.call(this, name, value);
      } as http.ServerResponse[typeof method];
    }
    return false;
  };
}
