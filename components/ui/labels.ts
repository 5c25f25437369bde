// How every screen names the contract's countries and vendors: the catalog's "common.countries"
// and "common.vendors" (messages/<locale>/common.json), one table for the device pages, the
// locations, the integrations and the back-office. A page hands its translator in
// (useTranslations("common")); without one they are English (the location form's English messages).
import { createTranslator, type useTranslations } from "use-intl";
import type { Country, IntegrationName } from "@/lib/enums";
import en from "@/messages/en/common.json";

/** The translator of the catalog's "common" messages. */
export type CommonT = ReturnType<typeof useTranslations<"common">>;

const EN: CommonT = createTranslator({ locale: "en", messages: { common: en }, namespace: "common" }) as unknown as CommonT;

/** The countries a location may be in, in English (the catalog names each: tsc checks it here). */
export const COUNTRY_NAMES: Record<Country, string> = en.countries;
const VENDORS: Record<IntegrationName, string> = en.vendors;

const known = <T extends object>(table: T, code: string): code is Extract<keyof T, string> => Object.hasOwn(table, code);

/** A location's country in words; a code the catalog does not know as it is. */
export const countryLabel = (code: string, t: CommonT = EN): string => (known(COUNTRY_NAMES, code) ? t(`countries.${code}`) : code);

/** An integration as the specification names it ('Linky grid-operator meter', 'Legrand IOT'...); an unknown name as it is. */
export const integrationLabel = (name: string, t: CommonT = EN): string => (known(VENDORS, name) ? t(`vendors.${name}`) : name);
