// next-auth's session cookie names, for the app (lib/auth/session-token.ts) and the custom server's
// page cache (server/page-cache.ts): over HTTPS, then over HTTP. A large session is split into
// name.0, name.1, ...

export const SESSION_COOKIES = /** @type {const} */ (["__Secure-next-auth.session-token", "next-auth.session-token"]);

/** Whether a cookie name is one of the session cookie's (whole or a chunk). */
export const isSessionCookieName = (/** @type {string} */ name) => SESSION_COOKIES.some((n) => name === n || name.startsWith(`${n}.`));

/** Whether a Cookie header carries a session cookie with a value (whole or a chunk): an optimistic check, not a session. */
export function hasSessionCookie(/** @type {string | undefined} */ header) {
  if (!header) return false;
  return header.split(";").some((part) => {
    const i = part.indexOf("=");
    return i > 0 && isSessionCookieName(part.slice(0, i).trim()) && part.slice(i + 1).trim() !== "";
  });
}
