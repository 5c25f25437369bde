import { authedRoute, pathId } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toOperatorOfferView } from "@/lib/serializers/flex-offers";
import { decideOffer, offerChanges, operatorOffer } from "@/lib/services/flex/offers";

// POST /api/v1/flex_offers/{id}/reject (admin): an offered offer rejected, until it expires
export const POST = authedRoute(
  async ({ caller, params }) => {
    const id = pathId(params, "id", "Offer");
    await decideOffer(caller, id, false);
    return ok(toOperatorOfferView(await operatorOffer(caller, id), (await offerChanges([id])).get(id) ?? []));
  },
  { role: "admin" },
);
