import { authedRoute, pathId } from "@/lib/http/route";
import { readJsonBody, validate } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toHouseholdOffersView } from "@/lib/serializers/flex-offers";
import { editOffer } from "@/lib/services/flex/offers";
import { editOfferSchema } from "@/lib/validation/flex";

// PATCH /api/v1/flexibility/offers/{id}: {power_w}, a draft's power per period (at most the resource's capacity); a new draft supersedes it
export const PATCH = authedRoute(async ({ req, caller, params }) => {
  const id = pathId(params, "id", "Offer");
  const body = validate(editOfferSchema, await readJsonBody(req));
  return ok(toHouseholdOffersView(await editOffer(caller, id, body.power_w)));
});
