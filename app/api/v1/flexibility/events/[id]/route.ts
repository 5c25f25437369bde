import { authedRoute, pathId } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toHouseholdEventView } from "@/lib/serializers/flex";
import { householdEvent } from "@/lib/services/flex/events";

// GET /api/v1/flexibility/events/{id}: one event, the household's choice, baseline and result
export const GET = authedRoute(async ({ caller, params }) => ok(toHouseholdEventView(await householdEvent(caller, pathId(params, "id", "Event")))));
