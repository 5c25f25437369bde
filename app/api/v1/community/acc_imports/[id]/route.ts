import { authedRoute, pathId } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toReconciliationView } from "@/lib/serializers/community";
import { reconcileImport } from "@/lib/services/community/acc";

// GET /api/v1/community/acc_imports/{id} (admin): an import's reconciliation against Foyer's figures, its gaps in words
export const GET = authedRoute(async ({ caller, params }) => ok(toReconciliationView(await reconcileImport(caller, pathId(params, "id", "Import")))), { role: "admin" });
