import { SignJWT, jwtVerify } from "jose";
import { env } from "@/lib/env";

type Permissions = "user" | "admin";

export type AccessClaims = {
  sub: string;
  email: string;
  permissions: Permissions;
  accepted_tos: boolean;
  /** the user's token version: a password change bumps it and retires older tokens */
  ver: number;
  iat: number;
  exp: number;
};

type TokenUser = { id: number; email: string; isSuperuser: boolean; acceptedTos: boolean; tokenVersion: number };

let cachedKey: { secret: string; key: Promise<CryptoKey> } | undefined;
/**
 * The HMAC key, imported into WebCrypto once per process (and again only if the secret changes,
 * as in tests): given raw bytes, jose would import them again on every signature and check.
 */
function key(): Promise<CryptoKey> {
  const secret = env().SECRET_KEY;
  if (cachedKey?.secret !== secret) {
    const key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    cachedKey = { secret, key };
  }
  return cachedKey.key;
}

export async function createAccessToken(user: TokenUser): Promise<string> {
  return new SignJWT({
    email: user.email,
    permissions: user.isSuperuser ? "admin" : "user",
    accepted_tos: user.acceptedTos,
    ver: user.tokenVersion,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(user.id))
    .setIssuedAt()
    .setExpirationTime(`${env().ACCESS_TOKEN_EXPIRE_MINUTES}m`)
    .sign(await key());
}

/** The claims of a valid, unexpired token, or null. A token without an expiry is never valid. */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  if (token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, await key(), { algorithms: ["HS256"], requiredClaims: ["exp", "sub"] });
    if (typeof payload.sub !== "string" || !/^\d+$/.test(payload.sub) || typeof payload.ver !== "number") return null;
    return payload as unknown as AccessClaims;
  } catch {
    return null;
  }
}

export function tokenResponseBody(accessToken: string) {
  return { access_token: accessToken, token_type: "bearer" as const };
}
