// How a route describes itself: each app/api/**/route.ts has an openapi.ts beside it that says,
// per method, who may call it, the request's schemas (the very zod schemas the handler parses
// with) and the documented answers, or why the route is left out of the document. The helpers
// below are the words those files share. app/api/openapi.json/route-docs.ts lists the files;
// docs/openapi.md says how to add one.
import { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** public: anyone; user: a bearer token or the session cookie; admin: the same, of an admin (403 otherwise). */
/** Who may call: anyone, a signed-in user, an admin, or the grid partner (its own token: docs/sharing.md). */
type Access = "public" | "user" | "admin" | "partner";

/** A JSON answer: one of the named response schemas (lib/openapi/schemas), or a list of one. */
type JsonAnswer = { json: z.ZodType; list?: boolean; description: string; headers?: Record<string, string> };
/** Any other answer: a file, a page, a redirect, nothing. */
type OtherAnswer = { content?: Record<string, { schema?: Record<string, unknown> }>; description: string; headers?: Record<string, string> };
export type Answer = JsonAnswer | OtherAnswer;

export type Param = { schema: z.ZodType; description?: string };

export type RequestBody =
  /** JSON, validated by this schema; `form`: an HTML form body is taken too (OAuth2 password flow) */
  | { json: z.ZodType; form?: boolean; description?: string }
  /** a body that is not JSON (the CSV import) */
  | { content: Record<string, { schema?: Record<string, unknown> }>; description: string };

/** react-admin's json-server list (lib/http/list.ts): the fields `_sort` takes and the schema of its equality filters (lib/validation/list-filters.ts). */
type ListQuery = { sortable: readonly string[]; filters: z.ZodObject };

/** One method of a route, as its openapi.ts describes it. */
export type OperationDoc = {
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  pathParams?: Record<string, Param>;
  /** the query schema the handler parses with (parseQuery), or a list's parameters */
  query?: z.ZodType | ListQuery;
  /** extra query parameters not read through a zod schema */
  queryParams?: Record<string, Param & { required?: boolean }>;
  body?: RequestBody;
  /** the success answers, and any error with a body of its own (the usual ones are added: lib/openapi/document.ts) */
  responses: Record<number, Answer>;
  /** errors this operation answers besides those its access, path and body imply */
  errors?: Record<number, string>;
};

/** An operation of the document: a method of a route, at the contract's path. */
export type Operation = OperationDoc & { method: HttpMethod; path: string };

/** What an openapi.ts exports (default): its route's path and methods, or why the route is not in the document. */
export type RouteDoc = { path: string; operations: Partial<Record<HttpMethod, OperationDoc>> } | { undocumented: string };

/**
 * The description of the route.ts beside it: `path` is the contract's (parameters as {name}, named
 * as the contract names them, which may differ from the folder's [name]); one entry per method
 * the route exports, in the order the document lists them.
 */
export const describeRoute = (path: string, operations: Partial<Record<HttpMethod, OperationDoc>>): RouteDoc => ({ path, operations });

/** A route the document leaves out on purpose, and why (at least a sentence). */
export const notDocumented = (reason: string): RouteDoc => ({ undocumented: reason });

/** What pathId (lib/http/route.ts) takes: up to 9 digits; anything else is a 404. */
const pathIdSchema = z.int().min(0).max(999_999_999);
export const idParam = (what: string): Record<string, Param> => ({ id: { schema: pathIdSchema, description: `the ${what}'s id` } });

export const ok = (json: z.ZodType, description = "OK"): Answer => ({ json, description });
export const created = (json: z.ZodType): Answer => ({ json, description: "Created" });
export const list = (json: z.ZodType, description = "The page, as a JSON array"): Answer => ({
  json,
  list: true,
  description,
  headers: { "X-Total-Count": "the number of items before slicing (_start, _end)" },
});
export const noContent: Answer = { description: "Done: no body" };

/** A CSV request body (the import). */
export const csv = { "text/csv": { schema: { type: "string" } } };
