// The lists' equality filters (react-admin's `?field=value`), one zod schema per list, parsed at
// the edge by parseListParams (lib/http/list.ts): services receive typed values. The rules:
// - an id filter is digits (422 `<name> must be an integer`); one past what the column holds
//   names no row, as any other missing id does;
// - a boolean filter is true/false/1/0 (422 `<name> must be true or false`);
// - a filter on a closed list (an enum) with a value outside it matches nothing (null), it is not
//   an error: a list filtered on a type that does not exist is simply empty;
// - a text filter is compared as it is.
import { z } from "./zod";
import { COUNTRIES, DATA_SOURCES, DEVICE_TYPES, PHASES, TARIFF_OPTIONS } from "@/lib/enums";
import { idQueryParam, MAX_INT, NO_ROW } from "./common";

export { NO_ROW };

const idFilter = (name: string, max = MAX_INT) => idQueryParam(name, max).optional();
const boolFilter = (name: string) =>
  z
    .string()
    .refine((v) => ["true", "1", "false", "0"].includes(v), `${name} must be true or false`)
    .transform((v) => v === "true" || v === "1")
    .optional();
/** The value, or null (matches nothing) when it is not in `values`. */
const enumFilter = <const T extends readonly string[]>(values: T) =>
  z
    .string()
    .transform((v) => ((values as readonly string[]).includes(v) ? (v as T[number]) : null))
    .optional();
const text = z.string().optional();

const deviceListFilters = z.object({
  // the device-info view's names, then the admin view's (user_id, type, measurement_type, name)
  owner_id: idFilter("owner_id"),
  user_id: idFilter("user_id"),
  location_id: idFilter("location_id"),
  integration_id: idFilter("integration_id"),
  device_type: enumFilter(DEVICE_TYPES),
  type: enumFilter(DEVICE_TYPES),
  data_source: enumFilter(DATA_SOURCES),
  phase_m: enumFilter(PHASES),
  measurement_type: enumFilter(PHASES),
  device_id: text,
  name: text,
});

/** GET /api/v1/device_info and /user_devices: the household views' names. */
export const deviceInfoListFilters = deviceListFilters.pick({ owner_id: true, location_id: true, device_type: true, integration_id: true, phase_m: true, device_id: true });
/** GET /api/v1/devices: the back-office's names. */
export const adminDeviceListFilters = deviceListFilters.pick({ user_id: true, location_id: true, type: true, data_source: true, measurement_type: true, name: true });

export const locationListFilters = z.object({ owner_id: idFilter("owner_id"), country: enumFilter(COUNTRIES), name: text });

export const scheduleListFilters = z.object({ user_id: idFilter("user_id"), der_name: text, type: text });

export const userListFilters = z.object({
  is_active: boolFilter("is_active"),
  is_superuser: boolFilter("is_superuser"),
  accepted_tos: boolFilter("accepted_tos"),
  email: text,
  first_name: text,
  last_name: text,
});

/** subscribed_kva is a smallint: a larger value names no row. */
const KVA_MAX = 32767;
export const tariffListFilters = z.object({
  supplier: text,
  option: enumFilter(TARIFF_OPTIONS),
  subscribed_kva: idFilter("subscribed_kva", KVA_MAX),
  kva: idFilter("kva", KVA_MAX),
  in_force: boolFilter("in_force"),
});

export type DeviceListFilters = z.output<typeof deviceListFilters>;
export type LocationListFilters = z.output<typeof locationListFilters>;
export type ScheduleListFilters = z.output<typeof scheduleListFilters>;
export type UserListFilters = z.output<typeof userListFilters>;
export type TariffListFilters = z.output<typeof tariffListFilters>;

/** The household's events: `only=open` (to come or under way) or `only=past` (ended or cancelled). */
export const householdEventFilters = z.object({ only: z.enum(["open", "past"], { error: "only must be open or past" }).optional() });
