// Flexibility offers' answers (lib/serializers/flex-offers.ts, docs/flexibility.md "Offers"): an
// offer as its household and the operator see it, the household's week, the community's week by
// hour, the prices; the partner's read of the offers (built in lib/services/sharing/partner-api.ts).
import { z } from "zod";
import type { HouseholdOffersView, OfferView, OperatorOfferView, PricesView, toWeekFlexView } from "@/lib/serializers/flex-offers";
import type { partnerOffers } from "@/lib/services/sharing/partner-api";
import { FlexDirection, FlexOfferStatus } from "@/lib/generated/prisma/enums";
import type { Assert, Same } from "../same-type";

const id = z.number().int();
const timestamp = z.iso.datetime();
const day = z.string().meta({ description: "a Paris day, YYYY-MM-DD" });
const price = (what: string) => z.number().nullable().meta({ description: `${what} (null: the operator set none)` });
const status = z.enum(FlexOfferStatus).meta({
  description: "draft (prepared, not sent) → offered (sent) → accepted or rejected (the operator) → activated (its window began) → settled (delivery measured); expired: not sent or not answered by its expiry; superseded: a draft replaced after its schedule changed",
});

const offerFields = z.object({
  id,
  schedule_id: id.nullable().meta({ description: "the week-ahead schedule it was prepared from (null once that schedule is deleted)" }),
  resource: z.string().meta({ description: "the schedule's resource (der_name)" }),
  resource_kind: z.enum(["measurement", "meter"]).meta({ description: "measurement: the device channel of that name, at 15 minutes; meter: the household's Linky meter, at 30 minutes" }),
  measurement_id: id.nullable(),
  meter_id: id.nullable(),
  direction: z.enum(FlexDirection).meta({ description: "down: use less than the baseline; up: use more" }),
  week: day.meta({ description: "the Monday of its week" }),
  day,
  starts_at: timestamp,
  ends_at: timestamp,
  from: z.string().meta({ description: "HH:MM, Paris time" }),
  to: z.string().meta({ description: "HH:MM, Paris time (24:00 for midnight)" }),
  step_min: z.number().int().meta({ description: "minutes per period: 15 (a measurement) or 30 (the meter)" }),
  period_index: z.number().int().meta({ description: "the window's first period in its day, from 0" }),
  rated_w: z.number().meta({ description: "the schedule's average power: the resource's rated power, W" }),
  power_w: z.array(z.number()).meta({ description: "W offered per period of the window (0 where the schedule has no hour): down at most the baseline, up at most rated power minus the baseline" }),
  max_power_w: z.number(),
  energy_wh: z.number().meta({ description: "the energy offered over the window, Wh" }),
  baseline_w: z.array(z.number()).meta({ description: "the resource's baseline per period of the window, W (xofy-10-4)" }),
  baseline_days: z.array(day).meta({ description: "the days the baseline is the mean of" }),
  expires_at: timestamp.meta({ description: "until when it may be sent and answered: noon (Paris) the day before" }),
  availability_eur_per_mw_h: price("€ per MW offered per hour"),
  utilisation_eur_per_mwh: price("€ per MWh delivered"),
  status,
  created_at: timestamp,
  actual_wh: z.array(z.number().nullable()).nullable().meta({ description: "once settled: the readings per period, Wh" }),
  delivered_wh: z.number().nullable().meta({ description: "once settled: baseline − readings summed over the window (readings − baseline up), Wh; null without readings" }),
  reward_eur: z.number().nullable().meta({ description: "once settled: availability plus utilisation (delivery credited up to what was offered per period), €" }),
  history: z.array(z.object({ status, at: timestamp })).optional().meta({ description: "every change of status, oldest first (one offer's answer only)" }),
});
export const offerViewSchema = offerFields;
type _OfferView = Assert<Same<z.output<typeof offerViewSchema>, OfferView>>;

export const operatorOfferViewSchema = offerFields.extend({ user_id: id, email: z.string() });
type _OperatorOfferView = Assert<Same<z.output<typeof operatorOfferViewSchema>, OperatorOfferView>>;

export const offerPricesViewSchema = z.object({
  availability_eur_per_mw_h: price("€ per MW offered per hour"),
  utilisation_eur_per_mwh: price("€ per MWh delivered"),
  set_at: timestamp.nullable().meta({ description: "when the operator set them (null: never)" }),
});
type _PricesView = Assert<Same<z.output<typeof offerPricesViewSchema>, PricesView>>;

export const householdOffersViewSchema = z.object({
  week: day.meta({ description: "the Monday of the week shown" }),
  coming: z.boolean().meta({ description: "the coming week: its drafts were prepared for this answer from the schedules as they are now" }),
  auto_send: z.boolean().meta({ description: "the household's offers are sent each week without review" }),
  prices: offerPricesViewSchema,
  schedules: z
    .array(
      z.object({
        schedule_id: id,
        der_name: z.string(),
        resource: z.object({ kind: z.enum(["measurement", "meter"]), id, name: z.string().nullable() }).nullable().meta({ description: "where its baseline comes from (null: no measurement of that name and no Linky meter)" }),
        offers: z.number().int().meta({ description: "its offers this week" }),
        problem: z
          .enum(["no_resource", "not_this_week", "insufficient", "nothing_to_offer", "too_late"])
          .nullable()
          .meta({ description: "why it has no offer (or not all): no resource to measure it; none of its months and days this week; too few comparable days; nothing to offer in its hours; the expiry passed" }),
        days: z.number().int().nullable().meta({ description: "with insufficient: the comparable days found" }),
        needed: z.number().int().nullable().meta({ description: "with insufficient: the comparable days needed" }),
        accuracy: z
          .object({
            predictability: z.enum(["good", "fair", "poor", "unknown"]),
            testable_days: z.number().int(),
            bias: z.number().nullable(),
            relative_rmse: z.number().nullable(),
            normalised_mae: z.number().nullable(),
          })
          .nullable()
          .meta({ description: "a device channel's baseline tried on its last 14 days as the household's meter's is every night (null for the meter: the household's own verdict, GET /api/v1/flexibility)" }),
      }),
    )
    .meta({ description: "the coming week only: each schedule and what it gave" }),
  offers: z.array(offerViewSchema),
});
type _HouseholdOffersView = Assert<Same<z.output<typeof householdOffersViewSchema>, HouseholdOffersView>>;

const kw = (what: string) => z.number().meta({ description: `${what}, kW (mean over the hour)` });
export const weekFlexViewSchema = z.object({
  week: day.meta({ description: "the Monday of the week" }),
  offers: z.number().int().meta({ description: "the offers sent for the week (offered, accepted, activated, settled)" }),
  hours: z.array(
    z.object({
      start: timestamp,
      local: z.string().meta({ description: "YYYY-MM-DD HH:MM, Paris time" }),
      down_offered_kw: kw("use less, offered (accepted included)"),
      up_offered_kw: kw("use more, offered (accepted included)"),
      down_accepted_kw: kw("use less, accepted"),
      up_accepted_kw: kw("use more, accepted"),
    }),
  ),
});
type _WeekFlexView = Assert<Same<z.output<typeof weekFlexViewSchema>, ReturnType<typeof toWeekFlexView>>>;

const isp = z.object({ Power: z.number().int().meta({ description: "W, UFTP's sign: positive more consumption, negative less" }), Start: z.number().int().meta({ description: "the first ISP, numbered from 1 in the day" }), Duration: z.number().int().meta({ description: "ISPs of that power" }) });
/** An offer as UFTP 3's FlexOffer (lib/flex/offers.ts toUftpFlexOffer). */
const uftpFlexOfferSchema = z.object({
  MessageID: z.string(),
  Period: day,
  "ISP-Duration": z.string().meta({ description: "ISO 8601: PT15M or PT30M" }),
  TimeZone: z.string(),
  CongestionPoint: z.string(),
  ExpirationDateTime: z.string(),
  BaselineReference: z.string(),
  Currency: z.string(),
  OfferOption: z.array(z.object({ OptionReference: z.string(), Price: z.number().meta({ description: "the availability price asked, €" }), MinActivationFactor: z.number(), ISP: z.array(isp) })),
});

export const offersUftpExportSchema = z.object({ week: day, FlexOffers: z.array(z.object({ status, FlexOffer: uftpFlexOfferSchema })) });

/** GET /api/partner/v1/offers. */
export const partnerOffersSchema = z.object({
  week: day,
  offers: z
    .array(z.object({ household: z.string().meta({ description: "the household as this partner knows it" }), status, delivered_wh: z.number().nullable(), FlexOffer: uftpFlexOfferSchema }))
    .meta({ description: "the offers sent by the households whose consent is in force at this request" }),
});
type _PartnerOffers = Assert<Same<z.output<typeof partnerOffersSchema>, Awaited<ReturnType<typeof partnerOffers>>>>;
