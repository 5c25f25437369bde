import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toMyCommunityView } from "@/lib/serializers/community";
import { myCommunity } from "@/lib/services/community/household";

// GET /api/v1/users/me/community: the household's part in the operation, and per month of the last 12 its allocated local production and savings
export const GET = authedRoute(async ({ caller }) => ok(toMyCommunityView(await myCommunity(caller))));
