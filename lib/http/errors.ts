import { ZodError, type ZodIssue } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { conflict, DomainError, invalid, notFound, unavailable, type ErrorKind, type FieldError } from "@/lib/errors";
import { logError, type RequestInfo } from "@/lib/log";
import { errorCodeOf } from "@/lib/shared/error-codes.mjs";
import { REFUSED_CLIENT_HEADER } from "@/lib/shared/refusals.mjs";

/**
 * The HTTP answer of each kind of domain error (lib/errors.ts): its status, and the headers the
 * status implies. The only place where a domain error meets a status code.
 */
const HTTP_OF: Record<ErrorKind, { status: number; headers?: Record<string, string> }> = {
  bad_request: { status: 400 },
  unauthenticated: { status: 401, headers: { "WWW-Authenticate": "Bearer" } },
  forbidden: { status: 403 },
  not_found: { status: 404 },
  conflict: { status: 409 },
  unsupported_media: { status: 415 },
  invalid: { status: 422 },
  too_many: { status: 429 },
  upstream: { status: 502 },
  unavailable: { status: 503 },
};

/**
 * An error that is about HTTP itself (a method not allowed, a body too large, a status relayed
 * as is), with a user-facing `detail` and a machine-readable `code` (the status's, unless it names
 * its own: docs/api-decisions.md, "Error codes"). What services refuse is a DomainError.
 */
export class ApiError extends Error {
  readonly code: string;
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extra: { headers?: Record<string, string>; code?: string } = {},
  ) {
    super(detail);
    this.name = "ApiError";
    this.code = extra.code ?? errorCodeOf(status);
  }
}

export function zodIssuesToErrors(issues: readonly ZodIssue[] | ZodError["issues"], prefix: (string | number)[] = []): FieldError[] {
  return issues.map((i) => ({ path: [...prefix, ...i.path].map(String).join("."), message: i.message }));
}

/** An error body: `detail`, then `code` (the status's unless given), then the rest. */
function json(status: number, body: { detail: string; code?: string } & Record<string, unknown>, headers: Record<string, string> = {}) {
  const { detail, code = errorCodeOf(status), ...rest } = body;
  return Response.json({ detail, code, ...rest }, { status, headers });
}

/** A domain error's answer: the status and headers of its kind, its body. */
function domainResponse(err: DomainError): Response {
  const { status, headers } = HTTP_OF[err.kind];
  const body: { detail: string; code: string } & Record<string, unknown> = { detail: err.detail, code: err.code ?? errorCodeOf(status), ...err.body };
  if (err.errors) body.errors = err.errors;
  const all: Record<string, string> = { ...headers };
  if (err.retryAfterSeconds !== undefined) all["Retry-After"] = String(err.retryAfterSeconds);
  if (err.holdClientMs !== undefined) all[REFUSED_CLIENT_HEADER] = String(err.holdClientMs);
  return json(status, body, all);
}

/**
 * What a known failure that is not a DomainError means: zod's (input that breaks a schema), a
 * database constraint that answered for a service that did not check first (its cause logged), a
 * database that cannot answer; null for anything else.
 */
function asDomainError(err: unknown, req?: RequestInfo): DomainError | null {
  if (err instanceof DomainError) return err;
  if (err instanceof ZodError) return invalid(zodIssuesToErrors(err.issues));
  if (err instanceof Prisma.PrismaClientKnownRequestError && ["P2002", "P2025", "P2003"].includes(err.code)) {
    logError("constraint violation answered as a client error", err, req, "warn");
    if (err.code === "P2002") return conflict("This item already exists");
    if (err.code === "P2025") return notFound();
    return invalid([], "A referenced item does not exist");
  }
  if (isDatabaseUnavailable(err)) {
    logError("database unavailable", err, req, "warn");
    return unavailable("The database is temporarily unavailable, please try again shortly");
  }
  return null;
}

/**
 * The one place where anything thrown becomes an HTTP response. A database that cannot answer is a
 * 503 with Retry-After; anything unexpected is a bug: one structured log line (with the request
 * id, which the response repeats) and a fixed 500 without details.
 */
export function errorResponse(err: unknown, req?: RequestInfo): Response {
  if (err instanceof ApiError) return json(err.status, { detail: err.detail, code: err.code }, err.extra.headers);
  const known = asDomainError(err, req);
  if (known) return domainResponse(known);
  const id = logError("unhandled error", err, req);
  return json(500, { detail: "Internal server error" }, { "X-Request-Id": id });
}
