// What every page request gets from the custom server (server/main.mts) before Next renders it:
// a Content-Security-Policy with a nonce of its own, and the optimistic login check (no session
// cookie on a private page: straight to the login page). Next reads the nonce from the request's
// copy of the policy and puts it on its own scripts; the root layout reads it from `x-nonce` for
// emotion's <style> tags; server code reads the requested path and query from `x-pathname`, to
// come back to it after logging in. The real check (a valid, current session) is in the (app)
// layout (lib/auth/session.ts).
//
// Until 30 Nov this was Next's proxy (proxy.ts, its middleware). Next runs a proxy through a web
// Request, its headers and an AbortSignal on every page: about 1.4 ms of CPU per page on a blank
// page (5.2 against 6.6 ms, docs/performance.md), done here with the request Node already has.
import crypto from "node:crypto";
import type http from "node:http";
import { sendJson } from "@/lib/shared/error-codes.mjs";
import { hasSessionCookie } from "@/lib/shared/session-cookies.mjs";
import { loginUrl } from "@/lib/shared/login-url.mjs";

/** Pages behind the login (each path and everything below it). */
const LOGIN_REQUIRED = ["/protected", "/device-info", "/locations", "/integrations", "/integrations-setup", "/schedules", "/dashboards", "/user-devices", "/admin"];

export const needsLogin = (path: string) => LOGIN_REQUIRED.some((p) => path === p || path.startsWith(`${p}/`));

export { loginUrl };

/** A nonce: 128 random bits, base64 (24 characters). */
export function newNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

type CspOptions = {
  nonce: string;
  /** development: React needs eval for its debugging aids, and Next's dev overlay inline styles */
  dev: boolean;
  /** served over https (APP_URL): ask browsers to upgrade any stray http subresource */
  https: boolean;
  /** the origins the page may frame (the dashboards page: the dashboard service); none elsewhere */
  frameSrc: string[];
};

/** The pages' policy around one nonce. */
export function contentSecurityPolicy({ nonce, dev, https, frameSrc }: CspOptions): string {
  const directives: string[][] = [
    ["default-src", "'self'"],
    // 'strict-dynamic': the scripts Next's nonced scripts load are trusted in turn ('self' is for browsers without CSP 3)
    ["script-src", "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(dev ? ["'unsafe-eval'"] : [])],
    // <style> elements need the nonce (emotion's, Next's); style="" attributes (MUI sets a few when
    // rendering on the server) cannot carry one and stay allowed
    dev ? ["style-src", "'self'", "'unsafe-inline'"] : ["style-src", "'self'", `'nonce-${nonce}'`],
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'"],
    ["frame-src", ...(frameSrc.length ? frameSrc : ["'none'"])],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  if (https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}

/**
 * The origin of the dashboard service's frames (DASHBOARD_PUBLIC_URL, else DASHBOARD_URL, as
 * lib/services/dashboards says), or null when none is configured or the URL is not http(s).
 */
export function dashboardFrameOrigin(env: { DASHBOARD_PUBLIC_URL?: string; DASHBOARD_URL?: string }): string | null {
  const url = env.DASHBOARD_PUBLIC_URL || env.DASHBOARD_URL;
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.origin : null;
  } catch {
    return null;
  }
}

/** Pages, their 404s and the static files of public/ (an SVG opened on its own is a document too): not the API nor Next's own files. */
const isPagePath = (path: string) => !path.startsWith("/api/") && !path.startsWith("/_next/");

const isDashboards = (path: string) => path === "/dashboards" || path.startsWith("/dashboards/");

/**
 * The page policy of a server whose settings are fixed for its life. The policy answers true when
 * it answered (the redirect to the login page, a 400 for a target it cannot read); else the
 * request goes on to Next.
 */
export function createPagePolicy({ dev, https, env }: { dev: boolean; https: boolean; env: { DASHBOARD_PUBLIC_URL?: string; DASHBOARD_URL?: string } }) {
  const dashboards = dashboardFrameOrigin(env);
  return function pagePolicy(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    let url: URL;
    try {
      // as Next reads it for its routes: dot segments resolved, nothing decoded
      url = new URL(req.url ?? "/", "http://n");
    } catch {
      // a target no URL parser reads (an absolute form with a port past 65535, a bad host): refused
      // here, so that nothing is ever rendered without its policy or its login check
      sendJson(res, 400, "Bad Request");
      return true;
    }
    const { pathname, search } = url;
    if (!isPagePath(pathname)) return false;
    if (needsLogin(pathname) && !hasSessionCookie(req.headers.cookie)) {
      res.statusCode = 307;
      res.setHeader("Location", loginUrl(pathname + search));
      res.end();
      return true;
    }
    const nonce = newNonce();
    const policy = contentSecurityPolicy({ nonce, dev, https, frameSrc: dashboards && isDashboards(pathname) ? [dashboards] : [] });
    req.headers["x-pathname"] = pathname + search;
    req.headers["x-nonce"] = nonce;
    req.headers["content-security-policy"] = policy;
    res.setHeader("Content-Security-Policy", policy);
    return false;
  };
}
