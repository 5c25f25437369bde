import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toUserView } from "@/lib/serializers/user";
import { acceptTos } from "@/lib/services/users/accounts";

// POST /api/v1/users/me/accept_tos: accept the privacy notice
export const POST = authedRoute(async ({ caller }) => ok(toUserView(await acceptTos(caller))));
