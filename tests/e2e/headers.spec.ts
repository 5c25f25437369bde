import http from "node:http";
import net from "node:net";
import { expect, request as playwrightRequest, type APIResponse, type Page } from "@playwright/test";
import { E2E } from "../../playwright.config";
import { apiUser, snap, test, openSession } from "./helpers";

// Issue 9 §5: security headers on every answer, the pages' CSP with a nonce per request, 405 with
// Allow and a JSON body for every method a route lacks, 413 past MAX_BODY_BYTES (1 MB here).

const MB = 1024 * 1024;
const host = new URL(E2E.baseURL);

/** `referrer`: pages carrying a secret in their URL (the reset page, the sandbox's consent page) send none. */
function expectEveryAnswerHeaders(res: APIResponse, what: string, referrer = "strict-origin-when-cross-origin") {
  const h = res.headers();
  expect(h["x-content-type-options"], what).toBe("nosniff");
  expect(h["x-frame-options"], what).toBe("DENY");
  expect(h["cross-origin-opener-policy"], what).toBe("same-origin");
  expect(h["referrer-policy"], what).toBe(referrer);
  expect(h["permissions-policy"], what).toContain("geolocation=(self)");
  for (const feature of ["camera", "microphone", "payment", "usb"]) expect(h["permissions-policy"], what).toContain(`${feature}=()`);
  // served over http here: no HSTS (it is sent when APP_URL is https)
  expect(h["strict-transport-security"], what).toBeUndefined();
  expect(h["x-powered-by"], what).toBeUndefined();
}

/** The directives of a Content-Security-Policy, by name. */
function directives(csp: string | undefined): Record<string, string[]> {
  expect(csp).toBeTruthy();
  return Object.fromEntries(
    csp!.split(";").map((d) => d.trim()).filter(Boolean).map((d) => {
      const [name, ...values] = d.split(/\s+/);
      return [name, values];
    }),
  );
}

function nonceOf(csp: string | undefined): string {
  const m = /'nonce-([^']+)'/.exec(csp ?? "");
  expect(m, "the policy has a nonce").not.toBeNull();
  return m![1];
}

test("every kind of answer carries the security headers", async ({ request, baseURL }) => {
  const page = await request.get("/login");
  expect(page.status()).toBe(200);
  const html = await page.text();
  const asset = /\/_next\/static\/[^"']+\.js/.exec(html)?.[0];
  expect(asset, "the page loads a built script").toBeTruthy();

  const user = await apiUser(baseURL!);
  const link = await request.get("/api/integrations/linky/link", { headers: { authorization: `Bearer ${user.token}` } });
  expect(link.status()).toBe(200);
  const consentUrl = ((await link.json()) as { link: string }).link;

  const answers: [string, APIResponse, number, RegExp][] = [
    ["a page", page, 200, /text\/html/],
    ["an API answer", await request.get("/api/health"), 200, /application\/json/],
    ["an authenticated API answer", await request.get("/api/v1/users/me", { headers: { authorization: `Bearer ${user.token}` } }), 200, /application\/json/],
    ["an API error", await request.get("/api/v1/users/me"), 401, /application\/json/],
    ["a static file of public/", await request.get("/icon.svg"), 200, /image\/svg\+xml/],
    ["a built asset", await request.get(asset!), 200, /javascript/],
    ["a page that does not exist", await request.get("/no-such-page"), 404, /text\/html/],
    ["an API path that does not exist", await request.get("/api/no/such/thing"), 404, /application\/json/],
    ["a built asset that does not exist", await request.get("/_next/static/chunks/no-such-chunk.js"), 404, /./],
    ["the sandbox's consent page", await request.get(consentUrl, { maxRedirects: 0 }), 200, /text\/html/],
    ["a redirect", await request.get("/protected", { maxRedirects: 0 }), 307, /^$/],
  ];
  for (const [what, res, status, type] of answers) {
    expect(res.status(), what).toBe(status);
    expect(res.headers()["content-type"] ?? "", what).toMatch(type);
    // the consent page carries the OAuth state in its URL: the sandbox sends no Referer from it
    expectEveryAnswerHeaders(res, what, what === "the sandbox's consent page" ? "no-referrer" : undefined);
  }
  // the consent page with its Accept button cannot be framed by anyone
  const consent = answers.find(([w]) => w === "the sandbox's consent page")![1];
  expect(await consent.text()).toContain("Accept");
  expect(consent.headers()["x-frame-options"]).toBe("DENY");
  expect(consent.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
});

test("pages: a Content-Security-Policy with a new nonce each time, no inline script without it", async ({ request }) => {
  const [a, b] = [await request.get("/login"), await request.get("/login")];
  const csp = a.headers()["content-security-policy"];
  const nonce = nonceOf(csp);
  expect(nonce).not.toBe(nonceOf(b.headers()["content-security-policy"]));
  expect(nonce.length).toBeGreaterThanOrEqual(22);

  const d = directives(csp);
  expect(d["default-src"]).toEqual(["'self'"]);
  expect(d["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
  expect(d["style-src"]).toEqual(["'self'", `'nonce-${nonce}'`]);
  expect(d["frame-ancestors"]).toEqual(["'none'"]);
  expect(d["frame-src"]).toEqual(["'none'"]);
  expect(d["object-src"]).toEqual(["'none'"]);
  expect(d["base-uri"]).toEqual(["'none'"]);
  expect(d["form-action"]).toEqual(["'self'"]);
  expect(csp).not.toContain("unsafe-eval");

  // every script and <style> of the page carries this response's nonce
  const html = await a.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(3);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  const styles = [...html.matchAll(/<style\b[^>]*>/g)].map((m) => m[0]);
  expect(styles.length, "emotion's server-rendered styles").toBeGreaterThan(0);
  for (const tag of styles) expect(tag).toContain(`nonce="${nonce}"`);

  // the 404 page and the static files of public/ have a policy too; the API does not need one
  expect(directives((await request.get("/no-such-page")).headers()["content-security-policy"])["frame-ancestors"]).toEqual(["'none'"]);
  expect((await request.get("/icon.svg")).headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect((await request.get("/api/health")).headers()["content-security-policy"]).toBeUndefined();
  // a nonce sent by the client is not taken
  const forged = await request.get("/login", { headers: { "x-nonce": "forged", "content-security-policy": "script-src 'nonce-forged'" } });
  expect(forged.headers()["content-security-policy"]).not.toContain("forged");
  expect(await forged.text()).not.toContain('nonce="forged"');
});

test("the reset page, which carries its token in its URL, sends no Referer", async ({ request }) => {
  const res = await request.get("/reset-password?token=not-a-real-token");
  expect(res.status()).toBe(200);
  expect(res.headers()["referrer-policy"]).toBe("no-referrer");
  expect(res.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect((await request.get("/reset-password", { maxRedirects: 0 })).headers()["referrer-policy"]).toBe("no-referrer");
  expect((await request.get("/forgot-password")).headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
});

/** Records CSP violations (the event) and console errors from the first script on. */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    // a refused login logs its 401 as a failed resource: that is the API answering, not a page error
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  return {
    errors,
    violations: () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
  };
}

test("pages hydrate under the policy: no violation, no console error, MUI's styles applied", async ({ page, baseURL }) => {
  const seen = await watch(page);

  await page.goto("/login");
  // hydrated: the form answers a wrong password through next-auth with an alert (styles inserted by emotion at run time)
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel("Password", { exact: true }).fill("wrong-password-1");
  await page.getByRole("button", { name: "Log in" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Error" });
  await expect(alert).toBeVisible();
  // the alert's colours come from emotion's rules, inserted at run time under the nonce
  await expect(alert).toHaveCSS("background-color", "rgb(253, 237, 237)");
  // MUI's button styles (emotion, under the nonce) are applied: a contained button has its theme colour
  await expect(page.getByRole("button", { name: "Log in" })).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  await snap(page, "headers-login-csp");
  expect(await seen.violations()).toEqual([]);

  const user = await apiUser(baseURL!);
  await fetch(`${baseURL}/api/v1/users/me/accept_tos`, { method: "POST", headers: { authorization: `Bearer ${user.token}` } });
  await openSession(page, user.email, user.password);
  for (const path of ["/", "/locations", "/device-info", "/schedules", "/integrations", "/protected"]) {
    await page.goto(path);
    await expect(page.getByRole("navigation").first()).toBeVisible();
    expect(await seen.violations(), path).toEqual([]);
  }
  // a client-side navigation keeps working (new styles, new chunks under 'strict-dynamic')
  await page.goto("/");
  await page.getByRole("link", { name: "Dashboards" }).first().click();
  await expect(page.getByRole("heading", { name: "My Dashboards" })).toBeVisible();
  expect(await seen.violations()).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test("the back-office (react-admin) runs under the policy", async ({ page }) => {
  const seen = await watch(page);
  await openSession(page, E2E.admin.email, E2E.admin.password);
  await page.goto("/admin");
  await expect(page.getByRole("columnheader", { name: "Email" })).toBeVisible({ timeout: 30_000 });
  await snap(page, "headers-admin-csp");
  expect(await seen.violations()).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test("/dashboards may frame the dashboard service only; other pages frame nothing", async ({ page, baseURL }) => {
  const seen = await watch(page);
  const user = await apiUser(baseURL!);
  await fetch(`${baseURL}/api/v1/users/me/accept_tos`, { method: "POST", headers: { authorization: `Bearer ${user.token}` } });
  await openSession(page, user.email, user.password);

  const res = await page.goto("/dashboards");
  expect(directives(res!.headers()["content-security-policy"])["frame-src"]).toEqual([new URL(E2E.dashboardPublicUrl).origin]);
  const other = await page.goto("/locations");
  expect(directives(other!.headers()["content-security-policy"])["frame-src"]).toEqual(["'none'"]);

  // the browser enforces it: a frame of the dashboard service loads, any other is refused
  await page.route(`${E2E.dashboardPublicUrl}/**`, (route) => route.fulfill({ contentType: "text/html", body: "<p>Grafana</p>" }));
  await page.goto("/dashboards");
  await expect(page.getByRole("heading", { name: "My Dashboards" })).toBeVisible();
  await page.evaluate((src) => {
    for (const [id, url] of [["allowed", `${src}/d/x?kiosk`], ["refused", "https://elsewhere.example/d/x"]]) {
      const f = document.createElement("iframe");
      f.id = id;
      f.title = `Frame ${id}`;
      f.src = url;
      document.body.append(f);
    }
  }, E2E.dashboardPublicUrl);
  await expect(page.frameLocator("#allowed").getByText("Grafana")).toBeVisible();
  await expect.poll(seen.violations).toEqual([expect.stringMatching(/^frame-src https:\/\/elsewhere\.example/)]);
  await snap(page, "headers-dashboards-csp");
});

test("a method the route does not have: 405 with Allow and the contract's JSON body", async ({ request, baseURL }) => {
  const cases: [string, string, string][] = [
    ["PATCH", "/api/v1/locations/1", "DELETE, GET, HEAD, OPTIONS, PUT"],
    ["TRACE", "/api/v1/locations/1", "DELETE, GET, HEAD, OPTIONS, PUT"],
    ["TRACK", "/api/health", "GET, HEAD, OPTIONS"],
    ["PROPFIND", "/api/v1/users", "GET, HEAD, OPTIONS, POST"],
    ["GET", "/api/token", "OPTIONS, POST"],
    ["PUT", "/api/reset-password/", "OPTIONS, POST"],
    ["DELETE", "/api/auth/session", "GET, HEAD, OPTIONS, POST"],
    ["TRACE", "/api/no/such/thing", "DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT"],
    ["TRACE", "/login", "GET, HEAD, OPTIONS, POST"],
  ];
  for (const [method, path, allow] of cases) {
    const res = await request.fetch(path, { method });
    const what = `${method} ${path}`;
    expect(res.status(), what).toBe(405);
    expect(res.headers()["allow"], what).toBe(allow);
    expect(res.headers()["content-type"], what).toMatch(/^application\/json/);
    expect(await res.json(), what).toEqual({ detail: "Method Not Allowed", code: "method_not_allowed" });
    expectEveryAnswerHeaders(res, what);
  }
  // the methods a route has still answer; OPTIONS is Next's: 204 with the same Allow
  expect((await request.head("/api/health")).status()).toBe(200);
  const options = await request.fetch("/api/v1/locations/1", { method: "OPTIONS" });
  expect(options.status()).toBe(204);
  expect(options.headers()["allow"]).toBe("DELETE, GET, HEAD, OPTIONS, PUT");
  const user = await apiUser(baseURL!);
  expect((await request.fetch("/api/v1/locations/999999", { method: "PUT", headers: { authorization: `Bearer ${user.token}` }, data: {} })).status()).not.toBe(405);

  // CONNECT is handed to the server as a tunnel request: refused the same way
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(host.port), host.hostname, () => socket.write(`CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n`));
    let data = "";
    socket.on("data", (c) => (data += c.toString()));
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
  expect(raw).toMatch(/^HTTP\/1\.1 405 /);
  expect(raw).toContain('{"detail":"Method Not Allowed","code":"method_not_allowed"}');
});

test("a path whose %-escapes do not decode: 400 with the contract's JSON, pages and API alike, never Next's 500", async ({ request, baseURL }) => {
  const user = await apiUser(baseURL!);
  const auth = { authorization: `Bearer ${user.token}` };
  for (const [method, path] of [
    ["GET", "/api/v1/users/%zz"],
    ["GET", "/api/v1/locations/%E0"],
    ["GET", "/api/v1/device_info/%"],
    ["PUT", "/api/v1/schedules/%C3%28"],
    ["POST", "/api/password-recovery/%ZZ"],
    ["GET", "/api/%"],
    ["GET", "/device-info/%E0"],
    ["GET", "/schedules/%E0/edit"],
  ]) {
    const res = await request.fetch(path, { method, headers: auth, maxRedirects: 0 });
    const what = `${method} ${path}`;
    expect(res.status(), what).toBe(400);
    expect(res.headers()["content-type"], what).toMatch(/^application\/json/);
    expect((await res.json()).code, what).toBe("bad_request");
    expectEveryAnswerHeaders(res, what);
  }
  // escapes that decode reach the routes as before
  expect((await request.get("/api/v1/locations/%31%32%33%34%35%36", { headers: auth })).status()).toBe(404);
  expect((await request.get("/api/v1/locations/my?_start=%E0", { headers: auth })).status()).toBe(422);
});

test("next-auth's endpoints: an error code that is not a word lands on the login page, its own errors are the contract's JSON", async ({ request }) => {
  for (const path of ["/api/auth/error?error=%E2%82%AC", "/api/auth/error/%E2%82%AC", "/api/auth/error?error=%C3%A9t%C3%A9", "/api/auth/error?error=Configuration&error=%E2%82%AC"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(new URL(res.headers()["location"], E2E.baseURL).pathname + new URL(res.headers()["location"], E2E.baseURL).search, path).toBe("/login?error=Default");
  }
  // a word passes as it came
  const word = await request.get("/api/auth/error?error=Configuration", { maxRedirects: 0 });
  expect(new URL(word.headers()["location"], E2E.baseURL).search).toBe("?error=Configuration");
  for (const path of ["/api/auth/callback/nope", "/api/auth/%E2%82%AC"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(400);
    expect(res.headers()["content-type"], path).toMatch(/^application\/json/);
    expect(await res.json(), path).toEqual({ detail: "This action with HTTP GET is not supported by NextAuth.js", code: "bad_request" });
  }
  // the credentials provider signs in by POST: a GET on its callback was next-auth's 500
  for (const path of ["/api/auth/callback/credentials", "/api/auth/callback/credentials?error=%E2%82%AC"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(405);
    expect(res.headers()["allow"], path).toBe("POST");
    expect(await res.json(), path).toEqual({ detail: "Method Not Allowed", code: "method_not_allowed" });
  }
  // a client without cookies (this spec's context holds next-auth's CSRF cookie by now)
  const fresh = await playwrightRequest.newContext({ baseURL: E2E.baseURL });
  const update = await fresh.post("/api/auth/session", { form: { x: "1" } });
  expect(update.status()).toBe(400);
  expect(await update.json()).toEqual({ detail: "The request was refused: its CSRF token is missing or does not match", code: "bad_request" });
  // next-auth's cookies go with its error (a CSRF cookie for a client that had none)
  expect(update.headers()["set-cookie"]).toContain("next-auth.csrf-token=");
  await fresh.dispose();
  expect((await request.get("/api/auth/session")).headers()["content-type"]).toMatch(/^application\/json/);
});

/** A raw request (Playwright's client always sends a Content-Length): chunked, or announcing `Expect: 100-continue`. */
function rawPost(path: string, opts: { chunked?: boolean; expectContinue?: boolean; size: number }) {
  return new Promise<{ status: number; body: string; continued: boolean }>((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (opts.expectContinue) Object.assign(headers, { expect: "100-continue", "content-length": String(opts.size) });
    const req = http.request({ host: host.hostname, port: host.port, path, method: "POST", headers });
    let continued = false;
    req.on("continue", () => {
      continued = true;
      req.end("a".repeat(opts.size));
    });
    req.on("response", (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, continued }));
    });
    req.on("error", reject);
    if (opts.chunked) {
      const chunk = "a".repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < opts.size) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    }
  });
}

test("a body over 1 MB is refused with 413 before anything reads it, next-auth's endpoints included", async ({ request }) => {
  const big = "username=a%40example.com&password=" + "a".repeat(2 * MB);
  for (const path of ["/api/token", "/api/auth/callback/credentials", "/api/v1/locations", "/api/signup"]) {
    const res = await request.post(path, { headers: { "content-type": "application/x-www-form-urlencoded" }, data: big });
    expect(res.status(), path).toBe(413);
    expect(await res.json(), path).toEqual({ detail: "The request body is too large (at most 1 MB)", code: "payload_too_large" });
    expectEveryAnswerHeaders(res, path);
  }
  // under the limit, the endpoint itself answers
  const small = await request.post("/api/token", { headers: { "content-type": "application/x-www-form-urlencoded" }, data: "username=a%40example.com&password=" + "a".repeat(MB / 2) });
  expect(small.status()).not.toBe(413);

  // `Expect: 100-continue`: refused before the body is sent
  const announced = await rawPost("/api/auth/callback/credentials", { expectContinue: true, size: 2 * MB });
  expect(announced).toMatchObject({ status: 413, continued: false });
  // a chunked body (no Content-Length) is counted as it comes
  const chunked = await rawPost("/api/auth/callback/credentials", { chunked: true, size: 2 * MB });
  expect(chunked.status).toBe(413);
  expect(JSON.parse(chunked.body)).toEqual({ detail: "The request body is too large (at most 1 MB)", code: "payload_too_large" });
});
