// A page that failed because the database could not answer is a 503 with Retry-After, as the API's
// answers are (lib/http/errors.ts), not Next's 500. The custom server gives each page request Next
// renders an id in a header of its own (`runTracked`); Next hands the headers of a request whose
// render threw to onRequestError (instrumentation.ts), which notes the id when the cause is the
// database (`noteDatabaseUnavailable`, through lib/db/unavailable.ts); a 500 then written for that
// request goes out as 503. A 500 for any other cause stays a 500. No AsyncLocalStorage: one more
// store would cost every async step of every request.

/** The request's id, set by the server over anything a client sent under that name. */
const HEADER = "x-foyer-request";
/** Seconds a client should wait before trying again (the API's own Retry-After for the database). */
const RETRY_AFTER_SECONDS = "2";

// shared by the server's copy of this module and the one bundled into Next's server code
const KEY = Symbol.for("foyer.database-unavailable");
/** @type {Set<string>} ids of requests whose render failed for the database, until they are answered */
const failed = (/** @type {any} */ (globalThis)[KEY] ??= new Set());
let last = 0;

/**
 * Runs `handle` for a request with an id Next passes on to onRequestError, and turns its 500 into
 * 503 with Retry-After when the database was the cause.
 * @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res @param {() => void} handle
 */
export function runTracked(req, res, handle) {
  const id = String(++last);
  req.headers[HEADER] = id;
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    if (statusCode === 500 && failed.has(id)) {
      statusCode = 503;
      this.statusMessage = "Service Unavailable";
      if (typeof rest[0] === "string") rest.shift();
      if (!this.hasHeader("retry-after")) this.setHeader("Retry-After", RETRY_AFTER_SECONDS);
    }
    return writeHead.call(this, statusCode, ...rest);
  };
  res.once("close", () => failed.delete(id));
  handle();
}

/**
 * Notes that the request with these headers failed for the database (nothing for a request the
 * server did not track). @param {Record<string, string | string[] | undefined> | undefined} headers
 */
export function noteDatabaseUnavailable(headers) {
  const id = headers?.[HEADER];
  if (typeof id === "string") failed.add(id);
}
