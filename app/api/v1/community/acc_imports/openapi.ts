import { accImportQuerySchema } from "@/lib/validation/community";
import { importViewSchema, reconciliationViewSchema } from "@/lib/openapi/schemas/community";
import { describeRoute, created, csv, list } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/community/acc_imports", {
  GET: {
    tag: "Community", access: "admin",
    summary: "The imports of Enedis' ACC data, newest first; all of them in one page",
    responses: { 200: list(importViewSchema, "Every import, as a JSON array") },
  },
  POST: {
    tag: "Community", access: "admin",
    summary: "Import Enedis' ACC data (prm;type;horodate;pas;valeur_wh, docs/community.md) and answer its reconciliation with Foyer's figures; a file with any bad line stores nothing",
    query: accImportQuerySchema,
    body: { content: csv, description: "the CSV file itself (at most 20 MB)" },
    responses: { 201: created(reconciliationViewSchema) },
    errors: { 400: "The file is not UTF-8 text", 413: "The file is over 20 MB", 415: "Not a CSV body (a form or JSON)" },
  },
});
