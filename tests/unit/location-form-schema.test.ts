// The location form's schema (components/locations/location-form-schema.ts): the API's rules and
// messages, plus a decimal comma read as a point, 0, 0 refused and a point outside the chosen
// country refused, under the latitude. The API's own schema still takes all of these.
import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { decimalComma, locationFormSchemaWith, locationFormWords } from "@/components/locations/location-form-schema";
import { CATALOGS } from "@/lib/i18n/messages";
import { issuesByPath } from "@/components/ui/use-zod-form";
import { locationSchema } from "@/lib/validation/location";

/** The form's schema in a language, its words built as the form builds them. */
const schemaIn = (locale: "en" | "fr") =>
  locationFormSchemaWith(locationFormWords(createTranslator({ locale, messages: CATALOGS[locale], namespace: "locations" }) as unknown as Parameters<typeof locationFormWords>[0]));
const locationFormSchema = schemaIn("en");
const NULL_ISLAND_MESSAGE = CATALOGS.en.locations.form.nullIsland;

const form = (values: Partial<Record<"name" | "country" | "lat" | "lon", string>>) => ({ name: "Maison", country: "FR", lat: "45.18756", lon: "5.73578", ...values });
/** The messages by field, as the form shows them (the first one of each). */
const messages = (values: Parameters<typeof form>[0]) => {
  const r = locationFormSchema.safeParse(form(values));
  return r.success ? {} : issuesByPath(r.error.issues);
};

describe("decimalComma", () => {
  it.each([
    ["5,7", "5.7"],
    ["-21,3393", "-21.3393"],
    [",5", ".5"],
    ["5,", "5."],
    ["45.18756", "45.18756"],
    ["1,234.5", "1,234.5"],
    ["1,2,3", "1,2,3"],
    ["", ""],
  ])("%j → %j", (input, output) => expect(decimalComma(input)).toBe(output));

  it("leaves what is not text as it is", () => {
    expect(decimalComma(5.7)).toBe(5.7);
    expect(decimalComma(null)).toBeNull();
    expect(decimalComma(undefined)).toBeUndefined();
  });
});

describe("the location form's schema", () => {
  it("reads a decimal comma as a point, sending numbers", () => {
    expect(locationFormSchema.parse(form({ lat: "45,18756", lon: "5,7" }))).toEqual({ name: "Maison", country: "FR", lat: 45.18756, lon: 5.7 });
    expect(locationFormSchema.parse(form({ country: "IE", lat: " 53,3498 ", lon: "-6,2603" }))).toMatchObject({ lat: 53.3498, lon: -6.2603 });
  });

  it("keeps the 8 decimals rule with a comma", () => {
    expect(locationFormSchema.parse(form({ lat: "45,12345678" })).lat).toBe(45.12345678);
    expect(messages({ lat: "45,123456789" })).toEqual({ lat: "Latitude allows at most 8 decimals" });
    expect(messages({ lon: "5,123456789" })).toEqual({ lon: "Longitude allows at most 8 decimals" });
  });

  it("keeps the specification's messages", () => {
    expect(messages({ name: "", lat: "", lon: "" })).toEqual({ name: "Location name is required", lat: "Latitude is required", lon: "Longitude is required" });
    expect(messages({ lat: "abc" })).toEqual({ lat: "Latitude must be a number" });
    expect(messages({ lat: "5,7,1" })).toEqual({ lat: "Latitude must be a number" });
    expect(messages({ lon: "181" })).toEqual({ lon: "Longitude must be between -180 and 180" });
  });

  it("refuses 0, 0 (the fields' default) with a way out, under the latitude", () => {
    expect(messages({ lat: "0", lon: "0" })).toEqual({ lat: NULL_ISLAND_MESSAGE });
    expect(messages({ lat: "0,0", lon: "-0" })).toEqual({ lat: NULL_ISLAND_MESSAGE });
    expect(NULL_ISLAND_MESSAGE).toBe("0, 0 is in the Gulf of Guinea: enter this location's coordinates or use your location");
    // with the other fields' messages, all at once
    expect(messages({ name: "", lat: "0", lon: "0" })).toEqual({ name: "Location name is required", lat: NULL_ISLAND_MESSAGE });
  });

  it("refuses a point outside the chosen country, naming it", () => {
    expect(messages({ country: "US" })).toEqual({ lat: "These coordinates are not in United States: check them or the country" });
    // Grenoble's coordinates swapped, or with the minus lost
    expect(messages({ lat: "5.73578", lon: "45.18756" })).toEqual({ lat: "These coordinates are not in France: check them or the country" });
    expect(messages({ country: "IE", lat: "53.3498", lon: "6.2603" })).toEqual({ lat: "These coordinates are not in Ireland: check them or the country" });
  });

  it("accepts a point in the country's overseas parts", () => {
    expect(messages({ lat: "-20,8821", lon: "55,4507" })).toEqual({});
    expect(messages({ country: "US", lat: "21.3069", lon: "-157.8583" })).toEqual({});
  });

  it("says only what is wrong with a field first: no country check without a country, nor on a coordinate out of range", () => {
    expect(messages({ country: "", lat: "0", lon: "0" })).toEqual({ country: "Country is required" });
    expect(messages({ lat: "91" })).toEqual({ lat: "Latitude must be between -90 and 90" });
  });

  it("leaves the API's schema as it was: 0, 0, any country, no comma", () => {
    expect(locationSchema.safeParse({ name: "x", country: "US", lat: 0, lon: 0 }).success).toBe(true);
    expect(locationSchema.safeParse({ name: "x", country: "US", lat: 45.18756, lon: 5.73578 }).success).toBe(true);
    expect(locationSchema.safeParse({ name: "x", country: "FR", lat: "5,7", lon: 0 }).success).toBe(false);
  });
});

describe("the location form's schema in French", () => {
  const fr = schemaIn("fr");
  const messagesFr = (values: Parameters<typeof form>[0]) => {
    const r = fr.safeParse(form(values));
    return r.success ? {} : issuesByPath(r.error.issues);
  };

  it("refuses 0, 0 and a point outside the country in French, with the country's preposition", () => {
    expect(messagesFr({ lat: "0", lon: "0" })).toEqual({ lat: "0, 0 se trouve dans le golfe de Guinée\u00a0: saisissez les coordonnées de ce lieu ou utilisez votre position" });
    expect(messagesFr({ lat: "5,73578", lon: "45,18756" })).toEqual({ lat: "Ces coordonnées ne sont pas en France\u00a0: vérifiez-les, ou le pays" });
    expect(messagesFr({ country: "US" })).toEqual({ lat: "Ces coordonnées ne sont pas aux États-Unis\u00a0: vérifiez-les, ou le pays" });
    expect(messagesFr({ country: "CA" })).toEqual({ lat: "Ces coordonnées ne sont pas au Canada\u00a0: vérifiez-les, ou le pays" });
    expect(fr.parse(form({ lat: "45,18756", lon: "5,7" }))).toMatchObject({ lat: 45.18756, lon: 5.7 });
  });

  it("words the English form as the catalog's English does", () => {
    const en = createTranslator({ locale: "en", messages: CATALOGS.en, namespace: "locations" });
    expect(en("form.nullIsland")).toBe(NULL_ISLAND_MESSAGE);
    expect(en("form.outside", { country: en("inCountry.US") })).toBe("These coordinates are not in United States: check them or the country");
  });
});
