// The location form's schema: the API's (lib/validation/location.ts, unchanged: the contract
// accepts what it accepts) with what a household typing coordinates needs besides. A decimal comma
// ("5,7", as French keyboards write it) is read as a point; 0, 0 (the fields' default, in the Gulf
// of Guinea) and a point outside the chosen country are refused with a message saying what to do.
import { z } from "@/lib/validation/zod";
import { locationSchema } from "@/lib/validation/location";
import type { useTranslations } from "use-intl";
import { isInCountry } from "@/lib/geo/country-bounds";
import { COUNTRIES, type Country } from "@/lib/enums";

/** The form's own messages, in the page's language (messages/<locale>/locations.json's form.*). */
type LocationFormWords = { nullIsland: string; outside: (country: Country) => string };

/** The form's own messages from the page's "locations" translator ("not in France", "pas aux États-Unis"). */
export const locationFormWords = (t: ReturnType<typeof useTranslations<"locations">>): LocationFormWords => ({
  nullIsland: t("form.nullIsland"),
  outside: (country) => t("form.outside", { country: t(`inCountry.${country}`) }),
});

/** "5,7" → "5.7": one comma, no point, in a coordinate as typed; anything else as it is (the API's rules judge it). */
export function decimalComma(v: unknown): unknown {
  return typeof v === "string" && /^[^,.]*,[^,.]*$/.test(v) ? v.replace(",", ".") : v;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The location form's input (name, country, latitude and longitude as typed), its own refusals in
 * `words`; the API schema's messages stay its own (English).
 */
export const locationFormSchemaWith = (words: LocationFormWords) =>
  z.preprocess(
    (v) => (isRecord(v) ? { ...v, lat: decimalComma(v.lat), lon: decimalComma(v.lon) } : v),
    locationSchema.check((ctx) => {
      const { country, lat, lon } = ctx.value;
      // zod runs this after an issue that does not stop the parse (a latitude out of range): that one is enough
      if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && (COUNTRIES as readonly string[]).includes(country))) return;
      // one message, under the latitude (the first of the two fields, which takes the focus)
      if (lat === 0 && lon === 0) ctx.issues.push({ code: "custom", input: ctx.value, path: ["lat"], message: words.nullIsland });
      else if (!isInCountry(country, lat, lon)) ctx.issues.push({ code: "custom", input: ctx.value, path: ["lat"], message: words.outside(country) });
    }),
  );
