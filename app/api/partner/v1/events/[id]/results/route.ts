import { pathId, publicRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { partnerEventResults } from "@/lib/services/sharing/partner-api";
import { partnerOf } from "@/lib/services/sharing/partners";

// GET /api/partner/v1/events/{id}/results (a partner's token): the consenting participants' settlements, pseudonymised
export const GET = publicRoute(async ({ req, params }) => {
  const partner = await partnerOf(req);
  return ok(await partnerEventResults(partner, pathId(params, "id", "Event")));
}, { noStore: true });
