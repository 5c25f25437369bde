// The database's enums as lists, derived from the Prisma schema, their one source: a value added
// to an enum there is accepted by the API's schemas and offered by the forms without a second
// edit. Browser-safe (the generated enums module has no server code). Subsets (the types a form
// offers) are checked against these by the compiler (`satisfies`).
import * as E from "@/lib/generated/prisma/enums";

/** An enum object's values in the schema's order, as the non-empty tuple `z.enum` takes. */
const valuesOf = <T extends Record<string, string>>(o: T) => Object.freeze(Object.values(o)) as unknown as readonly [T[keyof T], ...T[keyof T][]];

export const COUNTRIES = valuesOf(E.Country);
export const DEVICE_TYPES = valuesOf(E.DeviceType);
export const PHASES = valuesOf(E.Phase);
export const DATA_SOURCES = valuesOf(E.DataSource);
export const MEASURE_TYPES = valuesOf(E.MeasureType);
export const CLASSIFICATIONS = valuesOf(E.ChannelClassification);
export const SMART_APPLIANCE_CATEGORIES = valuesOf(E.SmartApplianceCategory);
export const INTEGRATION_NAMES = valuesOf(E.IntegrationName);
export const TARIFF_OPTIONS = valuesOf(E.TariffOption);

export type { Country, DeviceType, Phase, DataSource, MeasureType, IntegrationName, TariffOption, TempoColour } from "@/lib/generated/prisma/enums";
