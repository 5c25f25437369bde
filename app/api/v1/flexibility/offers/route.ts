import { authedRoute } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toHouseholdOffersView } from "@/lib/serializers/flex-offers";
import { householdOffers } from "@/lib/services/flex/offers";
import { householdOffersQuerySchema } from "@/lib/validation/flex";

// GET /api/v1/flexibility/offers?week=: the household's offers of a week (the coming one, its drafts prepared from its schedules as they are now)
export const GET = authedRoute(async ({ req, caller }) => {
  const { week } = parseQuery(req, householdOffersQuerySchema);
  return ok(toHouseholdOffersView(await householdOffers(caller, week ?? null)));
});
