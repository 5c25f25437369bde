// Location schema shared by the location form and the handlers.
import { z } from "zod";
import { optionalRef, requiredText } from "./common";

export const COUNTRIES = ["FR", "DE", "IE", "AT", "EE", "CA", "US"] as const;
export const COUNTRY_NAMES: Record<(typeof COUNTRIES)[number], string> = {
  FR: "France", DE: "Germany", IE: "Ireland", AT: "Austria", EE: "Estonia", CA: "Canada", US: "United States",
};

/** An optional minus sign, digits, an optional decimal point and up to 8 decimals. */
export const COORDINATE_PATTERN = /^-?\d+\.?\d{0,8}$/;

const coordinate = (label: string, limit: number) =>
  z.preprocess(
    (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : typeof v === "string" ? v.trim() : v),
    z
      .string({ error: (i) => (i.input === undefined || i.input === null ? `${label} is required` : `${label} must be a number`) })
      .min(1, `${label} is required`)
      .refine((s) => /^-?\d+\.?\d*$/.test(s) || /e/i.test(s), `${label} must be a number`)
      .transform((s) => (/e/i.test(s) ? String(Number(s)) : s))
      .refine((s) => COORDINATE_PATTERN.test(s), `${label} allows at most 8 decimals`)
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
