import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toComparisonView } from "@/lib/serializers/community";
import { homesLikeMine } from "@/lib/services/community/household";

// GET /api/v1/users/me/homes_like_mine: the last complete month and 12 months against similar homes (only with 10 or more of them) and the national average
export const GET = authedRoute(async ({ caller }) => ok(toComparisonView(await homesLikeMine(caller))));
