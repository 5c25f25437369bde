// Meters (lib/serializers/meter.ts) and My Energy's answers (lib/services/energy), the CSV
// import's preview and result (lib/services/imports).
import { z } from "zod";
import type { toMeterView } from "@/lib/serializers/meter";
import type { energyOf } from "@/lib/services/energy/meter-energy";
import type { energySummary } from "@/lib/services/energy/summary";
import type { tariffComparison } from "@/lib/services/energy/tariff-comparison";
import type { ImportPreview, ImportResult } from "@/lib/services/imports/load-curve";
import { MeterSyncState } from "@/lib/generated/prisma/enums";
import { TARIFF_OPTIONS } from "@/lib/enums";
import { BUCKETS } from "@/lib/validation/energy";
import type { Assert, Same } from "../same-type";

const id = z.number().int();
const day = z.string().meta({ description: "a Paris day, YYYY-MM-DD" });
const timestamp = z.iso.datetime();
const kwh = z.number().nullable();
const option = z.enum(TARIFF_OPTIONS);
const range = z.object({ from: z.string().meta({ description: "HH:MM" }), to: z.string().meta({ description: "HH:MM (24:00 for midnight)" }) });

export const meterViewSchema = z.object({
  id,
  usage_point_id: z.string(),
  integration_id: id.nullable(),
  sandbox: z.boolean(),
  producer: z.boolean().nullable(),
  subscribed_kva: z.number().int().nullable().meta({ description: "the power costs use: the household's, else the contract's" }),
  tariff_option: z.string().nullable().meta({ description: "the contract data as Enedis wrote it" }),
  offpeak_hours: z.string().nullable().meta({ description: "the contract data as Enedis wrote it" }),
  tariff: option.nullable().meta({ description: "My Energy's option: the household's choice, else the contract's" }),
  tariff_source: z.enum(["household", "contract"]).nullable(),
  offpeak: z.array(z.object({ valid_from: day.nullable(), ranges: z.array(range), source: z.enum(["household", "contract"]) })).meta({ description: "the off-peak sets, newest first" }),
  created_at: timestamp,
  sync: z.object({
    state: z.enum(MeterSyncState),
    days_due: z.number().int(),
    days_fetched: z.number().int(),
    gaps: z.number().int(),
    oldest_day: day.nullable(),
    newest_day: day.nullable(),
    last_sync_at: timestamp.nullable(),
    last_error: z.string().nullable(),
    last_error_at: timestamp.nullable(),
  }),
});
type _MeterView = Assert<Same<z.output<typeof meterViewSchema>, ReturnType<typeof toMeterView>>>;

const point = z.object({
  start: timestamp,
  end: timestamp,
  consumption_kwh: kwh,
  production_kwh: kwh,
  self_consumed_kwh: kwh,
  cost_eur: z.number().nullable(),
  co2_kg: z.number().nullable(),
  co2_estimated: z.boolean(),
  complete: z.boolean(),
});
const totals = z.object({
  consumption_kwh: kwh,
  production_kwh: kwh,
  self_consumed_kwh: kwh,
  self_consumption_rate: z.number().nullable(),
  self_sufficiency_rate: z.number().nullable(),
  days: z.number().int(),
  days_with_data: z.number().int(),
  average_kwh_per_day: kwh,
  missing_days: z.array(day),
  co2_kg: z.number().nullable(),
  co2_partial: z.boolean(),
  co2_estimated: z.boolean(),
});
const costSchema = z.object({
  option,
  kva: z.number().int(),
  supplier: z.string().nullable(),
  total_eur: z.number(),
  energy_eur: z.number(),
  subscription_eur: z.number(),
  lines: z.array(z.object({ period: z.string(), kwh: z.number(), eur: z.number() })),
  partial: z.boolean(),
  reasons: z.array(z.enum(["tempo_colour_unknown", "no_tariff", "offpeak_unknown", "subscription_unknown", "curve_missing", "readings_missing"])),
});
const hourOfWeek = z.object({ weekday: z.number().int(), hour: z.number().int(), g_per_kwh: z.number() });
const householdHour = hourOfWeek.extend({ kwh: z.number(), co2_kg: z.number() });
const maxPowerDay = z.object({ day, va: z.number(), at: timestamp.nullable() });

export const energyAnswerSchema = z.object({
  meter: z.object({ id, usage_point_id: z.string(), producer: z.boolean() }),
  from: day,
  to: day,
  bucket: z.enum(BUCKETS),
  series: z.array(point),
  totals,
  cost: costSchema.nullable(),
  max_power: z.object({ subscribed_kva: z.number().int().nullable(), peak: maxPowerDay.nullable(), over_subscribed_days: z.number().int(), days: z.array(maxPowerDay) }),
  carbon: z.object({
    available: z.boolean(),
    source: z.string().nullable(),
    provider: z.string().nullable(),
    licence: z.string().nullable(),
    credit: z.string().nullable(),
    basis: z.enum(["consumed", "generated"]).nullable(),
    step_minutes: z.number().int().nullable(),
    profile_year: z.number().int().nullable(),
    estimated: z.boolean(),
    estimated_share: z.number(),
    fetched: z.object({ provider: z.string(), licence: z.string(), credit: z.string(), share: z.number() }).nullable(),
    cleanest_hours: z.array(householdHour),
    dirtiest_hours: z.array(householdHour),
    grid_cleanest_hours: z.array(hourOfWeek),
  }),
  compare: z
    .object({ kind: z.enum(["previous", "last_year"]), from: day, to: day, series: z.array(point), totals, cost: costSchema.nullable() })
    .nullable(),
});
type _EnergyAnswer = Assert<Same<z.output<typeof energyAnswerSchema>, Awaited<ReturnType<typeof energyOf>>>>;

const estimateSchema = z.object({ option, kind: z.enum(["prices", "subscription", "tempo_colours"]), from: day, to: day, days: z.number().int(), grid: day.nullable() });
const comparisonFields = {
  from: day, to: day, kwh: z.number(), current: option.nullable(), offpeak_assumed: z.boolean(), estimates: z.array(estimateSchema),
};
const comparisonCost = costSchema.extend({
  estimated_eur: z.number(),
  margin_eur: z.number(),
  estimated_reasons: costSchema.shape.reasons,
  offered: z.boolean(),
});
/** Either nothing to compare (no readings held, or no subscribed power known) or the three options priced. */
export const tariffComparisonSchema = z.union([
  z.object({
    ...comparisonFields,
    kva: z.number().int().nullable(),
    options: z.object({ base: z.null(), hphc: z.null(), tempo: z.null() }),
    cheapest: z.null(),
    difference_eur: z.null(),
    cheapest_on_energy: z.null(),
  }),
  z.object({
    ...comparisonFields,
    kva: z.number().int(),
    options: z.object({ base: comparisonCost, hphc: comparisonCost, tempo: comparisonCost }),
    cheapest: option.nullable(),
    difference_eur: z.number().nullable(),
    cheapest_on_energy: option.nullable(),
  }),
]);
type _TariffComparison = Assert<Same<z.output<typeof tariffComparisonSchema>, Awaited<ReturnType<typeof tariffComparison>>>>;

export const energySummarySchema = z.object({
  meters: z.array(
    z.object({
      id,
      usage_point_id: z.string(),
      yesterday: z.object({ day, kwh, eur: z.number().nullable(), co2_kg: z.number().nullable() }),
      month: z.object({ from: day, to: day, kwh, eur: z.number().nullable(), co2_kg: z.number().nullable(), days: z.number().int(), days_with_data: z.number().int() }),
      last_month: z.object({ from: day, to: day, kwh, co2_kg: z.number().nullable(), days_with_data: z.number().int() }),
      last_year: z.object({ from: day, to: day, kwh, co2_kg: z.number().nullable(), days_with_data: z.number().int() }),
      carbon: z
        .object({
          provider: z.string(), licence: z.string(), credit: z.string(), estimated: z.boolean(),
          fetched: z.object({ provider: z.string(), licence: z.string(), credit: z.string() }).nullable(),
        })
        .nullable(),
    }),
  ),
});
type _EnergySummary = Assert<Same<z.output<typeof energySummarySchema>, Awaited<ReturnType<typeof energySummary>>>>;

const importFields = {
  usage_point_id: z.string(),
  kind: z.enum(["consumption", "production"]),
  step_minutes: z.number().int(),
  format: z.enum(["block", "rows"]),
  first: timestamp.nullable(),
  last: timestamp.nullable(),
  points: z.number().int(),
  days: z.number().int(),
  empty_values: z.number().int(),
  duplicates: z.number().int(),
  bad_lines: z.array(z.object({ line: z.number().int(), text: z.string(), reason: z.string() })),
  bad_count: z.number().int(),
};

export const importPreviewSchema = z.object({
  ...importFields,
  meter_id: id.nullable().meta({ description: "the meter the file goes to; null: a new meter will be made" }),
  already_held: z.object({ enedis: z.number().int(), imported: z.number().int() }),
});
type _ImportPreview = Assert<Same<z.output<typeof importPreviewSchema>, ImportPreview>>;

export const importResultSchema = z.object({
  ...importFields,
  meter_id: id,
  meter_created: z.boolean(),
  written: z.number().int(),
  unchanged: z.number().int(),
  days_booked: z.object({ complete: z.number().int(), partial: z.number().int(), gap: z.number().int() }),
});
type _ImportResult = Assert<Same<z.output<typeof importResultSchema>, ImportResult>>;
