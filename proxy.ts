import { NextResponse, type NextRequest } from "next/server";

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

// next-auth's session cookie names (lib/auth/caller.ts); large sessions are split into name.0, name.1...
// Repeated here because the proxy must not import the database layer.
const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

function needsLogin(path: string): boolean {
  return LOGIN_REQUIRED.some((p) => path === p || path.startsWith(`${p}/`));
}

function hasSessionCookie(req: NextRequest): boolean {
  return SESSION_COOKIES.some((name) => req.cookies.has(name) || req.cookies.has(`${name}.0`));
}

/**
 * An optimistic check only: without a session cookie there is no point rendering a private page.
 * The real check (a valid, current session) is in the (app) layout. Server layouts also get the
 * requested path and query as `x-pathname`, to come back to it after logging in.
 */
export function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (needsLogin(pathname) && !hasSessionCookie(req)) {
    // a new URL, not nextUrl.clone(): that one would keep the trailing slash of /locations/
    const url = new URL("/login", req.url);
    url.searchParams.set("callbackUrl", pathname + search);
    return NextResponse.redirect(url);
  }
  const headers = new Headers(req.headers);
  headers.set("x-pathname", pathname + search);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // pages only: not the API, Next's own files or the static files of public/
  matcher: ["/((?!api/|_next/|images/|logos/|favicon\\.ico|icon\\.svg|robots\\.txt).*)"],
};
