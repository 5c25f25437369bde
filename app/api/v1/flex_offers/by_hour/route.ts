import { authedRoute } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { comingWeek } from "@/lib/flex/offers";
import { toWeekFlexView } from "@/lib/serializers/flex-offers";
import { weekFlexibility } from "@/lib/services/flex/offers";
import { offerWeekQuerySchema } from "@/lib/validation/flex";

// GET /api/v1/flex_offers/by_hour?week= (admin): the community's flexibility offered and accepted, kW down and up, per hour of the week (the coming one by default)
export const GET = authedRoute(
  async ({ req, caller }) => {
    const { week } = parseQuery(req, offerWeekQuerySchema);
    return ok(toWeekFlexView(await weekFlexibility(caller, week ?? comingWeek(Date.now()))));
  },
  { role: "admin" },
);
