import { decodeSession, isRemembered } from "./caller";
import { isSessionCookieName as isSessionCookie, SESSION_COOKIES } from "./session-token";
const dropLifetime = (cookie: string) =>
  cookie
    .split(";")
    .filter((part) => !/^\s*(expires|max-age)\s*=/i.test(part))
    .join(";");

/**
 * next-auth gives its session cookie one lifetime (the longest, "Remember me"). A session opened
 * without "Remember me" must end with the browser: its cookie loses Expires and Max-Age (the
 * server still ends it after SESSION_HOURS, from the claims inside). Cookies that clear the
 * session (empty value) are left as they are.
 */
export async function asBrowserSessionCookies(res: Response): Promise<Response> {
  const cookies = res.headers.getSetCookie();
  const session = cookies.filter((c) => isSessionCookie(c.slice(0, c.indexOf("="))));
  if (!session.length) return res;
  // chunked cookies (name.0, name.1, ...) are put back together in order to read the claims
  const value = session
    .map((c) => ({ name: c.slice(0, c.indexOf("=")), value: c.slice(c.indexOf("=") + 1).split(";")[0] }))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }))
    .map((c) => c.value)
    .join("");
  if (!value) return res;
  const claims = await decodeSession(decodeURIComponent(value));
  if (!claims) return res;
  if (isRemembered(claims)) return res;
  const headers = new Headers(res.headers);
  headers.delete("set-cookie");
  for (const c of cookies) headers.append("set-cookie", session.includes(c) ? dropLifetime(c) : c);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * 204 for an account that no longer exists: the browser drops its session cookie (the session
 * would answer 401 anyway, its user being gone), so the next page is the login page at once.
 */
export function accountDeletedResponse(): Response {
  const headers = new Headers();
  for (const name of SESSION_COOKIES) {
    const secure = name.startsWith("__Secure-") ? "; Secure" : "";
    headers.append("set-cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  }
  return new Response(null, { status: 204, headers });
}
