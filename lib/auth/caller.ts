import { decode } from "next-auth/jwt";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { acceptedCurrentNotice } from "@/lib/privacy/notice";
import { cookieHeaderGetter, sessionTokenFrom } from "./session-token";
import { verifyAccessToken } from "./tokens";

/** Who is calling: resolved once per request, from a bearer token or the session cookie. */
export type Caller = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isSuperuser: boolean;
  /** accepted the current privacy notice (lib/privacy/notice.ts) */
  acceptedTos: boolean;
  tokenVersion: number;
  via: "bearer" | "cookie";
};

/** What our next-auth JWT carries (see lib/auth/next-auth.ts). */
export type SessionClaims = { uid: number; ver: number; sessionExpires: number };


/** Whether a session was opened with "Remember me": it outlives a plain one (SESSION_HOURS), with a minute's slack. */
export const isRemembered = (claims: SessionClaims, now = Date.now()) => claims.sessionExpires * 1000 - now > env().SESSION_HOURS * 3600 * 1000 + 60_000;

export async function decodeSession(token: string): Promise<SessionClaims | null> {
  try {
    const claims = (await decode({ token, secret: env().SECRET_KEY })) as Partial<SessionClaims> | null;
    if (!claims || typeof claims.uid !== "number" || typeof claims.ver !== "number") return null;
    if (typeof claims.sessionExpires === "number" && claims.sessionExpires * 1000 < Date.now()) return null;
    return claims as SessionClaims;
  } catch {
    return null;
  }
}

/** The active user with this id whose token version still matches, as a Caller. */
export async function loadCaller(id: number, ver: number, via: Caller["via"]): Promise<Caller | null> {
  const u = await db.user.findUnique({
    where: { id },
    select: { id: true, email: true, firstName: true, lastName: true, isSuperuser: true, acceptedTos: true, tosVersion: true, tokenVersion: true, isActive: true },
  });
  if (!u || !u.isActive || u.tokenVersion !== ver) return null;
  const { isActive: _active, tosVersion: _version, ...rest } = u;
  return { ...rest, acceptedTos: acceptedCurrentNotice(u), via };
}

/** Bearer token first; without an Authorization header, the next-auth session cookie. */
export async function resolveCaller(req: Request): Promise<Caller | null> {
  const auth = req.headers.get("authorization");
  if (auth) {
    const m = /^Bearer\s+(\S+)$/i.exec(auth.trim());
    if (!m) return null;
    const claims = await verifyAccessToken(m[1]);
    return claims && loadCaller(Number(claims.sub), claims.ver, "bearer");
  }
  const cookie = sessionTokenFrom(cookieHeaderGetter(req.headers.get("cookie")));
  if (cookie) {
    const claims = await decodeSession(cookie);
    return claims && loadCaller(claims.uid, claims.ver, "cookie");
  }
  return null;
}
