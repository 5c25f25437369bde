// The shape of the route list (lib/openapi/routes.ts): per path and method, who may call it, the
// request's schemas (the very zod schemas the handler parses with) and the documented answers.
import type { z } from "zod";

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** public: anyone; user: a bearer token or the session cookie; admin: the same, of an admin (403 otherwise). */
type Access = "public" | "user" | "admin";

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

export type Operation = {
  method: HttpMethod;
  /** the contract's path, parameters as {name} */
  path: string;
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
