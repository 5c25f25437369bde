// Location schema shared by the location form and the handlers.
import { z } from "./zod";
import { COUNTRIES } from "@/lib/enums";
import { optionalRef, requiredText } from "./common";

export { COUNTRIES };

/** A number as JSON or a person writes it: optional minus, digits, decimals, an optional exponent. */
const NUMERIC = /^-?\d+\.?\d*(e[-+]?\d+)?$/i;

/** How many decimals a numeric string has once its exponent is applied ("1e-7" has 7). */
function decimalPlaces(s: string): number {
  const [mantissa, exponent = "0"] = s.toLowerCase().split("e");
  return Math.max(0, (mantissa.split(".")[1] ?? "").length - Number(exponent));
}

/** Longer than any coordinate with 8 decimals, in any notation a person or JSON uses. */
const COORDINATE_MAX = 40;

// one message per problem: each check stops the chain when it fails
const coordinate = (label: string, limit: number) =>
  z.preprocess(
    // anything else (a list, an object with a length) becomes a value without a length: one type
    // message, not the length checks' too
    (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "string" ? v.trim() : v == null ? v : false),
    z
      .string({ error: (i) => (i.input === undefined || i.input === null ? `${label} is required` : `${label} must be a number`) })
      .min(1, { error: `${label} is required`, abort: true })
      // a bound before the pattern: on a long run of digits it would backtrack for a long time
      .max(COORDINATE_MAX, { error: `${label} must be a number`, abort: true })
      .refine((s) => NUMERIC.test(s), { error: `${label} must be a number`, abort: true })
      .refine((s) => decimalPlaces(s) <= 8, { error: `${label} allows at most 8 decimals`, abort: true })
      .transform(Number)
      .refine((n) => n >= -limit && n <= limit, `${label} must be between -${limit} and ${limit}`),
  );

/** POST and PUT /api/v1/locations (the whole object) and the location form. */
export const locationSchema = z.object({
  name: requiredText("Location name is required", 100, "Location name"),
  country: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(COUNTRIES, { error: (i) => (i.input === undefined ? "Country is required" : `Country must be one of: ${COUNTRIES.join(", ")}`) })),
  lat: coordinate("Latitude", 90),
  lon: coordinate("Longitude", 180),
  owner_id: optionalRef("Owner"),
  id: z.unknown().optional(),
});
export type LocationInput = z.infer<typeof locationSchema>;
