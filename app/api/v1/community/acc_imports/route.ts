import { authedRoute } from "@/lib/http/route";
import { created, listResponse } from "@/lib/http/respond";
import { accBody } from "@/lib/services/community/acc-http";
import { toImportView, toReconciliationView } from "@/lib/serializers/community";
import { importAcc, listImports, reconcileImport } from "@/lib/services/community/acc";

// GET /api/v1/community/acc_imports (admin): the imports of Enedis' ACC data, newest first
export const GET = authedRoute(
  async ({ caller }) => {
    const rows = (await listImports(caller)).map(toImportView);
    return listResponse(rows, rows.length);
  },
  { role: "admin" },
);

// POST /api/v1/community/acc_imports[?file_name=] (admin): body the CSV (text/csv, docs/community.md layout) → 201 its reconciliation; a file with any bad line stores nothing (422)
export const POST = authedRoute(
  async ({ req, caller }) => {
    const { fileName, text } = await accBody(req);
    const imp = await importAcc(caller, fileName, text);
    return created(toReconciliationView(await reconcileImport(caller, imp.id)));
  },
  { role: "admin" },
);
