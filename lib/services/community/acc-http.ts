// The ACC import's request: the CSV file itself as the body (Content-Type text/csv, at most
// IMPORT_MAX_BODY_BYTES, the energy imports' rule: lib/services/imports/http.ts), its name in
// ?file_name=; anything else refused before the body is read.
import { badRequest } from "@/lib/errors";
import { parseQuery, readBodyBytes } from "@/lib/http/parse";
import { refuseAllButCsv } from "@/lib/services/imports/http";
import { IMPORT_MAX_BODY_BYTES } from "@/lib/shared/body-limits.mjs";
import { accImportQuerySchema } from "@/lib/validation/community";

export async function accBody(req: Request): Promise<{ fileName: string; text: string }> {
  const q = parseQuery(req, accImportQuerySchema);
  refuseAllButCsv(req);
  const bytes = await readBodyBytes(req, IMPORT_MAX_BODY_BYTES);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("The file is not UTF-8 text");
  }
  return { fileName: q.file_name ?? "acc.csv", text };
}
