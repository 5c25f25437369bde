// The consent is bound to the browser that asked for it (RFC 9700 §4.7.1): the link's answer sets
// an httpOnly cookie holding a random nonce, whose SHA-256 is kept with the OAuth state, and the
// vendor's redirect back is accepted only from a browser that sends the same nonce. A consent URL
// handed to someone else (consent phishing) comes back without it.
import crypto from "node:crypto";
import { env } from "@/lib/env";
import type { IntegrationName } from "@/lib/generated/prisma/client";

/** Sent only to /api/integrations/...: the link and callback routes, nothing else. */
const BINDING_COOKIE_PATH = "/api/integrations/";

/** One cookie per integration name, so that linking two vendors in two tabs works. */
const bindingCookieName = (name: IntegrationName) => `foyer_oauth_${name}`;

/** A fresh nonce for a link request, and the digest the state row keeps. */
export const newBrowserNonce = () => crypto.randomBytes(32).toString("base64url");
export const browserHashOf = (nonce: string) => crypto.createHash("sha256").update(nonce).digest("hex");

function attributes(maxAgeSeconds: number, appUrl: string) {
  const secure = new URL(appUrl).protocol === "https:";
  // Lax: sent on the vendor's top-level GET redirect back to us, never on cross-site subrequests
  return `Path=${BINDING_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie of a link answer; it lives as long as the state. */
export const bindingCookie = (name: IntegrationName, nonce: string, maxAgeSeconds: number, appUrl = env().APP_URL) =>
  `${bindingCookieName(name)}=${nonce}; ${attributes(maxAgeSeconds, appUrl)}`;

/** The Set-Cookie of every callback answer: the nonce has served (or failed) once. */
export const clearedBindingCookie = (name: IntegrationName, appUrl = env().APP_URL) => `${bindingCookieName(name)}=; ${attributes(0, appUrl)}`;

/** Every value the request carries for this name's cookie (a browser may send more than one). */
export function readBindingNonces(req: Request, name: IntegrationName): string[] {
  const wanted = bindingCookieName(name);
  const values: string[] = [];
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === wanted) {
      const v = part.slice(i + 1).trim();
      if (v) values.push(v);
    }
  }
  return values;
}

/** True when one of the nonces is the one whose digest the state kept (compared in constant time). */
export function matchesBrowser(nonces: string[], browserHash: string): boolean {
  const want = Buffer.from(browserHash, "hex");
  return nonces.some((n) => {
    const got = Buffer.from(browserHashOf(n), "hex");
    return got.length === want.length && crypto.timingSafeEqual(got, want);
  });
}
