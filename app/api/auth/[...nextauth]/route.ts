import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";
import { asJsonError, credentialsCallbackByGet, withWordErrorCode } from "@/lib/auth/next-auth-http";
import { asBrowserSessionCookies } from "@/lib/auth/session-cookie";
import { errorResponse } from "@/lib/http/errors";
import { requestInfo } from "@/lib/http/route";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// next-auth's own endpoints (sign-in, sign-out, session, CSRF); built per request so that
// `next build` needs no secret. A session without "Remember me" gets a browser-session cookie.
// Its errors answer as the API's do: JSON, a database fault 503, anything thrown a logged 500.
async function handler(req: NextRequest, ctx: Ctx) {
  try {
    const segments = (await ctx.params).nextauth;
    const refused = credentialsCallbackByGet(req, segments);
    if (refused) return refused;
    withWordErrorCode(req, segments);
    return await asJsonError(await asBrowserSessionCookies(await NextAuth(authOptions())(req, ctx)));
  } catch (err) {
    return errorResponse(err, requestInfo(req));
  }
}
export { handler as GET, handler as POST };
