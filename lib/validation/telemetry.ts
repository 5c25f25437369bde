// Live telemetry's inputs (docs/telemetry.md): a device's MQTT settings and its series' query.
// No server imports: the device page's form uses the same rules.
import { z } from "./zod";
import { TELEMETRY_FORMATS } from "@/lib/telemetry/formats/types";
import { isValidPrefix } from "@/lib/telemetry/channels";
import { dayString } from "./energy";

export const TELEMETRY_STEPS = ["1m", "15m", "1h", "1d"] as const;
export type TelemetryStep = (typeof TELEMETRY_STEPS)[number];

const PREFIX_RULE = "A topic prefix is 1 to 128 characters, without + or #, and does not start or end with / (nor start with $)";

/** PUT /api/v1/device_info/{id}/mqtt */
export const mqttUpdateSchema = z
  .object({
    topic_prefix: z.string({ error: "topic_prefix must be a string" }).refine(isValidPrefix, PREFIX_RULE).optional(),
    format: z.enum(TELEMETRY_FORMATS, { error: `format must be one of: ${TELEMETRY_FORMATS.join(", ")}` }).optional(),
  })
  .strict();

const instant = (label: string) =>
  z
    .string()
    .refine((v) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), `${label} must be an ISO timestamp (e.g. 2026-12-06T08:00:00Z)`)
    .transform((v) => new Date(v))
    .refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100, `${label} must be between the years 2000 and 2100`);

/** GET /api/v1/device_info/{id}/series: start and end (end excluded), the step (default from the range) */
export const seriesQuerySchema = z.object({
  start: instant("start").optional(),
  end: instant("end").optional(),
  step: z.enum(TELEMETRY_STEPS, { error: `step must be one of: ${TELEMETRY_STEPS.join(", ")}` }).optional(),
});

/** GET /api/v1/energy/breakdown: local days (Europe/Paris), both included; hours or days (default: hours up to two days) */
export const breakdownQuerySchema = z.object({
  from: dayString("from"),
  to: dayString("to"),
  bucket: z.enum(["hour", "day"], { error: "bucket must be hour or day" }).optional(),
});
