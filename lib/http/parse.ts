import type { z } from "zod";
import { findTextProblems, textProblem, type TextProblem } from "@/lib/validation/text";
import { bodyChunks } from "./body-stream";
import { badRequest, invalid } from "@/lib/errors";
import { zodIssuesToErrors } from "./errors";

/** The largest request body any endpoint reads (JSON, urlencoded or multipart). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The body's bytes, at most `limit` of them: a declared Content-Length over the limit is refused
 * before anything is read, and the stream is counted as it comes, so that a body without (or
 * lying about) its length is never buffered past the limit (413 either way).
 */
export async function readBodyBytes(req: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of bodyChunks(req, limit)) {
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.byteLength;
  }
  return bytes;
}

async function readText(req: Request): Promise<string> {
  const bytes = await readBodyBytes(req);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("The request body is not valid UTF-8");
  }
}

/** 422 when any string of the input (object keys included) holds NUL or an unpaired surrogate. */
export function assertCleanText(input: unknown, prefix: (string | number)[] = []): void {
  const problems = findTextProblems(input, prefix);
  if (problems.length) throw invalid(problems);
}

/** The same rule for a query string: every name and value. */
function assertCleanQuery(params: URLSearchParams): void {
  const problems: TextProblem[] = [];
  for (const [k, v] of params) {
    const message = textProblem(k) ?? textProblem(v);
    if (message) problems.push({ path: textProblem(k) ? "" : k, message });
  }
  if (problems.length) throw invalid(problems);
}

/** Parses a JSON body (400 when it is not JSON) and validates it (422 with `errors`). */
export async function parseJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  return validate(schema, await readJsonBody(req));
}

/**
 * A JSON body: 400 for another content type or what is not JSON, 413 over MAX_BODY_BYTES, 422
 * when a string in it breaks the text rule (lib/validation/text.ts).
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (type && type !== "application/json" && !type.endsWith("+json")) {
    throw badRequest("The request body must be JSON (Content-Type: application/json)");
  }
  const text = await readText(req);
  if (!text.trim()) throw badRequest("The request body must be a JSON object");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON");
  }
  assertCleanText(body);
  return body;
}

/** A form body (urlencoded or multipart) or a JSON one, as OAuth2's password flow clients send. */
export async function parseFormOrJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const type = req.headers.get("content-type")?.split(";")[0].trim().toLowerCase() ?? "";
  if (type === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams(await readText(req));
    assertCleanQuery(form);
    return validate(schema, Object.fromEntries(form));
  }
  if (type === "multipart/form-data") {
    // parsed from the bounded bytes, never from the request's own (unbounded) stream
    const bytes = await readBodyBytes(req);
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { "content-type": req.headers.get("content-type") ?? "" } }).formData();
    } catch {
      throw badRequest("The form body could not be read");
    }
    const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
    assertCleanText(fields);
    return validate(schema, fields);
  }
  return parseJson(req, schema);
}

/** Validates a parsed body; `prefix` is prepended to error paths (a part nested in the body). */
export function validate<S extends z.ZodType>(schema: S, input: unknown, prefix: (string | number)[] = []): z.output<S> {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    const r = schema.safeParse(input);
    if (r.success) return r.data;
    throw invalid([{ path: "", message: "The request body must be a JSON object" }]);
  }
  const r = schema.safeParse(input);
  if (!r.success) throw invalid(zodIssuesToErrors(r.error.issues, prefix), summaryOf(r.error.issues));
  return r.data;
}

/** A custom issue may carry the response's `detail` in params.detail (a summary of the rule). */
function summaryOf(issues: readonly z.core.$ZodIssue[]): string | undefined {
  for (const i of issues) {
    const detail = i.code === "custom" ? (i as { params?: { detail?: unknown } }).params?.detail : undefined;
    if (typeof detail === "string") return detail;
  }
  return undefined;
}

/** Validates the query string (one value per name, the last one), after the text rule. */
export function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  const params = new URL(req.url).searchParams;
  assertCleanQuery(params);
  const r = schema.safeParse(Object.fromEntries(params.entries()));
  if (!r.success) throw invalid(zodIssuesToErrors(r.error.issues));
  return r.data;
}

/**
 * Validates path segments other than ids (ids go through pathId): the text rule, then the
 * schema, which bounds their length (422 naming the segment).
 */
export function parseParams<S extends z.ZodType>(params: Record<string, string | undefined>, schema: S): z.output<S> {
  assertCleanText(params);
  const r = schema.safeParse(params);
  if (!r.success) throw invalid(zodIssuesToErrors(r.error.issues));
  return r.data;
}
