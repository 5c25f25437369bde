import { publicRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { partnerLive } from "@/lib/services/sharing/partner-api";
import { partnerOf } from "@/lib/services/sharing/partners";

// GET /api/partner/v1/live (a partner's token): each consenting household's power now, pseudonymised
export const GET = publicRoute(async ({ req }) => ok(await partnerLive(await partnerOf(req))), { noStore: true });
