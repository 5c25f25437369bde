import { authedRoute, pathId } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { tariffComparison } from "@/lib/services/energy/tariff-comparison";

// GET /api/v1/meters/{id}/tariff-comparison: the last 12 full months under Base, HP/HC and Tempo
export const GET = authedRoute(async ({ caller, params }) => ok(await tariffComparison(caller, pathId(params, "id", "Meter"))));
