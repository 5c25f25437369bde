// The errors services throw: what went wrong in the domain's words (a kind, a sentence for people,
// a precise machine code), never an HTTP status. lib/http/errors.ts (errorResponse) maps each kind
// to its status and headers, in one table; nothing here imports lib/http.
import { DATABASE_RETRY_AFTER_SECONDS } from "@/lib/shared/error-codes.mjs";

/**
 * What went wrong:
 * - `bad_request`: the request cannot be acted on as sent (a wrong current password, an expired token, a body that is not JSON);
 * - `invalid`: input that breaks a rule, usually named field by field (`errors`);
 * - `unauthenticated`: no valid credentials; `forbidden`: the caller may not do this;
 * - `not_found`: no such item (or not the caller's); `conflict`: the item's state forbids it now (a duplicate, not ready yet);
 * - `unsupported_media`: a body of a type this operation does not read;
 * - `too_many`: a rate limit refused it (`retryAfterSeconds`);
 * - `upstream`: a service we depend on (a vendor, Grafana) failed;
 * - `unavailable`: we cannot answer now (the database, overload, a feature not configured); may say when to retry.
 */
export type ErrorKind =
  | "bad_request"
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "unsupported_media"
  | "too_many"
  | "upstream"
  | "unavailable";

export type FieldError = { path: string; message: string };

type DomainErrorOptions = {
  /** A machine-readable code more precise than the kind's (docs/api-decisions.md, "Error codes"). */
  code?: string;
  /** The fields at fault, each with its message. */
  errors?: FieldError[];
  /** More fields of the answer, after `detail` and `code` (a vendor's own error under `results`, a file's `line`). */
  body?: Record<string, unknown>;
  /** Seconds after which trying again may succeed. */
  retryAfterSeconds?: number;
  /**
   * `too_many` from a limit on the client's address: for how many milliseconds every request of
   * this client to this endpoint is refused anyway (the server in front then answers them itself:
   * server/refusals.ts).
   */
  holdClientMs?: number;
};

/** An error with a user-facing `detail`; the HTTP layer turns it into the contract's JSON body. */
export class DomainError extends Error {
  readonly code?: string;
  readonly errors?: FieldError[];
  readonly body?: Record<string, unknown>;
  readonly retryAfterSeconds?: number;
  readonly holdClientMs?: number;
  constructor(
    readonly kind: ErrorKind,
    readonly detail: string,
    options: DomainErrorOptions = {},
  ) {
    super(detail);
    this.name = "DomainError";
    this.code = options.code;
    this.errors = options.errors;
    this.body = options.body;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.holdClientMs = options.holdClientMs;
  }
}

/** True for a DomainError, of `kind` when given. */
export function isDomainError(err: unknown, kind?: ErrorKind): err is DomainError {
  return err instanceof DomainError && (kind === undefined || err.kind === kind);
}

export const badRequest = (detail: string, code?: string) => new DomainError("bad_request", detail, { code });
export const unauthenticated = (detail = "Could not validate credentials", code?: string) => new DomainError("unauthenticated", detail, { code });
export const forbidden = (detail = "Not enough permissions", code?: string) => new DomainError("forbidden", detail, { code });
export const notFound = (what = "Item") => new DomainError("not_found", `${what} not found`);
export const conflict = (detail: string, code?: string) => new DomainError("conflict", detail, { code });
/** We cannot answer now (database unavailable, overloaded); the client may retry after `retryAfterSeconds`. */
export const unavailable = (detail = "The service is temporarily unavailable, please try again shortly", retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS) =>
  new DomainError("unavailable", detail, { retryAfterSeconds });

/** Invalid input with one or more field errors; `detail` defaults to the first message. */
export function invalid(errors: FieldError[], detail?: string) {
  return new DomainError("invalid", detail ?? errors[0]?.message ?? "Invalid input", { errors });
}
