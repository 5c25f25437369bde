import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toUserView } from "@/lib/serializers/user";
import { getUserOrThrow } from "@/lib/services/users/accounts";

// GET /api/v1/users/me: the caller's profile
export const GET = authedRoute(async ({ caller }) => ok(toUserView(await getUserOrThrow(caller, caller.id))));
