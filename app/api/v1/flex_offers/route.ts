import { authedRoute } from "@/lib/http/route";
import { parseListParams } from "@/lib/http/list";
import { listResponse } from "@/lib/http/respond";
import { toOperatorOfferView } from "@/lib/serializers/flex-offers";
import { operatorOffers } from "@/lib/services/flex/offers";
import { offerFiltersSchema } from "@/lib/validation/flex";

// GET /api/v1/flex_offers (admin): the offers households sent (not their drafts), by start; filters week, status, user_id
export const GET = authedRoute(
  async ({ req, caller }) => {
    const p = parseListParams(req, { sortable: ["starts_at"] as const, defaultSort: "starts_at", filters: offerFiltersSchema });
    const { items, total } = await operatorOffers(caller, { skip: p.skip, take: p.take, order: p.sort.order, ids: p.ids, week: p.filters.week, status: p.filters.status, userId: p.filters.user_id });
    return listResponse(items.map((o) => toOperatorOfferView(o)), total);
  },
  { role: "admin" },
);
