// Community flexibility's answers (lib/serializers/flex.ts, docs/flexibility.md): an event as the
// operator sees it and as a household sees it, an event's results, the household's settings.
import { z } from "zod";
import type { FlexEventView, FlexSettingsView, HouseholdEventView, OperatorEventView } from "@/lib/serializers/flex";
import type { resultsCsv } from "@/lib/flex/results-csv";
import { FlexDirection, FlexResultStatus } from "@/lib/generated/prisma/enums";
import type { Assert, Same } from "../same-type";

const id = z.number().int();
const timestamp = z.iso.datetime();
const day = z.string().meta({ description: "a Paris day, YYYY-MM-DD" });
const wh = z.number().meta({ description: "Wh" });

/** The fields every view of an event has. */
const eventFields = z.object({
  id,
  title: z.string(),
  message: z.string().meta({ description: "the invitation's text" }),
  direction: z.enum(FlexDirection).meta({ description: "down: use less (or export more) than the baseline; up: use more (use the sun)" }),
  starts_at: timestamp,
  ends_at: timestamp,
  day: day.meta({ description: "the event's Paris day, YYYY-MM-DD" }),
  from: z.string().meta({ description: "HH:MM, Paris time" }),
  to: z.string().meta({ description: "HH:MM, Paris time (24:00 for midnight)" }),
  reward_per_kwh: z.number().meta({ description: "€ per kWh delivered" }),
  status: z.enum(["upcoming", "running", "ended", "settled", "cancelled"]).meta({ description: "where the event is in its life, now" }),
  created_at: timestamp,
  cancelled_at: timestamp.nullable(),
  settled_at: timestamp.nullable().meta({ description: "when every participant had a result" }),
});
type _FlexEventView = Assert<Same<z.output<typeof eventFields>, FlexEventView>>;

/** A household's settlement of an event (written once, after it). */
const resultView = z.object({
  status: z.enum(FlexResultStatus).meta({ description: "settled; insufficient: too few comparable days before the event; no_data: the window's readings never came" }),
  source: z.enum(["meter", "telemetry"]).meta({ description: "where it was measured: telemetry (the household's live grid measurements, at once) or meter (its Linky, the day after)" }),
  step_min: z.number().int().meta({ description: "minutes per period of the window (30)" }),
  baseline_wh: z.array(z.number()).meta({ description: "the baseline B per period, Wh (empty unless settled)" }),
  actual_wh: z.array(z.number().nullable()).meta({ description: "the readings A per period, Wh (null where missing)" }),
  baseline_days: z.array(day).meta({ description: "the days the baseline is the mean of" }),
  delivered_wh: wh.meta({ description: "F = B − A summed over the window (A − B for up), Wh; may be negative" }),
  reward_eur: z.number().meta({ description: "€ due (nothing for a negative delivery)" }),
  settled_at: timestamp,
});

const baselineView = z
  .discriminatedUnion("status", [
    z.object({ status: z.literal("ok"), wh: z.array(z.number()).meta({ description: "the baseline per period of the window, Wh" }), total_wh: wh, days: z.array(day) }),
    z.object({ status: z.literal("insufficient"), wh: z.null(), total_wh: z.null(), days: z.array(day), needed: z.number().int().meta({ description: "the comparable days a baseline needs" }) }),
    z.object({ status: z.literal("no_meter"), wh: z.null(), total_wh: z.null(), days: z.array(z.never()).meta({ description: "always empty" }) }),
  ])
  .nullable()
  .meta({ description: "the household's baseline for the window, while the event is to come or under way (null after)" });

export const householdEventViewSchema = eventFields.extend({
  mine: z.object({
    choice: z.object({ opted_in: z.boolean(), auto: z.boolean().meta({ description: "made by the take-part-automatically setting" }), at: timestamp }).nullable().meta({ description: "the choice in force (null: none made)" }),
    baseline: baselineView,
    result: resultView.nullable().meta({ description: "the settlement, once written" }),
  }),
});
type _HouseholdEventView = Assert<Same<z.output<typeof householdEventViewSchema>, HouseholdEventView>>;

export const operatorEventViewSchema = eventFields.extend({
  invited_at: timestamp.nullable().meta({ description: "when the invitations went out" }),
  participants: z.number().int().meta({ description: "households whose choice in force is to take part" }),
  settled_households: z.number().int().meta({ description: "participants settled (status settled)" }),
  delivered_wh: wh.meta({ description: "the settled participants' deliveries summed, Wh" }),
  reward_eur: z.number().meta({ description: "the settled participants' rewards summed, €" }),
});
type _OperatorEventView = Assert<Same<z.output<typeof operatorEventViewSchema>, OperatorEventView>>;

/** GET /api/v1/flex_events/{id}/results (JSON): the event, then each participant by e-mail (the CSV's rows). */
export const flexResultsSchema = z.object({
  event: operatorEventViewSchema,
  households: z.array(
    z.object({
      user_id: id,
      email: z.string(),
      name: z.string().meta({ description: "first and last name (empty when unknown)" }),
      opted_in_at: timestamp.meta({ description: "when the choice in force was made" }),
      auto: z.boolean().meta({ description: "made by the take-part-automatically setting" }),
      predictability: z.string().nullable().meta({ description: "how well its baseline guessed its recent days (good, fair, poor, unknown); null before it was measured" }),
      result: resultView.nullable().meta({ description: "null until settled" }),
    }),
  ),
});
// the route hands the same object to resultsCsv for ?format=csv
type _FlexResults = Assert<Same<z.output<typeof flexResultsSchema>, Parameters<typeof resultsCsv>[0]>>;

export const flexSettingsViewSchema = z.object({
  auto_opt_in: z.boolean().meta({ description: "take part in every event automatically" }),
  auto_send_offers: z.boolean().meta({ description: "send the week's offers each week without review" }),
  meter_id: id.nullable().meta({ description: "the Linky meter events are measured on (the first one); null without one" }),
  accuracy: z
    .object({
      predictability: z.string().meta({ description: "good, fair, poor or unknown" }),
      testable_days: z.number().int().meta({ description: "recent days without an event the baseline could be tried on" }),
      bias: z.number().nullable(),
      relative_rmse: z.number().nullable(),
      normalised_mae: z.number().nullable(),
      computed_at: timestamp,
    })
    .nullable()
    .meta({ description: "how well the baseline guessed the household's recent ordinary days (null without a meter)" }),
});
type _FlexSettingsView = Assert<Same<z.output<typeof flexSettingsViewSchema>, FlexSettingsView>>;
