// The server's own settings: each variable's rule, once. The server (server/main.mts) reads them
// with these functions when it starts; lib/env.ts declares every one in its zod schema and checks
// it with the same function, so the configuration check at start and the server never disagree.
// Plain JavaScript without zod: the server's bundle would load zod before anything else (about
// 90 ms on these machines, a tenth of a start), which the app's code, bundled by Next, has anyway.

/** @typedef {Record<string, string | undefined>} Env */

/**
 * A whole number between `min` and `max` from `name`, or `fallback` when it is unset or blank;
 * throws a message naming the variable otherwise.
 * @param {Env} env @param {string} name @param {number} fallback @param {number} min @param {number} max @param {string} what
 */
function wholeNumber(env, name, fallback, min, max, what) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new Error(`${name} must be ${what} (got "${env[name]}")`);
  return Number(raw);
}

/** PORT: where the server listens (default 3000). @param {Env} env */
export const portFrom = (env) => wholeNumber(env, "PORT", 3000, 1, 65535, "a port number from 1 to 65535");

/** EMBEDDED_PG_PORT: the embedded PostgreSQL's port (default 54329; 0 picks a free one). @param {Env} env */
export const embeddedPgPortFrom = (env) => wholeNumber(env, "EMBEDDED_PG_PORT", 54329, 0, 65535, "a port number from 0 to 65535");

/** MAX_BODY_BYTES: the largest request body, in bytes (default 1 MiB). @param {Env} env */
export const maxBodyBytesFrom = (env) => wholeNumber(env, "MAX_BODY_BYTES", 1024 * 1024, 1, Number.MAX_SAFE_INTEGER, "a positive number of bytes");

/** BROTLI_QUALITY: brotli's quality for what is compressed per answer (0-11, default 5). @param {Env} env */
export const brotliQualityFrom = (env) => wholeNumber(env, "BROTLI_QUALITY", 5, 0, 11, "a whole number from 0 to 11");

/** Serving processes when FOYER_PROCESSES is unset: one per core, at most this many. */
const MAX_DEFAULT_PROCESSES = 4;

/**
 * FOYER_PROCESSES: serving processes, a whole number from 1 to 64; by default one per core (`cores`)
 * up to 4; always 1 in development.
 * @param {Env} env @param {boolean} dev @param {number} cores
 */
export function processesFrom(env, dev, cores) {
  const n = wholeNumber(env, "FOYER_PROCESSES", Math.max(1, Math.min(cores, MAX_DEFAULT_PROCESSES)), 1, 64, "a whole number from 1 to 64");
  return dev ? 1 : n;
}

/** A yes/no setting: true, false, 1, 0, yes, no (any case), else `fallback` when unset. @param {Env} env @param {string} name @param {boolean} fallback */
export function flagFrom(env, name, fallback) {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (["true", "1", "yes"].includes(raw)) return true;
  if (["false", "0", "no"].includes(raw)) return false;
  throw new Error(`${name} must be true or false (got "${env[name]}")`);
}

/** Secrets that must never reach production unchanged (SECRET_KEY's placeholders in .env.example and the docs). */
const PLACEHOLDER = /^(changethis|change-me|secret|please-change)/i;

/**
 * What is wrong with SECRET_KEY for a production server on a database of its own (not the
 * embedded one, whose secret is generated): null when nothing is.
 * @param {string | undefined} value
 */
export function secretKeyProblem(value) {
  if (!value || value.length < 32) return "SECRET_KEY must be at least 32 characters: set a random secret (e.g. `openssl rand -base64 48`)";
  if (PLACEHOLDER.test(value)) return "SECRET_KEY is a placeholder: set a random secret of at least 32 characters (e.g. `openssl rand -base64 48`)";
  return null;
}
