// Community flexibility: the bodies of the event, the choice and the settings routes
// (docs/flexibility.md). The window's own rules (on the half hour, one local day, not in the past)
// are lib/flex/events.ts windowProblem, checked by the service with the clock.
import { z } from "./zod";
import { idQueryParam, requiredText } from "./common";
import { isDay, weekdayOf } from "@/lib/time/paris";
import { SENT_STATUSES } from "@/lib/flex/offers";
import { POWER_MAX } from "@/lib/schedules/rules";

const instant = (label: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${label} is required` : `${label} must be an ISO date-time`) })
    .max(40, { error: `${label} must be an ISO date-time`, abort: true })
    .pipe(z.iso.datetime({ offset: true, error: `${label} must be an ISO date-time with its offset` }))
    .transform((s) => new Date(s));

/** €/kWh an event pays at most (a tenfold margin over what such schemes pay: about €3/kWh at their peak). */
const MAX_REWARD_PER_KWH = 10;

export const flexEventSchema = z.strictObject(
  {
    title: requiredText("Title is required", 100, "Title"),
    message: requiredText("Invitation text is required", 2000, "Invitation text"),
    direction: z.enum(["down", "up"], { error: "Direction must be down (use less) or up (use the sun)" }),
    starts_at: instant("starts_at"),
    ends_at: instant("ends_at"),
    reward_per_kwh: z
      .number({ error: (i) => (i.input === undefined ? "Reward per kWh is required" : "Reward per kWh must be a number") })
      .min(0, `Reward per kWh must be from 0 to ${MAX_REWARD_PER_KWH} €`)
      .max(MAX_REWARD_PER_KWH, `Reward per kWh must be from 0 to ${MAX_REWARD_PER_KWH} €`),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? `Unknown field: ${i.keys.join(", ")}` : undefined) },
);
export type FlexEventInput = z.infer<typeof flexEventSchema>;

export const participationSchema = z.strictObject({
  opted_in: z.boolean({ error: (i) => (i.input === undefined ? "opted_in is required" : "opted_in must be true or false") }),
});

export const flexSettingsSchema = z
  .strictObject(
    {
      auto_opt_in: z.boolean({ error: "auto_opt_in must be true or false" }).optional(),
      auto_send_offers: z.boolean({ error: "auto_send_offers must be true or false" }).optional(),
    },
    { error: (i) => (i.code === "unrecognized_keys" ? `Unknown field: ${i.keys.join(", ")}` : undefined) },
  )
  .refine((v) => v.auto_opt_in !== undefined || v.auto_send_offers !== undefined, { error: "Give auto_opt_in or auto_send_offers", path: [] });

/** GET /api/v1/flex_events/{id}/results: the answer's format. */
export const resultsQuerySchema = z.object({
  format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
});

/** A week, named by its Monday (YYYY-MM-DD). */
const week = z
  .string({ error: "week must be a date, YYYY-MM-DD" })
  .refine((v) => isDay(v), { error: "week must be a date, YYYY-MM-DD", abort: true })
  .refine((v) => weekdayOf(v) === 1, "week must be a Monday (the week's first day)");

/** GET /api/v1/flexibility/offers: the week (the coming one when absent). */
export const householdOffersQuerySchema = z.object({ week: week.optional() });

/** The most offers one request may send (a week holds at most 14 per schedule). */
const MAX_SEND = 500;

/** POST /api/v1/flexibility/offers/send: these drafts, or every draft of the coming week. */
export const sendOffersSchema = z.strictObject(
  {
    ids: z
      .array(z.number({ error: "ids must hold offer ids" }).int("ids must hold offer ids").min(1, "ids must hold offer ids").max(2_147_483_647, "ids must hold offer ids"), { error: "ids must be a list of offer ids" })
      .min(1, "ids must name at least one offer")
      .max(MAX_SEND, `At most ${MAX_SEND} offers at once`)
      .optional(),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? `Unknown field: ${i.keys.join(", ")}` : undefined) },
);

/** GET /api/v1/flex_offers (admin): the list's equality filters. */
export const offerFiltersSchema = z.object({
  week: week.optional(),
  status: z.enum(SENT_STATUSES, { error: `status must be one of: ${SENT_STATUSES.join(", ")}` }).optional(),
  user_id: idQueryParam("user_id").optional(),
});

/** GET /api/v1/flex_offers/by_hour and /export: the week (the coming one when absent), and the export's format. */
export const offerWeekQuerySchema = z.object({ week: week.optional() });
export const offerExportQuerySchema = z.object({
  week: week.optional(),
  format: z.enum(["csv", "uftp"], { error: "format must be csv or uftp" }).default("csv"),
});

/** €/MWh or €/MW/h: at most a hundredfold the highest flexibility prices paid (a few thousand €/MWh). */
const MAX_PRICE = 100_000;
const price = (label: string) =>
  z
    .number({ error: `${label} must be a number or null` })
    .min(0, `${label} must be from 0 to ${MAX_PRICE}`)
    .max(MAX_PRICE, `${label} must be from 0 to ${MAX_PRICE}`)
    .nullable();

/** PUT /api/v1/flex_offers/prices (admin): what the offers prepared from now on ask. */
export const offerPricesSchema = z.strictObject(
  {
    availability_eur_per_mw_h: price("availability_eur_per_mw_h"),
    utilisation_eur_per_mwh: price("utilisation_eur_per_mwh"),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? `Unknown field: ${i.keys.join(", ")}` : i.input === undefined ? "Both prices are required (null for none)" : undefined) },
);

const WATTS = `power_w must hold whole watts from 0 to ${POWER_MAX}`;

/** PATCH /api/v1/flexibility/offers/{id}: a draft's power per period, W (at most a schedule's power; a day at 15 minutes has at most 100 periods). */
export const editOfferSchema = z.strictObject(
  {
    power_w: z
      .array(z.number({ error: WATTS }).int(WATTS).min(0, WATTS).max(POWER_MAX, WATTS), {
        error: (i) => (i.input === undefined ? "power_w is required" : "power_w must be a list of watts"),
      })
      .min(1, "power_w must hold one value per period of the window")
      .max(100, "power_w must hold one value per period of the window"),
  },
  { error: (i) => (i.code === "unrecognized_keys" ? `Unknown field: ${i.keys.join(", ")}` : undefined) },
);
