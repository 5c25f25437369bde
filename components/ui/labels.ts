// How every screen names the contract's countries and vendors: the catalog's "common.countries"
// and "common.vendors" (messages/<locale>/common.json), one table for the device pages, the
// locations, the integrations and the back-office, each handing in its page's translator
// (useTranslations("common"), which the root layout sends everywhere).
import type { useTranslations } from "use-intl";
import { COUNTRIES, INTEGRATION_NAMES } from "@/lib/enums";

/** The translator of the catalog's "common" messages. */
export type CommonT = ReturnType<typeof useTranslations<"common">>;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** A location's country in words; a code the catalog does not know as it is (tsc checks it names every country). */
export const countryLabel = (code: string, t: CommonT): string => (isOneOf(COUNTRIES, code) ? t(`countries.${code}`) : code);

/** An integration as the specification names it ('Linky grid-operator meter', 'Legrand IOT'...); an unknown name as it is. */
export const integrationLabel = (name: string, t: CommonT): string => (isOneOf(INTEGRATION_NAMES, name) ? t(`vendors.${name}`) : name);
