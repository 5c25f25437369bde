import { NextResponse, type NextRequest } from "next/server";
import { sessionTokenFrom } from "@/lib/auth/session-token";
import { contentSecurityPolicy, dashboardFrameOrigin, newNonce } from "@/lib/security/csp";

/** Pages behind the login (each path and everything below it). */
const LOGIN_REQUIRED = [
  "/protected",
  "/device-info",
  "/locations",
  "/integrations",
  "/integrations-setup",
  "/schedules",
  "/dashboards",
  "/user-devices",
  "/admin",
];


function needsLogin(path: string): boolean {
  return LOGIN_REQUIRED.some((p) => path === p || path.startsWith(`${p}/`));
}

function hasSessionCookie(req: NextRequest): boolean {
  return Boolean(sessionTokenFrom((name) => req.cookies.get(name)?.value));
}

const isDashboards = (path: string) => path === "/dashboards" || path.startsWith("/dashboards/");

/** The page's policy with a fresh nonce; only /dashboards may frame the dashboard service. */
function pagePolicy(pathname: string) {
  const nonce = newNonce();
  const frame = isDashboards(pathname) ? dashboardFrameOrigin({ DASHBOARD_PUBLIC_URL: process.env.DASHBOARD_PUBLIC_URL, DASHBOARD_URL: process.env.DASHBOARD_URL }) : null;
  const policy = contentSecurityPolicy({
    nonce,
    dev: process.env.NODE_ENV === "development",
    https: (process.env.APP_URL ?? "").startsWith("https:"),
    frameSrc: frame ? [frame] : [],
  });
  return { nonce, policy };
}

/**
 * An optimistic check only: without a session cookie there is no point rendering a private page.
 * The real check (a valid, current session) is in the (app) layout. Server layouts also get the
 * requested path and query as `x-pathname`, to come back to it after logging in.
 * Every page gets its Content-Security-Policy here, with a nonce of its own: Next reads it from
 * the request's copy of the policy for its scripts, the root layout from `x-nonce` for emotion.
 * (The headers every answer carries are set by the custom server, scripts/lib/http-guard.mjs.)
 */
export function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (needsLogin(pathname) && !hasSessionCookie(req)) {
    // a new URL, not nextUrl.clone(): that one would keep the trailing slash of /locations/
    const url = new URL("/login", req.url);
    url.searchParams.set("callbackUrl", pathname + search);
    return NextResponse.redirect(url);
  }
  const { nonce, policy } = pagePolicy(pathname);
  const headers = new Headers(req.headers);
  headers.set("x-pathname", pathname + search);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", policy);
  return res;
}

export const config = {
  // pages, their 404s and the static files of public/ (an SVG opened on its own is a document too):
  // not the API (JSON, and the sandbox's own HTML) nor Next's own files (built assets, dev reloads)
  matcher: ["/((?!api/|_next/).*)"],
};
