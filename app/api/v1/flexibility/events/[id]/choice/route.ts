import { authedRoute, pathId } from "@/lib/http/route";
import { readJsonBody, validate } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toHouseholdEventView } from "@/lib/serializers/flex";
import { choose } from "@/lib/services/flex/events";
import { participationSchema } from "@/lib/validation/flex";

// PUT /api/v1/flexibility/events/{id}/choice: {opted_in}, until the event starts (a new dated row each time)
export const PUT = authedRoute(async ({ req, caller, params }) => {
  const id = pathId(params, "id", "Event");
  const body = validate(participationSchema, await readJsonBody(req));
  return ok(toHouseholdEventView(await choose(caller, id, body.opted_in)));
});
