// Request bodies larger than the global MAX_BODY_BYTES (1 MiB), per API path, in one place: the
// custom server's guard (http-guard.mjs) lets them through, and the route reads at most this much
// (lib/http/body-stream.ts). Plain ESM without imports, so that both sides can load it.

const MiB = 1024 * 1024;

/**
 * The Enedis customer-area CSV import (docs/data-rights.md, "Import"): ten years of a 30-minute
 * load curve are about 175,000 lines, 6 MB; 20 MB leaves room for the one-row-per-value layout
 * (about 110 bytes a line, 19 MB for ten years). Streamed and parsed as it arrives.
 */
export const IMPORT_MAX_BODY_BYTES = 20 * MiB;

/** @type {Readonly<Record<string, number>>} */
const ROUTE_MAX_BODY_BYTES = Object.freeze({
  "/api/v1/meters/import": IMPORT_MAX_BODY_BYTES,
  "/api/v1/meters/import/preview": IMPORT_MAX_BODY_BYTES,
  // Enedis' ACC data of the operation (docs/community.md): a month of about 100 meters at 30
  // minutes, three series each, or daily values for thousands
  "/api/v1/community/acc_imports": IMPORT_MAX_BODY_BYTES,
});

/**
 * The body limit at `pathname`: its own when it has one larger than `fallback` (the global limit),
 * else `fallback`.
 * @param {string} pathname
 * @param {number} fallback
 */
export function maxBodyBytesFor(pathname, fallback) {
  const own = Object.hasOwn(ROUTE_MAX_BODY_BYTES, pathname) ? ROUTE_MAX_BODY_BYTES[pathname] : 0;
  return own > fallback ? own : fallback;
}
