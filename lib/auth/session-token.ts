// The next-auth session cookie, read one way wherever it is read: the API's requests (a Cookie
// header), server pages (next/headers' cookie jar) and the proxy (which must not import the
// database layer, hence this module imports nothing). A large session is split by next-auth into
// name.0, name.1, ...: put back together in order.

import { SESSION_COOKIES } from "@/lib/shared/session-cookies.mjs";

export { SESSION_COOKIES, isSessionCookieName } from "@/lib/shared/session-cookies.mjs";

type Get = (name: string) => string | undefined;

/** The session token from a cookie source, whole or chunked; undefined when there is none. */
export function sessionTokenFrom(get: Get): string | undefined {
  for (const name of SESSION_COOKIES) {
    const whole = get(name);
    if (whole) return whole;
    let chunks = "";
    for (let i = 0; ; i++) {
      const c = get(`${name}.${i}`);
      if (!c) break;
      chunks += c;
    }
    if (chunks) return chunks;
  }
  return undefined;
}

/** A cookie source over a request's Cookie header (values URL-decoded). */
export function cookieHeaderGetter(header: string | null): Get {
  const jar = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    if (jar.has(name)) continue; // the first one wins, as browsers send the most specific first
    try {
      jar.set(name, decodeURIComponent(part.slice(i + 1).trim()));
    } catch {
      jar.set(name, part.slice(i + 1).trim());
    }
  }
  return (name) => jar.get(name);
}

