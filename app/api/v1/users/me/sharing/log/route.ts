import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toAccessLogView } from "@/lib/serializers/sharing";
import { accessLogOf } from "@/lib/services/sharing/consent";

// GET /api/v1/users/me/sharing/log: what partners read of the household, newest first (the last 200)
export const GET = authedRoute(async ({ caller }) => ok((await accessLogOf(caller.id)).map(toAccessLogView)));
