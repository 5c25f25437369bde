import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedMethods, buildRouteTable, exportedMethods, matchRoute } from "../../server/api-routes";
import { BAD_PATH_DETAIL, createGuard, pathDecodes, pathnameOf, securityHeaders, SERVER_OPTIONS, tooLargeDetail } from "../../server/http-guard";
import { contentSecurityPolicy, dashboardFrameOrigin, newNonce } from "@/server/page-policy";

describe("route files' methods", () => {
  it("reads every way a route file exports a handler", () => {
    const src = `
      import { x } from "y";
      export const GET = authedRoute(async () => ok(1));
      export async function POST(req: Request) {}
      export function PUT() {}
      const h = () => null;
      export { h as DELETE, h as PATCH };
      export const dynamic = "force-dynamic";
      export const revalidate = 0;
      // export const OPTIONS = nothing;
      /* export const HEAD = nothing; */
    `;
    expect([...exportedMethods(src)].sort()).toEqual(["DELETE", "GET", "PATCH", "POST", "PUT"]);
    expect([...exportedMethods(`export { GET } from "../locations/route";`)]).toEqual(["GET"]);
    expect([...exportedMethods(`export {\n  handler as GET,\n  handler as POST,\n};`)].sort()).toEqual(["GET", "POST"]);
    expect([...exportedMethods(`export const GETTER = 1; export const config = {};`)]).toEqual([]);
  });

  it("allows what Next answers: HEAD with GET, and OPTIONS, sorted like Next's own Allow", () => {
    expect(allowedMethods(new Set(["POST"]))).toEqual(["OPTIONS", "POST"]);
    expect(allowedMethods(new Set(["PUT", "GET", "DELETE"]))).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PUT"]);
  });
});

describe("the route table", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foyer-routes-"));
  const route = (rel: string, src: string) => {
    fs.mkdirSync(path.join(dir, rel), { recursive: true });
    fs.writeFileSync(path.join(dir, rel, "route.ts"), src);
  };
  route("[...path]", "export { nf as GET, nf as POST, nf as PUT, nf as PATCH, nf as DELETE };");
  route("v1/things", "export const GET = 1; export const POST = 1;");
  route("v1/things/[id]", "export const GET = 1; export const PUT = 1; export const DELETE = 1;");
  route("v1/things/mine", "export const GET = 1;");
  route("(group)/grouped", "export const POST = 1;");
  route("_private/hidden", "export const GET = 1;");
  route("files/[[...rest]]", "export const GET = 1;");
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const table = buildRouteTable(dir, "/api");
  const at = (p: string) => matchRoute(table, p)?.path ?? null;

  it("lists each route file once, with its URL and Allow", () => {
    expect(table.map((r) => `${r.path} ${r.allow}`).sort()).toEqual([
      "/api/[...path] DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT",
      "/api/files/[[...rest]] GET, HEAD, OPTIONS",
      "/api/grouped OPTIONS, POST",
      "/api/v1/things GET, HEAD, OPTIONS, POST",
      "/api/v1/things/[id] DELETE, GET, HEAD, OPTIONS, PUT",
      "/api/v1/things/mine GET, HEAD, OPTIONS",
    ]);
  });

  it("matches as Next does: static, then [param], then catch-all", () => {
    expect(at("/api/v1/things")).toBe("/api/v1/things");
    expect(at("/api/v1/things/")).toBe("/api/v1/things");
    expect(at("/api/v1/things/mine")).toBe("/api/v1/things/mine");
    expect(at("/api/v1/things/42")).toBe("/api/v1/things/[id]");
    expect(at("/api/v1/things/42/more")).toBe("/api/[...path]");
    expect(at("/api/hidden")).toBe("/api/[...path]");
    expect(at("/api/grouped")).toBe("/api/grouped");
    expect(at("/api/files")).toBe("/api/files/[[...rest]]");
    expect(at("/api/files/a/b")).toBe("/api/files/[[...rest]]");
    expect(at("/api/v1/%74hings")).toBe("/api/v1/things");
    expect(at("/api")).toBeNull();
    expect(at("/login")).toBeNull();
  });

  it("reads the app's own routes", () => {
    const app = buildRouteTable(path.resolve("app/api"), "/api");
    expect(matchRoute(app, "/api/v1/locations/1")?.allow).toBe("DELETE, GET, HEAD, OPTIONS, PUT");
    expect(matchRoute(app, "/api/token")?.allow).toBe("OPTIONS, POST");
    expect(matchRoute(app, "/api/auth/callback/credentials")?.methods.has("POST")).toBe(true);
    expect(matchRoute(app, "/api/no/such/thing")?.path).toBe("/api/[...path]");
  });
});

describe("the request guard", () => {
  const { notAllowed } = createGuard({ apiDir: path.resolve("app/api"), https: false });
  it("refuses what the route lacks, and on pages anything but GET, HEAD, OPTIONS, POST", () => {
    expect(notAllowed("PATCH", "/api/v1/locations/1")).toBe("DELETE, GET, HEAD, OPTIONS, PUT");
    expect(notAllowed("GET", "/api/v1/locations/1")).toBeNull();
    expect(notAllowed("HEAD", "/api/v1/locations/1")).toBeNull();
    expect(notAllowed("OPTIONS", "/api/token")).toBeNull();
    expect(notAllowed("GET", "/api/token")).toBe("OPTIONS, POST");
    expect(notAllowed("PROPFIND", "/api/health")).toBe("GET, HEAD, OPTIONS");
    expect(notAllowed("TRACE", "/api/health")).toBe("GET, HEAD, OPTIONS");
    expect(notAllowed("TRACK", "/login")).toBe("GET, HEAD, OPTIONS, POST");
    expect(notAllowed("PATCH", "/login")).toBe("GET, HEAD, OPTIONS, POST");
    expect(notAllowed("POST", "/login")).toBeNull();
    expect(notAllowed("GET", "/icon.svg")).toBeNull();
    expect(notAllowed("DELETE", "/api")).toBe("GET, HEAD, OPTIONS, POST");
  });

  it("reads the path of any request target", () => {
    expect(pathnameOf("/reset-password?token=x")).toBe("/reset-password");
    expect(pathnameOf("http://foyer.test/api/token?x")).toBe("/api/token");
    expect(pathnameOf("")).toBe("/");
  });

  it("tells a path whose escapes decode from one Next's decoding would throw on", () => {
    for (const good of ["/", "/api/v1/users/12", "/api/v1/schedules/%25", "/device-info/caf%C3%A9", "/a%2Fb", "/%20"]) expect(pathDecodes(good), good).toBe(true);
    for (const bad of ["/api/v1/users/%", "/api/v1/users/%zz", "/device-info/%E0", "/x/%C3%28", "/x/%ED%A0%80", "/x/%2"]) expect(pathDecodes(bad), bad).toBe(false);
  });

  it("words the 413 as the route handlers' own cap", () => {
    expect(tooLargeDetail(1048576)).toBe("The request body is too large (at most 1 MB)");
    expect(tooLargeDetail(2000)).toBe("The request body is too large (at most 2000 bytes)");
  });
});

describe("the guard on the wire", () => {
  // the custom server's wiring (server/main.mts) around a handler standing in for Next
  const { guard, onConnect, onClientError } = createGuard({ apiDir: path.resolve("app/api"), https: false, maxBodyBytes: 1000, lingerMs: 300 });
  const server = http.createServer(SERVER_OPTIONS, (req, res) => {
    if (guard(req, res)) return;
    if (req.url === "/request-id") return void res.end(`id ${String(req.headers["x-foyer-request"])}`);
    if (req.url === "/own-referrer-policy") res.setHeader("Referrer-Policy", "no-referrer");
    if (req.url === "/own-headers") return void res.writeHead(200, { "referrer-policy": "same-origin" }).end();
    let n = 0;
    req.on("data", (c: Buffer) => (n += c.length));
    req.on("end", () => res.end(`next read ${n}`));
  });
  server.on("checkContinue", (req, res) => {
    if (guard(req, res)) return;
    res.writeContinue();
    server.emit("request", req, res);
  });
  server.on("connect", onConnect);
  server.on("clientError", onClientError);
  let port = 0;
  beforeAll(() => new Promise<void>((r) => server.listen(0, "127.0.0.1", () => ((port = (server.address() as net.AddressInfo).port), r()))));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** What the server writes back to `text`, until it closes the connection. */
  const raw = (text: string) =>
    new Promise<string>((resolve) => {
      const c = net.connect(port, "127.0.0.1", () => c.write(text));
      let data = "";
      c.on("data", (d) => (data += d));
      c.on("close", () => resolve(data));
      c.on("error", () => undefined);
    });

  it("keeps an idle kept-alive connection open past Node's 5 s, and answers on it", { timeout: 15_000 }, async () => {
    const c = net.connect(port, "127.0.0.1");
    let data = "";
    c.on("data", (d) => (data += d));
    c.on("error", () => undefined);
    const closed = new Promise<void>((r) => c.once("close", () => r()));
    c.write("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => data).toMatch(/next read 0$/);
    // 6 s idle: Node's own timeout (5 s) would have closed the connection by then
    const early = await Promise.race([closed.then(() => "closed"), new Promise((r) => setTimeout(() => r("open"), 6000))]);
    expect(early).toBe("open");
    c.write("GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    await closed;
    expect(data.match(/HTTP\/1\.1 \d+/g)).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
  });

  it("answers 405 to methods Node's parser does not know, and to CONNECT", async () => {
    for (const method of ["TRACK", "BREW", "get"]) {
      const answer = await raw(`${method} /api/token HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(answer, method).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
      expect(answer).toContain("Allow: OPTIONS, POST\r\n");
      expect(answer).toContain("X-Content-Type-Options: nosniff\r\n");
      expect(answer).toMatch(/\r\n\r\n\{"detail":"Method Not Allowed","code":"method_not_allowed"\}$/);
    }
    expect(await raw("CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n")).toMatch(/^HTTP\/1\.1 405 /);
    expect(await raw("G@T / HTTP/1.1\r\nHost: x\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
    // on a kept-alive connection, after a first answer
    const both = await new Promise<string>((resolve) => {
      const c = net.connect(port, "127.0.0.1", () => c.write("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n"));
      let data = "";
      c.on("data", (d) => {
        if (!data) c.write("TRACK /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
        data += d;
      });
      c.on("close", () => resolve(data));
    });
    expect(both.match(/HTTP\/1\.1 \d+/g)).toEqual(["HTTP/1.1 200", "HTTP/1.1 405"]);
  });

  it("refuses a body over the limit: announced, announced with Expect, or streamed", async () => {
    const post = (headers: Record<string, string | number>, body: string | null, chunks?: string[]) =>
      new Promise<{ status: number; body: string; continued: boolean }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, path: "/api/token", method: "POST", headers });
        let continued = false;
        req.on("continue", () => ((continued = true), req.end(body)));
        req.on("response", (res) => {
          let b = "";
          res.on("data", (c) => (b += c));
          res.on("end", () => resolve({ status: res.statusCode!, body: b, continued }));
        });
        req.on("error", reject);
        if (chunks) {
          for (const c of chunks) req.write(c);
          req.end();
        } else if (!headers.expect) req.end(body);
      });
    const detail = JSON.stringify({ detail: "The request body is too large (at most 1000 bytes)", code: "payload_too_large" });
    expect(await post({ "content-length": 1001 }, "a".repeat(1001))).toMatchObject({ status: 413, body: detail });
    expect(await post({ "content-length": 1000 }, "a".repeat(1000))).toMatchObject({ status: 200, body: "next read 1000" });
    expect(await post({ "content-length": 5000, expect: "100-continue" }, "a".repeat(5000))).toMatchObject({ status: 413, continued: false });
    expect(await post({ "content-length": 10, expect: "100-continue" }, "a".repeat(10))).toMatchObject({ status: 200, continued: true });
    expect(await post({ "transfer-encoding": "chunked" }, null, ["a".repeat(600), "a".repeat(600)])).toMatchObject({ status: 413, body: detail });
    expect(await post({ "transfer-encoding": "chunked" }, null, ["a".repeat(600), "a".repeat(300)])).toMatchObject({ status: 200, body: "next read 900" });
  });

  it("lets a client still sending a refused body read the 413: no reset, then the connection closes", async () => {
    // 8 MB written at once: the server answers long before it has read them all
    const send = (head: string, body: Buffer, keepSending = false) =>
      new Promise<{ answer: string; error: string; ms: number }>((resolve) => {
        const started = Date.now();
        let answer = "";
        let error = "";
        let timer: NodeJS.Timeout | undefined;
        // a client that keeps its side open when the server has closed its own (half-open)
        const c = net.connect({ port, host: "127.0.0.1", allowHalfOpen: keepSending }, () => {
          c.write(head);
          c.write(body);
          if (keepSending) timer = setInterval(() => c.writable && c.write(frame), 5);
        });
        c.on("data", (d) => (answer += d));
        c.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
        c.on("close", () => (clearInterval(timer), resolve({ answer, error, ms: Date.now() - started })));
      });
    const size = 8 * 1024 * 1024;
    const frame = Buffer.concat([Buffer.from("10000\r\n"), Buffer.alloc(0x10000, 97), Buffer.from("\r\n")]);
    const chunked = Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), Buffer.alloc(size, 97), Buffer.from("\r\n0\r\n\r\n")]);
    for (let i = 0; i < 5; i++) {
      const streamed = await send("POST /api/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", chunked);
      expect(streamed.answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(streamed.error, "a reset instead of a lingering close").toBe("");
      const announced = await send(`POST /api/token HTTP/1.1\r\nHost: x\r\nContent-Length: ${size}\r\n\r\n`, Buffer.alloc(size, 97));
      expect(announced.answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(announced.error, "a reset instead of a lingering close").toBe("");
    }
    // a client that never stops is cut off once the lingering time is over
    const endless = await send("POST /api/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", frame, true);
    expect(endless.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(endless.ms).toBeGreaterThanOrEqual(300);
    expect(endless.ms).toBeLessThan(10_000);
  }, 20_000);

  it("adds the security headers to every answer, unless the handler set its own", async () => {
    const get = (p: string) => raw(`GET ${p} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    const plain = await get("/anything");
    for (const h of ["X-Content-Type-Options: nosniff", "X-Frame-Options: DENY", "Referrer-Policy: strict-origin-when-cross-origin", "Cross-Origin-Opener-Policy: same-origin"]) {
      expect(plain).toContain(`\r\n${h}\r\n`);
    }
    expect(plain).not.toContain("Strict-Transport-Security");
    expect(await get("/reset-password?token=x")).toContain("\r\nReferrer-Policy: no-referrer\r\n");
    const own = await get("/own-referrer-policy");
    expect(own.match(/referrer-policy: [^\r]*/gi)).toEqual(["Referrer-Policy: no-referrer"]);
    expect(own).toContain("X-Content-Type-Options: nosniff");
    const viaWriteHead = await get("/own-headers");
    expect(viaWriteHead.match(/referrer-policy: [^\r]*/gi)).toEqual(["referrer-policy: same-origin"]);
    expect(viaWriteHead).toContain("X-Frame-Options: DENY");
  });

  it("answers 400 with the contract's JSON to a path whose escapes do not decode, before the method check", async () => {
    for (const [method, target] of [["GET", "/api/v1/users/%zz"], ["GET", "/device-info/%E0"], ["POST", "/api/password-recovery/%"], ["TRACE", "/api/%"], ["GET", "http://x/api/v1/locations/%C3%28?x=1"]]) {
      const answer = await raw(`${method} ${target} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      expect(answer, target).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer, target).toContain("\r\nContent-Type: application/json\r\n");
      expect(answer, target).toContain("\r\nX-Content-Type-Options: nosniff\r\n");
      expect(answer.slice(answer.indexOf("\r\n\r\n") + 4), target).toBe(JSON.stringify({ detail: BAD_PATH_DETAIL, code: "bad_request" }));
    }
    // what decodes goes on to Next, even where the query's escapes do not
    expect(await raw("GET /api/v1/schedules/%25?q=%E0 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1\.1 200 [^]*next read 0$/);
  });

  it("takes no page id from a client (the server's own, lib/shared/page-unavailable.mjs)", async () => {
    expect(await raw("GET /request-id HTTP/1.1\r\nHost: x\r\nX-Foyer-Request: 1\r\nConnection: close\r\n\r\n")).toMatch(/id undefined$/);
  });

  it("answers OPTIONS on a page itself, and leaves a route's OPTIONS to Next", async () => {
    expect(await raw("OPTIONS /login HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1\.1 204 [^]*\r\nAllow: GET, HEAD, OPTIONS, POST\r\n/);
    expect(await raw("OPTIONS /api/token HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1\.1 200 [^]*next read 0$/);
  });
});

describe("security headers", () => {
  it("sends no Referer from the reset page, HSTS over https only", () => {
    expect(securityHeaders({ https: false, pathname: "/login" })).toMatchObject({ "Referrer-Policy": "strict-origin-when-cross-origin", "X-Content-Type-Options": "nosniff" });
    expect(securityHeaders({ https: false, pathname: "/reset-password" })["Referrer-Policy"]).toBe("no-referrer");
    expect(securityHeaders({ https: false, pathname: "/login" })["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders({ https: true, pathname: "/login" })["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    const pp = securityHeaders({ https: false, pathname: "/" })["Permissions-Policy"];
    expect(pp).toContain("geolocation=(self)");
    for (const f of ["camera", "microphone", "payment", "usb"]) expect(pp).toContain(`${f}=()`);
  });

  it("builds the pages' policy around one nonce", () => {
    const nonce = newNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(nonce);
    const csp = contentSecurityPolicy({ nonce, dev: false, https: false, frameSrc: [] });
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy({ nonce, dev: false, https: true, frameSrc: ["https://grafana.example.org"] })).toMatch(/frame-src https:\/\/grafana\.example\.org;.*upgrade-insecure-requests$/);
    expect(contentSecurityPolicy({ nonce, dev: true, https: false, frameSrc: [] })).toContain("'unsafe-eval'");
  });

  it("frames the dashboard service's origin only", () => {
    expect(dashboardFrameOrigin({})).toBeNull();
    expect(dashboardFrameOrigin({ DASHBOARD_URL: "http://grafana:3000/sub/path" })).toBe("http://grafana:3000");
    expect(dashboardFrameOrigin({ DASHBOARD_URL: "http://grafana:3000", DASHBOARD_PUBLIC_URL: "https://dash.example.org/g/" })).toBe("https://dash.example.org");
    expect(dashboardFrameOrigin({ DASHBOARD_URL: "javascript:alert(1)" })).toBeNull();
  });
});
