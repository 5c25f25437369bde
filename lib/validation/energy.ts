// My Energy's inputs (docs/my-energy.md): the energy query and the household's tariff settings.
// No server imports: the view's forms use the same rules.
import { z } from "./zod";
import { KVA_STEPS, TARIFF_OPTIONS } from "@/lib/energy/tariff-options";
import { HALF_HOUR_MESSAGE, HALF_HOUR_TIME, halfHoursOf, MAX_OFFPEAK_RANGES, offpeakRangeProblems } from "./offpeak";

export const BUCKETS = ["30min", "hour", "day", "month"] as const;
export type Bucket = (typeof BUCKETS)[number];
const COMPARE_KINDS = ["none", "previous", "last_year"] as const;
export type CompareKind = (typeof COMPARE_KINDS)[number];

/** The longest period each explicit bucket may cover, in days (month: 10 years, the range's own limit). */
export const BUCKET_LIMIT_DAYS: Record<Bucket, number> = { "30min": 31, hour: 62, day: 1461, month: 3653 };

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (s: string) => {
  if (!DAY_RE.test(s)) return false;
  const t = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === s;
};
export const dayString = (label: string) => z.string({ error: `${label} is required (YYYY-MM-DD)` }).refine(isRealDay, `${label} must be a day written YYYY-MM-DD`);

const shiftYears = (day: string, n: number) => {
  const [y, m, d] = day.split("-").map(Number);
  const last = new Date(Date.UTC(y + n, m, 0)).getUTCDate();
  return `${String(y + n).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
};

/** `GET /api/v1/meters/{id}/energy`'s query. `today` (Paris) bounds `to`. */
export const energyQuerySchema = (today: string) =>
  z
    .object({
      from: dayString("from"),
      to: dayString("to"),
      bucket: z.enum(["auto", ...BUCKETS], { error: "bucket must be one of: auto, 30min, hour, day, month" }).default("auto"),
      compare: z.enum(COMPARE_KINDS, { error: "compare must be one of: none, previous, last_year" }).default("none"),
      max_points: z
        .string()
        .regex(/^\d{1,5}$/, "max_points must be an integer from 10 to 5000")
        .transform(Number)
        .refine((n) => n >= 10 && n <= 5000, "max_points must be an integer from 10 to 5000")
        .default(1500),
    })
    .superRefine((q, ctx) => {
      if (!(q.from < q.to)) return void ctx.addIssue({ code: "custom", path: ["to"], message: "to must be after from" });
      if (q.from < "2000-01-01") ctx.addIssue({ code: "custom", path: ["from"], message: "from must not be before 2000-01-01" });
      if (q.to > shiftYears(today, 1)) ctx.addIssue({ code: "custom", path: ["to"], message: "to must be at most one year from today" });
      if (q.to > shiftYears(q.from, 10)) ctx.addIssue({ code: "custom", path: ["to"], message: "The period must be at most 10 years" });
    });
export type EnergyQuery = z.output<ReturnType<typeof energyQuerySchema>>;

const offpeakRangeSchema = z.object({
  from: z.string({ error: "from must be a time HH:MM" }).regex(HALF_HOUR_TIME, HALF_HOUR_MESSAGE),
  to: z.string({ error: "to must be a time HH:MM" }).regex(HALF_HOUR_TIME, HALF_HOUR_MESSAGE),
});
export { halfHoursOf };

const offpeakSchema = z
  .object({
    valid_from: dayString("valid_from").optional(),
    ranges: z.array(offpeakRangeSchema, { error: "ranges must be a list of {from, to}" }).max(MAX_OFFPEAK_RANGES, `At most ${MAX_OFFPEAK_RANGES} off-peak ranges`),
  })
  .superRefine((o, ctx) => {
    offpeakRangeProblems(o.ranges).forEach((message, i) => message && ctx.addIssue({ code: "custom", path: ["ranges", i], message }));
  });

/** `PATCH /api/v1/meters/{id}`: the household's tariff settings; null goes back to the contract's. */
export const meterTariffSchema = z
  .object({
    tariff: z.enum(TARIFF_OPTIONS, { error: "tariff must be one of: base, hphc, tempo" }).nullable().optional(),
    subscribed_kva: z
      .number({ error: `subscribed_kva must be one of: ${KVA_STEPS.join(", ")}` })
      .refine((k) => (KVA_STEPS as readonly number[]).includes(k), `subscribed_kva must be one of: ${KVA_STEPS.join(", ")}`)
      .nullable()
      .optional(),
    offpeak: offpeakSchema.optional(),
  })
  .strict();
export type MeterTariffInput = z.output<typeof meterTariffSchema>;
