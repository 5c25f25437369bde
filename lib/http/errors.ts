import { ZodError, type ZodIssue } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { logError, type RequestInfo } from "@/lib/log";
import { DATABASE_RETRY_AFTER_SECONDS, errorCodeOf } from "@/lib/shared/error-codes.mjs";

export type FieldError = { path: string; message: string };

/**
 * An error with a user-facing `detail` and a machine-readable `code` (the status's, unless it
 * names its own: docs/api-decisions.md, "Error codes"); route wrappers turn it into the contract's JSON body.
 */
export class ApiError extends Error {
  readonly code: string;
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string>; body?: Record<string, unknown>; code?: string } = {},
  ) {
    super(detail);
    this.name = "ApiError";
    this.code = extra.code ?? errorCodeOf(status);
  }
}

export const badRequest = (detail: string, code?: string) => new ApiError(400, detail, { code });
export const unauthorized = (detail = "Could not validate credentials") =>
  new ApiError(401, detail, { headers: { "WWW-Authenticate": "Bearer" } });
export const forbidden = (detail = "Not enough permissions", code?: string) => new ApiError(403, detail, { code });
export const notFound = (what = "Item") => new ApiError(404, `${what} not found`);
export const conflict = (detail: string, code?: string) => new ApiError(409, detail, { code });
/** 503: the service cannot answer now (database unavailable, overloaded); the client may retry. */
export const unavailable = (detail = "The service is temporarily unavailable, please try again shortly", retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS) =>
  new ApiError(503, detail, { headers: { "Retry-After": String(retryAfterSeconds) } });

/** 422 with one or more field errors; `detail` defaults to the first message. */
export function unprocessable(errors: FieldError[], detail?: string) {
  return new ApiError(422, detail ?? errors[0]?.message ?? "Invalid input", { errors });
}

export function zodIssuesToErrors(issues: readonly ZodIssue[] | ZodError["issues"], prefix: (string | number)[] = []): FieldError[] {
  return issues.map((i) => ({ path: [...prefix, ...i.path].map(String).join("."), message: i.message }));
}

/** An error body: `detail`, then `code` (the status's unless given), then the rest. */
function json(status: number, body: { detail: string; code?: string } & Record<string, unknown>, headers: Record<string, string> = {}) {
  const { detail, code = errorCodeOf(status), ...rest } = body;
  return Response.json({ detail, code, ...rest }, { status, headers });
}

/**
 * The one place where anything thrown becomes an HTTP response. A database that cannot answer is a
 * 503 with Retry-After; anything unexpected is a bug: one structured log line (with the request
 * id, which the response repeats) and a fixed 500 without details.
 */
export function errorResponse(err: unknown, req?: RequestInfo): Response {
  if (err instanceof ApiError) {
    const body: { detail: string; code: string } & Record<string, unknown> = { detail: err.detail, code: err.code, ...err.extra.body };
    if (err.extra.errors) body.errors = err.extra.errors;
    return json(err.status, body, err.extra.headers);
  }
  if (err instanceof ZodError) {
    const errors = zodIssuesToErrors(err.issues);
    return json(422, { detail: errors[0]?.message ?? "Invalid input", errors });
  }
  if (err instanceof Prisma.PrismaClientKnownRequestError && ["P2002", "P2025", "P2003"].includes(err.code)) {
    // a constraint answered for a service that did not check first: the cause is logged
    logError("constraint violation answered as a client error", err, req, "warn");
    if (err.code === "P2002") return json(409, { detail: "This item already exists" });
    if (err.code === "P2025") return json(404, { detail: "Item not found" });
    return json(422, { detail: "A referenced item does not exist", errors: [] });
  }
  if (isDatabaseUnavailable(err)) {
    logError("database unavailable", err, req, "warn");
    return errorResponse(unavailable("The database is temporarily unavailable, please try again shortly"));
  }
  const id = logError("unhandled error", err, req);
  return json(500, { detail: "Internal server error" }, { "X-Request-Id": id });
}

/** True for PostgreSQL's unique violation, as Prisma reports it. */
export function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";
}
