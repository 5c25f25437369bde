import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { tokenResponseBody } from "@/lib/auth/tokens";
import { refreshToken } from "@/lib/services/auth/sign-in";

// POST /api/token/refresh: a fresh token with the caller's current claims
export const POST = authedRoute(async ({ caller }) => ok(tokenResponseBody(await refreshToken(caller))));
