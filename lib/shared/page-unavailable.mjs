// A page that failed because the database could not answer is a 503 with Retry-After, as the API's
// answers are (lib/http/errors.ts), not Next's 500. The custom server gives each page request Next
// renders an id in a header of its own (`runTracked`); Next hands the headers of a request whose
// render threw to onRequestError (instrumentation.ts), which notes the id when the cause is the
// database (`noteDatabaseUnavailable`, through lib/db/unavailable.ts); a 500 then written for that
// request goes out as 503. A 500 for any other cause stays a 500. No AsyncLocalStorage: one more
// store would cost every async step of every request.
import { DATABASE_RETRY_AFTER_SECONDS } from "./error-codes.mjs";

/** The request's id, set by the server over anything a client sent under that name. */
const HEADER = "x-foyer-request";

// shared by the server's copy of this module and the one bundled into Next's server code
const KEY = Symbol.for("foyer.database-unavailable");
/** @type {{ live: Set<string>, failed: Set<string> }} ids of requests not yet closed, and of those whose render failed for the database */
const ids = (/** @type {any} */ (globalThis)[KEY] ??= { live: new Set(), failed: new Set() });
let last = 0;

/**
 * Runs `handle` for a request with an id Next passes on to onRequestError, and turns its 500 into
 * 503 with Retry-After when the database was the cause.
 * @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res @param {() => void} handle
 */
export function runTracked(req, res, handle) {
  const id = String(++last);
  req.headers[HEADER] = id;
  ids.live.add(id);
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    if (statusCode === 500 && ids.failed.has(id)) {
      statusCode = 503;
      this.statusMessage = "Service Unavailable";
      if (typeof rest[0] === "string") rest.shift();
      if (!this.hasHeader("retry-after")) this.setHeader("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    }
    return writeHead.call(this, statusCode, ...rest);
  };
  res.once("close", () => {
    ids.live.delete(id);
    ids.failed.delete(id);
  });
  handle();
}

/**
 * Notes that the request with these headers failed for the database: nothing for a request the
 * server did not track or has already closed (a visitor who left while the query waited; Next
 * goes on rendering), so nothing stays behind.
 * @param {Record<string, string | string[] | undefined> | undefined} headers
 */
export function noteDatabaseUnavailable(headers) {
  const id = headers?.[HEADER];
  if (typeof id === "string" && ids.live.has(id)) ids.failed.add(id);
}

/** The header's name, which the server's guard removes from every request a client sends. */
export const REQUEST_ID_HEADER = HEADER;
