import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { isDatabaseUnavailable } from "@/lib/db/unavailable";
import { assertCleanText, validate } from "@/lib/http/parse";
import { loginSchema } from "@/lib/validation/auth";
import { authenticate } from "@/lib/services/auth/sign-in";
import { clientIp } from "./client-ip";
import { decodeSession, loadCaller, type Caller } from "./caller";
import { sessionTokenFrom } from "./session-token";

/**
 * Browser sessions: next-auth credentials with the JWT strategy in an httpOnly cookie. The JWT
 * carries the user id, their token version (a password change ends the session) and an absolute
 * expiry: REMEMBER_ME_DAYS with "Remember me", SESSION_HOURS without.
 */
export function authOptions(): NextAuthOptions {
  const e = env();
  return {
    secret: e.SECRET_KEY,
    session: { strategy: "jwt", maxAge: e.REMEMBER_ME_DAYS * 86400 },
    pages: { signIn: "/login", signOut: "/logout", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "E-mail",
        credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" }, remember: { label: "Remember me" } },
        async authorize(credentials, req) {
          try {
            // the API's own rules for these fields (lengths, no NUL or lone surrogates) before any work
            const fields = { username: credentials?.email ?? "", password: credentials?.password ?? "" };
            assertCleanText(fields);
            const { username: email, password } = validate(loginSchema, fields);
            const user = await authenticate(email, password, clientIp(req.headers ?? {}));
            return { id: String(user.id), email: user.email, ver: user.tokenVersion, remember: credentials?.remember === "true" };
          } catch (err) {
            // next-auth hands this message to signIn()'s result
            if (err instanceof DomainError) throw new Error(err.detail);
            if (isDatabaseUnavailable(err)) throw new Error("Foyer is temporarily unavailable, please try again in a moment");
            throw err;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const u = user as unknown as { id: string; ver: number; remember: boolean };
          token.uid = Number(u.id);
          token.ver = u.ver;
          token.sessionExpires = Math.floor(Date.now() / 1000) + (u.remember ? e.REMEMBER_ME_DAYS * 86400 : e.SESSION_HOURS * 3600);
          // the user is read by id on every request: a copy of the e-mail here would go stale when it changes
          delete token.email;
          delete token.name;
          delete token.picture;
        }
        return token;
      },
      async session({ session, token }) {
        (session as unknown as { uid: number }).uid = token.uid as number;
        if (typeof token.sessionExpires === "number") session.expires = new Date(token.sessionExpires * 1000).toISOString() as typeof session.expires;
        return session;
      },
    },
  };
}

/**
 * The signed-in user of a server page or layout (null when signed out, the session expired, the
 * password changed or the account was deactivated): the same rules as the API's cookie path.
 */
export async function currentUser(): Promise<Caller | null> {
  const { cookies } = await import("next/headers");
  const jar = await cookies();
  const raw = sessionTokenFrom((n) => jar.get(n)?.value);
  const claims = raw ? await decodeSession(raw) : null;
  return claims ? loadCaller(claims.uid, claims.ver, "cookie") : null;
}
