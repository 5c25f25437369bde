// The machine-readable `code` every error body carries beside its `detail` (docs/api-decisions.md, "Error codes"), by
// HTTP status, unless the error names a more precise one. Plain JavaScript: the custom server's
// guard (http-guard.mjs) answers some errors before Next, and lib/http/errors.ts uses the same map.

/** @type {Readonly<Record<number, string>>} */
export const STATUS_ERROR_CODES = Object.freeze({
  400: "bad_request",
  401: "not_authenticated",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  410: "gone",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation_error",
  429: "rate_limited",
  500: "internal_error",
  502: "vendor_error",
  503: "unavailable",
  504: "vendor_timeout",
});

/** Seconds a client waits before trying again when the database could not answer (the API's 503, and a page's). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** The code of a status: its own, or the class's. @param {number} status */
export function errorCodeOf(status) {
  return STATUS_ERROR_CODES[status] ?? (status >= 500 ? "internal_error" : "bad_request");
}

/**
 * An error answered by the custom server itself (its guard, the page policy), in the same shape as
 * the route handlers' (`{"detail", "code"}`).
 * @param {import("node:http").ServerResponse} res @param {number} status @param {string} detail @param {Record<string, string>} [extra]  more headers
 */
export function sendJson(res, status, detail, extra = {}) {
  const body = JSON.stringify({ detail, code: errorCodeOf(status) });
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "Cache-Control": "no-store", ...extra });
  res.end(body);
}
