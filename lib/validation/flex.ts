// Community flexibility: the bodies of the event, the choice and the settings routes
// (docs/flexibility.md). The window's own rules (on the half hour, one local day, not in the past)
// are lib/flex/events.ts windowProblem, checked by the service with the clock.
import { z } from "./zod";
import { requiredText } from "./common";

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

export const flexSettingsSchema = z.strictObject({
  auto_opt_in: z.boolean({ error: (i) => (i.input === undefined ? "auto_opt_in is required" : "auto_opt_in must be true or false") }),
});

/** GET /api/v1/flex_events/{id}/results: the answer's format. */
export const resultsQuerySchema = z.object({
  format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
});
