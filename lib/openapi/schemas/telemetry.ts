// Live telemetry's answers (lib/serializers/telemetry.ts), checked against the serializers' types.
import { z } from "zod";
import type { toBreakdownView, toLiveView, toMqttView, toNowView, toSeriesView } from "@/lib/serializers/telemetry";
import { CLASSIFICATIONS, MEASURE_TYPES } from "@/lib/enums";
import { TELEMETRY_ERROR_KINDS, TELEMETRY_FORMATS } from "@/lib/telemetry/formats/types";
import { TELEMETRY_STEPS } from "@/lib/validation/telemetry";
import type { Assert, Same } from "../same-type";

const timestamp = z.iso.datetime();
const errorKind = z
  .enum(TELEMETRY_ERROR_KINDS)
  .nullable()
  .meta({
    description:
      "what was refused, for a headline in the household's language: not_json (not JSON), bad_frame (JSON but not the format's structure), wrong_topic (a topic the format does not use), bad_value (a value refused: not a number, NaN, negative counter, implausible power, bad channel key, too many channels), bad_time (a timestamp refused: ahead, too old, clock not set, milliseconds), too_large (over the size limit), too_fast (over the device's rate limit), outside_prefix (a topic outside the device's prefix, dropped by the broker), records (the device's records for the gap repair could not be read); null for an error stored before kinds",
  });
const lastError = z
  .object({
    kind: errorKind,
    reason: z.string().meta({ description: "the technical detail, in English" }),
    at: timestamp,
  })
  .nullable()
  .meta({ description: "the last message refused, its kind, its detail, and when" });

export const mqttViewSchema = z.object({
  broker: z.object({ host: z.string(), port: z.number().int(), tls: z.boolean() }),
  username: z.string(),
  topic_prefix: z.string(),
  format: z.enum(TELEMETRY_FORMATS),
  has_password: z.boolean(),
  online: z.boolean().nullable().meta({ description: "null: never heard" }),
  last_seen: timestamp.nullable(),
  last_error: lastError,
});
type _MqttView = Assert<Same<z.output<typeof mqttViewSchema>, ReturnType<typeof toMqttView>>>;

export const mqttPasswordSchema = z.object({ username: z.string(), password: z.string().meta({ description: "shown this once" }) });

export const liveViewSchema = z.object({
  online: z.boolean().nullable(),
  last_seen: timestamp.nullable(),
  last_error: lastError,
  measurements: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      display_name: z.string().nullable(),
      measure_type: z.enum(MEASURE_TYPES),
      classification: z.enum(CLASSIFICATIONS).nullable(),
      power_w: z.number().nullable().meta({ description: "W, negative = export; null when none yet" }),
      apparent_va: z.number().nullable().meta({ description: "VA, the apparent power a Linky's TIC gives (never taken for W); null when none in the last 5 minutes" }),
      import_wh_today: z.number(),
      export_wh_today: z.number(),
      at: timestamp.nullable(),
    }),
  ),
});
type _LiveView = Assert<Same<z.output<typeof liveViewSchema>, ReturnType<typeof toLiveView>>>;

export const seriesViewSchema = z.object({
  step: z.enum(TELEMETRY_STEPS),
  measurements: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      points: z.array(
        z.object({
          start: timestamp,
          power_w_avg: z.number().nullable(),
          power_w_min: z.number().nullable(),
          power_w_max: z.number().nullable(),
          import_wh: z.number(),
          export_wh: z.number(),
        }),
      ),
    }),
  ),
});
type _SeriesView = Assert<Same<z.output<typeof seriesViewSchema>, ReturnType<typeof toSeriesView>>>;

const role = z.enum(["grid", "solar", "ev", "consumer", "none"]);

export const nowViewSchema = z.object({
  at: timestamp.nullable().meta({ description: "the latest reading's time; null when no device sent in the last 5 minutes" }),
  grid_w: z.number().nullable().meta({ description: "drawn from the grid (negative: sent to it); null without a live grid clamp" }),
  solar_w: z.number().nullable(),
  home_w: z.number().nullable().meta({ description: "the home's consumption: grid + solar" }),
  consumers: z.array(z.object({ device_id: z.number().int(), device: z.string(), measurement_id: z.number().int(), name: z.string(), measure_type: z.enum(MEASURE_TYPES), power_w: z.number() })),
  devices: z.array(z.object({ id: z.number().int(), device: z.string(), format: z.enum(TELEMETRY_FORMATS), online: z.boolean().nullable(), last_seen: timestamp.nullable(), meter_prm: z.string().nullable().meta({ description: "the PRM of the Linky a TIC reader reads, as its standard-mode frames say it (PRM label); null otherwise" }) })),
  attention: z.array(
    z.object({
      id: z.number().int(),
      device: z.string(),
      problem: z.enum(["offline", "error"]),
      since: timestamp.nullable(),
      kind: errorKind.meta({ description: "an error's kind (as last_error.kind); null when offline" }),
      detail: z.string().nullable().meta({ description: "an error's detail, in English" }),
    }),
  ),
});
type _NowView = Assert<Same<z.output<typeof nowViewSchema>, ReturnType<typeof toNowView>>>;

const energy = {
  grid_import_wh: z.number(),
  grid_export_wh: z.number(),
  solar_wh: z.number(),
  ev_wh: z.number(),
  consumers_wh: z.number(),
  home_wh: z.number().nullable().meta({ description: "grid import - grid export + solar; null without a grid clamp" }),
  rest_wh: z.number().nullable().meta({ description: "what no clamp measures: home - ev - consumers (never below 0)" }),
};

export const breakdownViewSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(["hour", "day"]),
  measurements: z.array(z.object({ id: z.number().int(), device: z.string(), name: z.string(), measure_type: z.enum(MEASURE_TYPES), role, wh: z.number() })),
  total: z.object(energy),
  points: z.array(z.object({ start: timestamp, ...energy })),
  reconciliation: z
    .object({ day: z.string(), linky_wh: z.number().nullable(), clamps_wh: z.number().nullable(), gap_pct: z.number().nullable() })
    .nullable()
    .meta({ description: "yesterday: the grid clamps' import against the Linky day (the reference)" }),
});
type _BreakdownView = Assert<Same<z.output<typeof breakdownViewSchema>, ReturnType<typeof toBreakdownView>>>;
