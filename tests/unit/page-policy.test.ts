import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPagePolicy, loginUrl, needsLogin } from "@/server/page-policy";
import { hasSessionCookie } from "@/lib/shared/session-cookies.mjs";

// The custom server's page policy (server/page-policy.ts) in front of a stand-in for Next that
// answers with the request headers it was handed: what Next would render with.
describe("the page policy", () => {
  let origin = "";
  const servers: http.Server[] = [];
  let dashOrigin = "";

  const serve = (policy: ReturnType<typeof createPagePolicy>) =>
    new Promise<string>((resolve) => {
      const s = http.createServer((req, res) => {
        // as server/http-guard.ts does first: what the client sent is not taken
        delete req.headers["x-nonce"];
        delete req.headers["content-security-policy"];
        delete req.headers["x-pathname"];
        if (policy(req, res)) return;
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify({ nonce: req.headers["x-nonce"] ?? null, csp: req.headers["content-security-policy"] ?? null, path: req.headers["x-pathname"] ?? null }));
      });
      servers.push(s);
      s.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`));
    });

  beforeAll(async () => {
    origin = await serve(createPagePolicy({ dev: false, https: false, env: {} }));
    dashOrigin = await serve(createPagePolicy({ dev: false, https: true, env: { DASHBOARD_URL: "http://grafana:3000/x" } }));
  });
  afterAll(() => servers.forEach((s) => s.close()));

  const get = (path: string, headers: Record<string, string> = {}, base = origin) => fetch(base + path, { headers, redirect: "manual" });
  const seen = async (res: Response) => (await res.json()) as { nonce: string | null; csp: string | null; path: string | null };

  it("sends a private page without a session cookie to the login page, coming back with its query", async () => {
    for (const [path, to] of [
      ["/locations/", "/login?callbackUrl=%2Flocations%2F"],
      ["/locations/?a=1&b=%C3%A9", "/login?callbackUrl=%2Flocations%2F%3Fa%3D1%26b%3D%25C3%25A9"],
      ["/admin/users", "/login?callbackUrl=%2Fadmin%2Fusers"],
      ["/schedules", "/login?callbackUrl=%2Fschedules"],
      // dot segments are resolved as Next resolves them for its routes
      ["/x/../device-info", "/login?callbackUrl=%2Fdevice-info"],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(307);
      expect(res.headers.get("location"), path).toBe(to);
      expect(res.headers.get("content-security-policy")).toBeNull();
    }
    // an empty session cookie is none
    expect((await get("/schedules", { cookie: "next-auth.session-token=" })).status).toBe(307);
  });

  it("renders a page with a policy and a nonce of its own, the same one Next and the layouts get", async () => {
    const a = await get("/locations/?x=1", { cookie: "a=b; next-auth.session-token=tok" });
    expect(a.status).toBe(200);
    const csp = a.headers.get("content-security-policy") ?? "";
    const got = await seen(a);
    expect(got.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toBe(got.csp);
    expect(csp).toContain(`script-src 'self' 'nonce-${got.nonce}' 'strict-dynamic'`);
    expect(csp).toContain("frame-src 'none'");
    expect(got.path).toBe("/locations/?x=1");
    const b = await seen(await get("/locations/?x=1", { cookie: "__Secure-next-auth.session-token.0=part" }));
    expect(b.nonce).not.toBe(got.nonce);
    // public pages, their 404s and public files need no cookie
    for (const path of ["/", "/login", "/no-such-page", "/icon.svg", "/locationsx", "/%6Cocations/"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect((await seen(res)).nonce, path).not.toBeNull();
    }
  });

  it("takes no nonce, policy or path from the client", async () => {
    const forged = { "x-nonce": "forged", "content-security-policy": "script-src 'nonce-forged'", "x-pathname": "/evil" };
    const got = await seen(await get("/login", forged));
    expect(got.nonce).not.toBe("forged");
    expect(got.csp).not.toContain("forged");
    expect(got.path).toBe("/login");
    // nor on what is not a page: the API and Next's own files are left to themselves
    for (const path of ["/api/v1/locations/my", "/_next/static/x.js"]) {
      const res = await get(path, forged);
      expect(res.headers.get("content-security-policy"), path).toBeNull();
      expect(await seen(res), path).toEqual({ nonce: null, csp: null, path: null });
    }
  });

  it("refuses a target it cannot read rather than let it through without a policy", async () => {
    const port = new URL(origin).port;
    for (const target of ["http://h:99999/locations/", "http://[bad/login"]) {
      const raw = await new Promise<string>((resolve, reject) => {
        const c = net.connect(Number(port), "127.0.0.1", () => c.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
        let d = "";
        c.on("data", (b) => (d += b));
        c.on("end", () => resolve(d));
        c.on("error", reject);
      });
      expect(raw.split("\r\n")[0], target).toBe("HTTP/1.1 400 Bad Request");
      expect(raw, target).not.toMatch(/content-security-policy/i);
      expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4)), target).toEqual({ detail: "Bad Request", code: expect.any(String) });
    }
  });

  it("lets only the dashboards page frame the dashboard service", async () => {
    const dash = await get("/dashboards", { cookie: "next-auth.session-token=tok" }, dashOrigin);
    expect(dash.headers.get("content-security-policy")).toMatch(/frame-src http:\/\/grafana:3000;.*upgrade-insecure-requests$/);
    const other = await get("/dashboardsx", {}, dashOrigin);
    expect(other.headers.get("content-security-policy")).toContain("frame-src 'none'");
  });

  it("names the private pages and the way back to them", () => {
    expect(needsLogin("/locations")).toBe(true);
    expect(needsLogin("/locations/new")).toBe(true);
    expect(needsLogin("/locationsx")).toBe(false);
    expect(needsLogin("/")).toBe(false);
    expect(loginUrl("/")).toBe("/login");
    expect(loginUrl("")).toBe("/login");
    expect(loginUrl("/a b?c=d")).toBe("/login?callbackUrl=%2Fa%20b%3Fc%3Dd");
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie("x=1; next-auth.session-token.1=y")).toBe(true);
    expect(hasSessionCookie("next-auth.session-tokenx=y")).toBe(false);
  });
});
