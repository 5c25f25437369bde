import type { z } from "zod";
import { badRequest, unprocessable, zodIssuesToErrors } from "./errors";

async function readText(req: Request): Promise<string> {
  try {
    return await req.text();
  } catch {
    throw badRequest("The request body could not be read");
  }
}

/** Parses a JSON body (400 when it is not JSON) and validates it (422 with `errors`). */
export async function parseJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  return validate(schema, await readJsonBody(req));
}

export async function readJsonBody(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (type && type !== "application/json" && !type.endsWith("+json")) {
    throw badRequest("The request body must be JSON (Content-Type: application/json)");
  }
  const text = await readText(req);
  if (!text.trim()) throw badRequest("The request body must be a JSON object");
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON");
  }
}

/** A form body (urlencoded or multipart) or a JSON one, as OAuth2's password flow clients send. */
export async function parseFormOrJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const type = req.headers.get("content-type")?.split(";")[0].trim().toLowerCase() ?? "";
  if (type === "application/x-www-form-urlencoded") {
    return validate(schema, Object.fromEntries(new URLSearchParams(await readText(req))));
  }
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await req.formData();
    } catch {
      throw badRequest("The form body could not be read");
    }
    return validate(schema, Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")));
  }
  return parseJson(req, schema);
}

/** Validates a parsed body; `prefix` is prepended to error paths (a part nested in the body). */
export function validate<S extends z.ZodType>(schema: S, input: unknown, prefix: (string | number)[] = []): z.output<S> {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    const r = schema.safeParse(input);
    if (r.success) return r.data;
    throw unprocessable([{ path: "", message: "The request body must be a JSON object" }]);
  }
  const r = schema.safeParse(input);
  if (!r.success) throw unprocessable(zodIssuesToErrors(r.error.issues, prefix), summaryOf(r.error.issues));
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

/** Validates the query string (as an object of its first values). */
export function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  const params = new URL(req.url).searchParams;
  const r = schema.safeParse(Object.fromEntries(params.entries()));
  if (!r.success) throw unprocessable(zodIssuesToErrors(r.error.issues));
  return r.data;
}
