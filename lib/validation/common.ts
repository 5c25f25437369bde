// Small zod building blocks shared by the entity schemas (no server imports).
import { z } from "zod";

/** "" and null both mean "no value" for optional fields coming from forms. */
const blankToNull = (v: unknown) => (v === "" ? null : v);

/** An optional, nullable value from a closed list. */
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(blankToNull, z.enum(values, { error: `${label} must be one of: ${values.join(", ")}` }).nullable().optional());

/** An optional, nullable reference to another object by integer id (numeric strings accepted). */
export const optionalRef = (label: string) =>
  z.preprocess(
    (v) => (v === "" ? null : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: `${label} must be an integer id` }).int(`${label} must be an integer id`).positive(`${label} must be an integer id`).nullable().optional(),
  );

/** A required reference with a given message when it is missing. */
export const requiredRef = (missing: string, label: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: (i) => (i.input === undefined ? missing : `${label} must be an integer id`) }).int(`${label} must be an integer id`).positive(`${label} must be an integer id`),
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
