import type { z } from "zod";
import { FetchError } from "@/lib/swr/fetcher";

/**
 * A shared schema (lib/validation) as a form of text fields sees it. The schemas take what a form
 * holds ("" for no value, "12" for an id, "45.5" for a coordinate) through preprocessors, whose
 * input type is `unknown`; this names that input, for useZodForm. Same schema, same checks.
 */
export function asTextForm<V extends Record<string, string | boolean>>() {
  return <S extends z.ZodType>(schema: S) => schema as unknown as z.ZodType<z.output<S>, V>;
}

/** The field messages of a 422 answer (`errors: [{path, message}]`), first message per path. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof FetchError) || err.status !== 422) return out;
  const errors = (err.body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return out;
  for (const e of errors) {
    if (e && typeof e === "object" && typeof e.path === "string" && typeof e.message === "string" && !(e.path in out)) out[e.path] = e.message;
  }
  return out;
}
