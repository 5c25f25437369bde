// Which errors mean "the database cannot serve this request now" (down, frozen, overloaded), so
// that the API answers 503 with Retry-After instead of 500. One place, used by errorResponse and,
// for pages, by Next's onRequestError (instrumentation.ts).
import { noteDatabaseUnavailable } from "@/lib/shared/page-unavailable.mjs";

/** Prisma's codes for a database that cannot be reached or did not answer in time. */
const PRISMA_CODES = new Set([
  "P1001", // can't reach the database server
  "P1002", // the server was reached but timed out
  "P1008", // operations timed out
  "P1017", // the server closed the connection
  "P2024", // timed out fetching a connection from the pool
  "P2028", // transaction API: e.g. unable to start a transaction in the given time
  "P2034", // write conflict or deadlock: try again
]);

/** Driver adapter error kinds (@prisma/driver-adapter-utils) that are about availability. */
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "TlsConnectionError",
  "TransactionWriteConflict",
  "TransactionAlreadyClosed",
]);

/**
 * PostgreSQL SQLSTATEs: connection exceptions (08), insufficient resources (53), operator
 * intervention (57P01-57P05: shutdown, crash, cannot connect now), statement or lock timeout
 * (57014, 55P03), serialization failure and deadlock (40001, 40P01).
 */
const SQLSTATE = /^(08|53|57P0)|^(57014|55P03|40001|40P01)$/;

/** node-postgres errors without a code: pool acquire timeout, client timeouts, dropped sockets. */
const PG_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection timeout|Client has encountered a connection error|Client was closed|terminating connection|the database system is (starting up|shutting down|in recovery mode)|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE/i;

type Loose = { code?: unknown; kind?: unknown; message?: unknown; meta?: { driverAdapterError?: { cause?: Loose } }; cause?: unknown };

/** True when `err` (or anything it wraps) says the database is unavailable rather than the request wrong. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const e = err as Loose;
  if (typeof e.code === "string" && (PRISMA_CODES.has(e.code) || SQLSTATE.test(e.code))) return true;
  if (typeof e.kind === "string") {
    if (ADAPTER_KINDS.has(e.kind)) return true;
  }
  const adapterCause = e.meta?.driverAdapterError?.cause;
  if (adapterCause && isDatabaseUnavailable(adapterCause, depth + 1)) return true;
  if (typeof e.message === "string" && PG_MESSAGES.test(e.message)) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * For a request whose render failed (its headers as Next gives them to onRequestError): when the
 * cause is the database, the custom server sends its 500 as 503 with Retry-After
 * (lib/shared/page-unavailable.mjs).
 */
export function noteIfDatabaseUnavailable(err: unknown, headers: Record<string, string | string[] | undefined> | undefined): void {
  if (isDatabaseUnavailable(err)) noteDatabaseUnavailable(headers);
}
