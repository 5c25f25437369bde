import { encode } from "next-auth/jwt";
import { db } from "@/lib/db";

/** A next-auth session cookie for this user, as the login page would get. */
export async function sessionCookie(userId: number, o: { expiresInSeconds?: number } = {}): Promise<string> {
  const { tokenVersion } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { tokenVersion: true } });
  const value = await encode({
    token: { uid: userId, ver: tokenVersion, sessionExpires: Math.floor(Date.now() / 1000) + (o.expiresInSeconds ?? 3600) },
    secret: process.env.SECRET_KEY!,
  });
  return `next-auth.session-token=${value}`;
}
