// Live telemetry's answers (lib/serializers/telemetry.ts), checked against the serializers' types.
import { z } from "zod";
import type { toLiveView, toMqttView, toSeriesView } from "@/lib/serializers/telemetry";
import { CLASSIFICATIONS, MEASURE_TYPES } from "@/lib/enums";
import { TELEMETRY_FORMATS } from "@/lib/telemetry/formats/types";
import { TELEMETRY_STEPS } from "@/lib/validation/telemetry";
import type { Assert, Same } from "../same-type";

const timestamp = z.iso.datetime();
const lastError = z.object({ reason: z.string(), at: timestamp }).nullable().meta({ description: "the last message refused, in words, and when" });

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
