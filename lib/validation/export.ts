// `GET /api/v1/meters/{id}/export`'s query (docs/data-rights.md, "Routes"). No server imports: the
// My Account links are built from the same names.
import { z } from "zod";
import { EXPORT_KINDS, type ExportKind } from "@/lib/energy/export/types";

export const EXPORT_FORMATS = ["csv", "xml"] as const;
export const CSV_DIALECTS = ["fr", "en"] as const;

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

/** The route's address for one meter, as the My Account links write it. */
export function exportUrl(meterId: number, q: { format: (typeof EXPORT_FORMATS)[number]; dialect?: (typeof CSV_DIALECTS)[number] }): string {
  const p = new URLSearchParams({ format: q.format });
  if (q.format === "csv") p.set("dialect", q.dialect ?? "fr");
  return `/api/v1/meters/${meterId}/export?${p}`;
}
