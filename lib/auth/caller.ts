import { decode } from "next-auth/jwt";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { acceptedCurrentNotice } from "@/lib/privacy/notice";
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

export const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

/** What our next-auth JWT carries (see lib/auth/next-auth.ts). */
export type SessionClaims = { uid: number; ver: number; sessionExpires: number };

function readCookie(req: Request, name: string): string | undefined {
  const raw = req.headers.get("cookie");
  if (!raw) return undefined;
  for (const part of raw.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/** Reads the next-auth session cookie (possibly chunked as name.0, name.1, ...). */
function sessionCookie(req: Request): string | undefined {
  for (const name of SESSION_COOKIES) {
    const whole = readCookie(req, name);
    if (whole) return whole;
    let chunks = "";
    for (let i = 0; ; i++) {
      const c = readCookie(req, `${name}.${i}`);
      if (!c) break;
      chunks += c;
    }
    if (chunks) return chunks;
  }
  return undefined;
}

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
  const cookie = sessionCookie(req);
  if (cookie) {
    const claims = await decodeSession(cookie);
    return claims && loadCaller(claims.uid, claims.ver, "cookie");
  }
  return null;
}
