import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// next-auth's own endpoints (sign-in, sign-out, session, CSRF); built per request so that
// `next build` needs no secret
async function handler(req: Request, ctx: Ctx) {
  return NextAuth(authOptions())(req, ctx);
}
export { handler as GET, handler as POST };
