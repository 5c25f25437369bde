// The ACC import's request: the CSV file itself as the body (Content-Type text/csv, at most
// IMPORT_MAX_BODY_BYTES), its name in ?file_name=; anything else refused before the body is read.
import { DomainError, badRequest } from "@/lib/errors";
import { refuseDeclaredOver } from "@/lib/http/body-stream";
import { parseQuery, readBodyBytes } from "@/lib/http/parse";
import { IMPORT_MAX_BODY_BYTES } from "@/lib/shared/body-limits.mjs";
import { accImportQuerySchema } from "@/lib/validation/community";

const CSV_TYPES = new Set(["text/csv", "text/plain", "application/csv", "application/vnd.ms-excel", "application/octet-stream", "text/comma-separated-values"]);

export async function accBody(req: Request): Promise<{ fileName: string; text: string }> {
  const q = parseQuery(req, accImportQuerySchema);
  const type = req.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (type && !CSV_TYPES.has(type)) throw new DomainError("unsupported_media", `Send the CSV file itself as the request body (Content-Type: text/csv), not ${type}`);
  refuseDeclaredOver(req, IMPORT_MAX_BODY_BYTES);
  const bytes = await readBodyBytes(req, IMPORT_MAX_BODY_BYTES);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("The file is not UTF-8 text");
  }
  return { fileName: q.file_name ?? "acc.csv", text };
}
