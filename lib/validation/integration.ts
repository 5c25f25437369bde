import { z } from "./zod";
import { INTEGRATION_NAMES } from "@/lib/enums";

export const integrationNameSchema = z.enum(INTEGRATION_NAMES);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = (field: string) =>
  z
    .string()
    .max(10, { message: `${field} must be a date as YYYY-MM-DD`, abort: true })
    .regex(DATE, { message: `${field} must be a date as YYYY-MM-DD` })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { message: `${field} is not a valid date` });

const LINKY_MAX_DAYS = 7;
/** The longest value of any other query parameter (codes, states, vendor error texts). */
const QUERY_TEXT_MAX = 2048;

/**
 * The query of the Linky load curve calls: both dates or neither (the last 7 days); `end`
 * after `start`, at most 7 days apart. `api_key` is accepted and ignored.
 */
export const linkyCurveQuerySchema = z
  .object({ start: isoDate("start").optional(), end: isoDate("end").optional(), api_key: z.string().max(QUERY_TEXT_MAX).optional() })
  .superRefine((q, ctx) => {
    if ((q.start === undefined) !== (q.end === undefined)) {
      ctx.addIssue({ code: "custom", path: [q.start === undefined ? "start" : "end"], message: "start and end go together" });
      return;
    }
    if (q.start === undefined || q.end === undefined) return;
    const days = (Date.parse(q.end) - Date.parse(q.start)) / 86_400_000;
    if (days <= 0) ctx.addIssue({ code: "custom", path: ["end"], message: "end must be after start" });
    else if (days > LINKY_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["end"], message: `The period cannot exceed ${LINKY_MAX_DAYS} days` });
  });
export type LinkyCurveQuery = z.infer<typeof linkyCurveQuerySchema>;

/** DELETE /api/integrations/{id}?delete_data=true: also delete its meters and their readings (default false: keep the history). */
export const unlinkQuerySchema = z.object({
  delete_data: z
    .enum(["true", "false"], { error: "delete_data must be true or false" })
    .optional()
    .transform((v) => v === "true"),
});
