// The community's inputs (docs/community.md): periods, months, members' entries and exits, the
// operation's settings and shares, the key simulation, and the household's short profile.
import { z } from "./zod";
import { FLOOR_AREA_M2, HEATING_ENERGIES, HOT_WATER_ENERGIES, HOUSING_TYPES, OCCUPANTS } from "@/lib/community/profile";
import { isDay } from "@/lib/time/paris";
import { optionalEnum } from "./common";
import { ALLOCATION_KEYS } from "@/lib/community/keys";

const ROLES = ["consumer", "producer", "both"] as const;

/** The longest period one request covers: two years and a day or two (the rollups hold two years and more). */
const MAX_PERIOD_DAYS = 732;

const day = (label: string) =>
  z
    .string({ error: `${label} is required (YYYY-MM-DD)` })
    .max(10, `${label} must be a day written YYYY-MM-DD`)
    .refine((v) => isDay(v), `${label} must be a day written YYYY-MM-DD`);

const month = (label = "month") =>
  z
    .string({ error: `${label} is required (YYYY-MM)` })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label} must be a month written YYYY-MM`)
    .transform((m) => `${m}-01`);

const dayCount = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

type PeriodIn = { from: string; to: string };
const ordered = { error: "from must be before to (to is the day after the period's last)", path: ["to"] };
const bounded = { error: `A period covers at most ${MAX_PERIOD_DAYS} days`, path: ["to"] };
const isOrdered = (p: PeriodIn) => p.from < p.to;
const isBounded = (p: PeriodIn) => dayCount(p.from, p.to) <= MAX_PERIOD_DAYS;
const format = z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json");

/** GET /api/v1/community/summary: a period of Paris days (`to` exclusive, at most MAX_PERIOD_DAYS) by day or month. */
export const summaryQuerySchema = z
  .object({ from: day("from"), to: day("to"), by: z.enum(["day", "month"], { error: "by must be day or month" }).default("month"), format })
  .refine(isOrdered, ordered)
  .refine(isBounded, bounded);
/** GET /api/v1/community/members, /flex_by_hour */
export const periodQuerySchema = z.object({ from: day("from"), to: day("to"), format }).refine(isOrdered, ordered).refine(isBounded, bounded);
/** GET /api/v1/community/shares, /coefficients, /acc_imports/sample */
export const monthQuerySchema = z.object({ month: month() });

/** POST /api/v1/community/members */
export const memberEntrySchema = z.strictObject(
  {
    user_id: z.number({ error: "user_id must be a user's id" }).int("user_id must be a user's id").min(1, "user_id must be a user's id").max(2_147_483_647, "user_id must be a user's id"),
    role: z.enum(ROLES, { error: `role must be one of: ${ROLES.join(", ")}` }),
    joined_on: day("joined_on"),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? `Unknown field: ${i.keys.join(", ")}` : undefined) },
);

/** POST /api/v1/community/members/{id}/exit */
export const memberExitSchema = z.strictObject({ left_on: day("left_on") }, { error: (i) => (i.code === "unrecognized_keys" ? `Unknown field: ${i.keys.join(", ")}` : undefined) });

/** PUT /api/v1/community/settings */
export const operationSettingsSchema = z.strictObject(
  {
    name: z.string({ error: "name must be text" }).trim().min(1, "name is required").max(100, "name is at most 100 characters").optional(),
    allocation_key: z.enum(ALLOCATION_KEYS, { error: `allocation_key must be one of: ${ALLOCATION_KEYS.join(", ")}` }).optional(),
    local_price_eur_per_kwh: z.number({ error: "local_price_eur_per_kwh must be a number" }).min(0, "local_price_eur_per_kwh must be from 0 to 5").max(5, "local_price_eur_per_kwh must be from 0 to 5").optional(),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? `Unknown field: ${i.keys.join(", ")}` : undefined) },
);

const share = z.strictObject({
  user_id: z.number({ error: "user_id must be a user's id" }).int("user_id must be a user's id").min(1, "user_id must be a user's id").max(2_147_483_647, "user_id must be a user's id"),
  percent: z.number({ error: "percent must be a number" }).min(0, "percent must be from 0 to 100").max(100, "percent must be from 0 to 100"),
});
const MAX_MEMBERS = 5000;

/** PUT /api/v1/community/shares */
export const sharesSchema = z.strictObject({
  month: month(),
  shares: z.array(share, { error: "shares must be a list of {user_id, percent}" }).max(MAX_MEMBERS, `At most ${MAX_MEMBERS} shares`),
});

/** POST /api/v1/community/simulate */
export const simulateSchema = z
  .strictObject({
    from: day("from"),
    to: day("to"),
    keys: z.array(z.enum(ALLOCATION_KEYS, { error: `keys must be among: ${ALLOCATION_KEYS.join(", ")}` })).min(1, "keys must name at least one key").max(3).optional(),
    shares: z.array(share).max(MAX_MEMBERS, `At most ${MAX_MEMBERS} shares`).optional(),
  })
  .refine(isOrdered, ordered)
  .refine(isBounded, bounded)
  .refine((p) => !p.shares || p.shares.reduce((s, x) => s + x.percent, 0) <= 100 + 1e-6, { error: "The shares add up to more than 100 %", path: ["shares"] });

/** POST /api/v1/community/acc_imports */
export const accImportQuerySchema = z.object({ file_name: z.string().max(200, "file_name is at most 200 characters").optional() });

/** PUT /api/v1/users/me/household: every field optional, null to clear it. */
export const householdProfileSchema = z.strictObject(
  {
    housing_type: optionalEnum(HOUSING_TYPES, "housing_type"),
    floor_area_m2: z
      .number({ error: "floor_area_m2 must be a whole number of m²" })
      .int("floor_area_m2 must be a whole number of m²")
      .min(FLOOR_AREA_M2.min, `floor_area_m2 must be from ${FLOOR_AREA_M2.min} to ${FLOOR_AREA_M2.max} m²`)
      .max(FLOOR_AREA_M2.max, `floor_area_m2 must be from ${FLOOR_AREA_M2.min} to ${FLOOR_AREA_M2.max} m²`)
      .nullable()
      .optional(),
    occupants: z
      .number({ error: "occupants must be a whole number" })
      .int("occupants must be a whole number")
      .min(OCCUPANTS.min, `occupants must be from ${OCCUPANTS.min} to ${OCCUPANTS.max}`)
      .max(OCCUPANTS.max, `occupants must be from ${OCCUPANTS.min} to ${OCCUPANTS.max}`)
      .nullable()
      .optional(),
    heating: optionalEnum(HEATING_ENERGIES, "heating"),
    hot_water: optionalEnum(HOT_WATER_ENERGIES, "hot_water"),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? `Unknown field: ${i.keys.join(", ")}` : undefined) },
);
