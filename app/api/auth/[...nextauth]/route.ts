import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";
import { asBrowserSessionCookies } from "@/lib/auth/session-cookie";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// next-auth's own endpoints (sign-in, sign-out, session, CSRF); built per request so that
// `next build` needs no secret. A session without "Remember me" gets a browser-session cookie.
async function handler(req: Request, ctx: Ctx) {
  return asBrowserSessionCookies(await NextAuth(authOptions())(req, ctx));
}
export { handler as GET, handler as POST };
