import { authedRoute, pathId } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toOperatorEventView } from "@/lib/serializers/flex";
import { cancelEvent } from "@/lib/services/flex/events";

// POST /api/v1/flex_events/{id}/cancel (admin): before it starts; dated, never deleted
export const POST = authedRoute(async ({ caller, params }) => ok(toOperatorEventView(await cancelEvent(caller, pathId(params, "id", "Event")))), { role: "admin" });
