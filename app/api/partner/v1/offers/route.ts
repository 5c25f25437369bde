import { publicRoute } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { comingWeek } from "@/lib/flex/offers";
import { partnerOffers } from "@/lib/services/sharing/partner-api";
import { partnerOf } from "@/lib/services/sharing/partners";
import { offerWeekQuerySchema } from "@/lib/validation/flex";

// GET /api/partner/v1/offers?week= (a partner's token): the consenting households' offers of the week (the coming one by default) as UFTP FlexOffers, pseudonymised
export const GET = publicRoute(
  async ({ req }) => {
    const partner = await partnerOf(req);
    const { week } = parseQuery(req, offerWeekQuerySchema);
    return ok(await partnerOffers(partner, week ?? comingWeek(Date.now())));
  },
  { noStore: true },
);
