import { authedRoute, pathId } from "@/lib/http/route";
import { requestSync } from "@/lib/services/meters/meters";
import { toMeterView } from "@/lib/serializers/meter";

// POST /api/v1/meters/{id}/sync: "Sync now", a catch-up queued (never a second parallel sync) → 202
export const POST = authedRoute(async ({ caller, params }) =>
  Response.json(toMeterView(await requestSync(caller, pathId(params, "id", "Meter"))), { status: 202 }),
);
