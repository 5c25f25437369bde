// The machine-readable `code` every error body carries beside its `detail` (docs/errors.md), by
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

/** The code of a status: its own, or the class's. @param {number} status */
export function errorCodeOf(status) {
  return STATUS_ERROR_CODES[status] ?? (status >= 500 ? "internal_error" : "bad_request");
}
