import { authedRoute, pathId } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toOperatorOfferView } from "@/lib/serializers/flex-offers";
import { offerChanges, operatorOffer } from "@/lib/services/flex/offers";

// GET /api/v1/flex_offers/{id} (admin): one offer with its history of statuses
export const GET = authedRoute(
  async ({ caller, params }) => {
    const offer = await operatorOffer(caller, pathId(params, "id", "Offer"));
    return ok(toOperatorOfferView(offer, (await offerChanges([offer.id])).get(offer.id) ?? []));
  },
  { role: "admin" },
);
