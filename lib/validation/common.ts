// Small zod building blocks shared by the entity schemas (no server imports).
import { z } from "./zod";

/** "" and null both mean "no value" for optional fields coming from forms. */
const blankToNull = (v: unknown) => (v === "" ? null : v);

/** An optional, nullable value from a closed list. */
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(blankToNull, z.enum(values, { error: `${label} must be one of: ${values.join(", ")}` }).nullable().optional());

/** The largest value of a PostgreSQL `integer` column (every id of ours). */
export const MAX_INT = 2_147_483_647;
/** No row has id 0 (ids start at 1): an id written past what its column holds becomes this. */
export const NO_ROW = 0;

const DIGITS = /^\d+$/;
/**
 * An id written as text (a path segment, a query value), the one rule for all of them: digits
 * only (else null); past what its column holds (`max`) it names no row, NO_ROW.
 */
export function idFromText(v: string, max = MAX_INT): number | null {
  if (!DIGITS.test(v)) return null;
  const n = Number(v);
  return n <= max ? n : NO_ROW;
}

/** idFromText as a query parameter's schema: 422 `<name> must be an integer`. */
export const idQueryParam = (name: string, max = MAX_INT) =>
  z
    .string()
    .refine((v) => DIGITS.test(v), `${name} must be an integer`)
    .transform((v) => idFromText(v, max) ?? NO_ROW);

/** An id as its column holds it: a whole number from 1 to MAX_INT. */
const idNumber = (label: string, error: z.core.$ZodErrorMap<z.core.$ZodIssueInvalidType> | string = `${label} must be an integer id`) =>
  z
    .number({ error })
    .int(`${label} must be an integer id`)
    .positive(`${label} must be an integer id`)
    .max(MAX_INT, `${label} must be an integer id from 1 to ${MAX_INT}`);

/** A numeric string ("12", " 12 ") as a number; anything else unchanged. */
const numericString = (v: unknown) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v);

/** An optional, nullable reference to another object by integer id (numeric strings accepted). */
export const optionalRef = (label: string) =>
  z.preprocess((v) => (v === "" ? null : numericString(v)), idNumber(label).nullable().optional());

/** A required reference with a given message when it is missing. */
export const requiredRef = (missing: string, label: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : numericString(v)),
    idNumber(label, (i) => (i.input === undefined ? missing : `${label} must be an integer id`)),
  );

/** Optional free text, trimmed, "" → null. */
export const optionalText = (label: string, max = 200) =>
  z.preprocess(blankToNull, z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`).nullable().optional());

/** Required text, trimmed, with the given message when missing or blank. */
export const requiredText = (missing: string, max = 100, label = "This field") =>
  z
    .string({ error: (i) => (i.input === undefined || i.input === null ? missing : `${label} must be text`) })
    .trim()
    .min(1, missing)
    .max(max, `${label} must be at most ${max} characters`);
