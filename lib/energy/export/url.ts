// The export route's formats and the address My Account links to (no zod here: the page builds the
// links without loading the query's schema, lib/validation/export.ts, which reads these names).
export const EXPORT_FORMATS = ["csv", "xml"] as const;
export const CSV_DIALECTS = ["fr", "en"] as const;

/** The route's address for one meter, as the My Account links write it. */
export function exportUrl(meterId: number, q: { format: (typeof EXPORT_FORMATS)[number]; dialect?: (typeof CSV_DIALECTS)[number] }): string {
  const p = new URLSearchParams({ format: q.format });
  if (q.format === "csv") p.set("dialect", q.dialect ?? "fr");
  return `/api/v1/meters/${meterId}/export?${p}`;
}
