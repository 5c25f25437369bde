// Manual week-ahead schedules: the schema, once, for the editor and the handlers. The rules it and
// the editor share (months, days, hours, their names, overlaps, splitting) are lib/schedules/rules.ts.
import { z } from "./zod";
import { MAX_PARTS, NAME_MAX, OVERLAP_DETAIL, overlappingMonths, POWER_MAX, POWER_MIN } from "@/lib/schedules/rules";

const distinctInts = (label: string, min: number, max: number, what: string) =>
  z
    .array(
      z.number({ error: `${label} must hold whole numbers from ${min} to ${max}` }).int(`${label} must hold whole numbers from ${min} to ${max}`).min(min, `${label} must hold ${what} from ${min} to ${max}`).max(max, `${label} must hold ${what} from ${min} to ${max}`),
      { error: (i) => (i.input === undefined ? `${label} are required` : `${label} must be a list`) },
    )
    .min(1, `Choose at least one ${what.replace(/s$/, "")}`)
    .refine((a) => new Set(a).size === a.length, `${label} must not repeat a value`)
    .transform((a) => [...a].sort((x, y) => x - y));

const power = z
  .number({ error: (i) => (i.input === undefined ? "Average power is required" : "Average power must be a number") })
  .min(POWER_MIN, `Average power must be from ${POWER_MIN} to ${POWER_MAX} W`)
  .max(POWER_MAX, `Average power must be from ${POWER_MIN} to ${POWER_MAX} W`);

const months = distinctInts("Months", 1, 12, "months");
const days = distinctInts("Days", 0, 6, "days");
const hours = distinctInts("Hours", 0, 23, "hours");

const schedulePartSchema = z.object({ months, days, hours, average_power: power });
export type SchedulePart = z.infer<typeof schedulePartSchema>;

/** The `data` of a schedule (POST body, PUT body or a record's `data`). */
export const scheduleDataSchema = z
  .object({
    der_name: z
      .string({ error: (i) => (i.input === undefined ? "Name is required" : "Name must be text") })
      .trim()
      .min(1, "Name is required")
      .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
    average_power: power,
    months,
    days,
    hours,
    start_date: z
      .string({ error: "start_date must be an ISO date-time" })
      .max(40, { error: "start_date must be an ISO date-time", abort: true })
      .pipe(z.iso.datetime({ offset: true, error: "start_date must be an ISO date-time" }))
      .optional()
      .transform((s) => new Date(s ?? Date.now()).toISOString()),
    schedules: z.array(schedulePartSchema, { error: "schedules must be a list" }).max(MAX_PARTS, `A schedule has at most ${MAX_PARTS} parts`).optional(),
  })
  .superRefine((v, ctx) => {
    const overlap = overlappingMonths(v.schedules ?? []);
    if (overlap.length) {
      // the summary becomes the response's detail (lib/http/parse.ts reads params.detail)
      ctx.addIssue({ code: "custom", path: ["schedules"], message: `Overlapping months: ${overlap.join(", ")}`, params: { detail: OVERLAP_DETAIL } });
    }
  });
export type ScheduleData = z.infer<typeof scheduleDataSchema>;
export type ScheduleDataInput = z.input<typeof scheduleDataSchema>;
