import { authedRoute, pathId } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toOperatorEventView } from "@/lib/serializers/flex";
import { operatorEvent } from "@/lib/services/flex/events";

// GET /api/v1/flex_events/{id} (admin)
export const GET = authedRoute(async ({ params }) => ok(toOperatorEventView(await operatorEvent(pathId(params, "id", "Event")))), { role: "admin" });
