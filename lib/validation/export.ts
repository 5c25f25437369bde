// `GET /api/v1/meters/{id}/export`'s query (docs/data-rights.md, "Routes"). No server imports: the
// My Account links are built from the same names.
import { z } from "./zod";
import { EXPORT_KINDS, type ExportKind } from "@/lib/energy/export/types";
import { CSV_DIALECTS, EXPORT_FORMATS } from "@/lib/energy/export/url";

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (s: string) => DAY_RE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
const day = (label: string) => z.string().refine(isRealDay, `${label} must be a day written YYYY-MM-DD`);

export const exportQuerySchema = z
  .object({
    format: z.enum(EXPORT_FORMATS, { error: "format must be one of: csv, xml" }).default("csv"),
    /** CSV only: `fr` (French Excel: `;`, decimal comma, BOM) or `en` (`,`, decimal point); ignored for XML */
    dialect: z.enum(CSV_DIALECTS, { error: "dialect must be one of: fr, en" }).default("fr"),
    /** a comma-separated list; default both curves */
    kinds: z
      .string()
      .max(40)
      .transform((s) => s.split(",").map((k) => k.trim()))
      .refine((ks) => ks.every((k) => (EXPORT_KINDS as readonly string[]).includes(k)), "kinds must be a comma-separated list of: consumption, production")
      .transform((ks) => ks as ExportKind[])
      .optional(),
    /** Paris days: `from` inclusive, `to` exclusive (as My Energy's periods) */
    from: day("from").optional(),
    to: day("to").optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && !(q.from < q.to)) ctx.addIssue({ code: "custom", path: ["to"], message: "to must be after from" });
    if (q.from && q.from < "2000-01-01") ctx.addIssue({ code: "custom", path: ["from"], message: "from must not be before 2000-01-01" });
  });
