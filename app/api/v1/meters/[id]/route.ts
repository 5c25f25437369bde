import { authedRoute, pathId } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { getMeterOrThrow } from "@/lib/services/meters";
import { toMeterView } from "@/lib/serializers/meter";

// GET /api/v1/meters/{id}: one meter and its sync progress
export const GET = authedRoute(async ({ caller, params }) => ok(toMeterView(await getMeterOrThrow(caller, pathId(params, "id", "Meter")))));
