// What the two import routes share: the CSV body (streamed, at most IMPORT_MAX_BODY_BYTES), the
// query (meter_id, skip_bad_lines) and the per-user limits on imports and previews.
import { z } from "zod";
import type { Caller } from "@/lib/auth/caller";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { bodyChunks, refuseDeclaredOver } from "@/lib/http/body-stream";
import { parseQuery } from "@/lib/http/parse";
import { consume } from "@/lib/services/rate-limit/sliding-window";
import { IMPORT_MAX_BODY_BYTES } from "@/lib/shared/body-limits.mjs";
import { idQueryParam } from "@/lib/validation/common";

const query = z.object({
  meter_id: idQueryParam("meter_id").optional(),
  skip_bad_lines: z.enum(["true", "false"]).optional(),
});

/** Types a browser or curl may give a .csv file sent as the body itself. */
const CSV_TYPES = new Set(["text/csv", "text/plain", "application/csv", "application/vnd.ms-excel", "application/octet-stream", "text/comma-separated-values"]);

/** A CSV file sent as the body itself, at most IMPORT_MAX_BODY_BYTES: anything else refused before the body is read (415, 413). Also the community's ACC import. */
export function refuseAllButCsv(req: Request) {
  const type = req.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (type && !CSV_TYPES.has(type)) {
    throw new DomainError("unsupported_media", `Send the CSV file itself as the request body (Content-Type: text/csv), not ${type}`);
  }
  refuseDeclaredOver(req, IMPORT_MAX_BODY_BYTES);
}

/**
 * The request's query and its body as chunks. The body is the file itself (`fetch(url, {method:
 * "POST", body: file})`, `curl --data-binary @file.csv -H 'Content-Type: text/csv'`); a bad query
 * (422), a form (multipart or urlencoded) or JSON (415) and a declared size over the limit (413)
 * are refused here, before anything is read and before the request counts against a limit.
 */
export function importRequest(req: Request) {
  const q = parseQuery(req, query);
  refuseAllButCsv(req);
  return {
    target: { meterId: q.meter_id },
    skipBadLines: q.skip_bad_lines === "true",
    body: bodyChunks(req, IMPORT_MAX_BODY_BYTES),
  };
}

/**
 * One import (or one preview) by this user, or 429 with Retry-After past IMPORTS_MAX_PER_HOUR
 * (IMPORT_PREVIEWS_MAX_PER_HOUR): each parses up to 20 MB, and an import then writes up to ten
 * years of readings in one transaction. Previews have their own, larger allowance (a household may
 * try a few files before importing one; a preview writes nothing). Taken after `importRequest`'s
 * cheap checks and before the body is read; the rate-limit table counts every app process together.
 */
export async function takeImportAttempt(caller: Caller, what: "import" | "preview"): Promise<void> {
  const max = what === "import" ? env().IMPORTS_MAX_PER_HOUR : env().IMPORT_PREVIEWS_MAX_PER_HOUR;
  await consume([{ bucket: what === "import" ? "import-user" : "import-preview-user", key: String(caller.id), max, windowMs: 3_600_000 }]);
}
