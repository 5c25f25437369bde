// What the two import routes share: the CSV body (streamed, at most IMPORT_MAX_BODY_BYTES) and
// the query (meter_id, skip_bad_lines).
import { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { bodyChunks } from "@/lib/http/body-stream";
import { parseQuery } from "@/lib/http/parse";
import { IMPORT_MAX_BODY_BYTES } from "@/scripts/lib/body-limits.mjs";

const query = z.object({
  meter_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  skip_bad_lines: z.enum(["true", "false"]).optional(),
});

/** Types a browser or curl may give a .csv file sent as the body itself. */
const CSV_TYPES = new Set(["text/csv", "text/plain", "application/csv", "application/vnd.ms-excel", "application/octet-stream", "text/comma-separated-values"]);

/**
 * The request's query and its body as chunks. The body is the file itself (`fetch(url, {method:
 * "POST", body: file})`, `curl --data-binary @file.csv -H 'Content-Type: text/csv'`); a form
 * (multipart or urlencoded) or JSON is refused with 415 before anything is read.
 */
export function importRequest(req: Request) {
  const q = parseQuery(req, query);
  const type = req.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (type && !CSV_TYPES.has(type)) {
    throw new ApiError(415, `Send the CSV file itself as the request body (Content-Type: text/csv), not ${type}`);
  }
  return {
    target: { meterId: q.meter_id },
    skipBadLines: q.skip_bad_lines === "true",
    body: bodyChunks(req, IMPORT_MAX_BODY_BYTES),
  };
}
