// What the export route needs besides the use case: its query as an ExportRequest (Paris days to
// instants) and the per-user limit on exports started.
import type { Caller } from "@/lib/auth/caller";
import { env } from "@/lib/env";
import { parseQuery } from "@/lib/http/parse";
import { parisDayStart } from "@/lib/time/paris";
import { consume } from "@/lib/services/rate-limit/sliding-window";
import { exportQuerySchema } from "@/lib/validation/export";
import type { ExportRequest } from "./meter-history";

/** The query of `GET /api/v1/meters/{id}/export` (422 on a bad one). */
export function exportRequest(req: Request): ExportRequest {
  const q = parseQuery(req, exportQuerySchema);
  const range = { kinds: q.kinds, from: q.from ? new Date(parisDayStart(q.from)) : undefined, to: q.to ? new Date(parisDayStart(q.to)) : undefined };
  return q.format === "csv" ? { format: "csv", dialect: q.dialect, ...range } : { format: "xml", ...range };
}

/**
 * One export started by this user, or 429 with Retry-After past EXPORTS_MAX_PER_HOUR: ten years of
 * one meter is a few seconds of a database connection and ~10 MB out, cheap once, not in a loop.
 * The rate-limit table's mechanism (lib/services/rate-limit), so every app process counts together.
 */
export async function takeExportAttempt(caller: Caller): Promise<void> {
  await consume([{ bucket: "export-user", key: String(caller.id), max: env().EXPORTS_MAX_PER_HOUR, windowMs: 3_600_000 }]);
}
