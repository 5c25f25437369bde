import { authedRoute } from "@/lib/http/route";
import { readJsonBody, validate } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toHouseholdOffersView } from "@/lib/serializers/flex-offers";
import { sendOffers } from "@/lib/services/flex/offers";
import { sendOffersSchema } from "@/lib/validation/flex";

// POST /api/v1/flexibility/offers/send: {ids?}, the household's drafts offered to the operator (all of the coming week's without ids)
export const POST = authedRoute(async ({ req, caller }) => {
  const body = validate(sendOffersSchema, await readJsonBody(req));
  return ok(toHouseholdOffersView(await sendOffers(caller, body.ids ?? null)));
});
