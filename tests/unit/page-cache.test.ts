// The custom server's cache of the visitors' pages (server/page-cache.ts), in front of a
// stand-in for Next that renders a page with a fresh nonce each time and counts its renders.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cacheable, createPageCache, segmentedGzip } from "@/server/page-cache";

let server: http.Server;
let base: string;
let renders: string[];
let answer: (path: string) => { status?: number; cookie?: boolean } = () => ({});

beforeEach(async () => {
  renders = [];
  answer = () => ({});
  const cache = createPageCache({ port: () => (server.address() as AddressInfo).port });
  server = http.createServer((req, res) => {
    if (cache.serve(req, res)) return;
    renders.push(req.url!);
    const nonce = Math.random().toString(36).slice(2);
    const { status = 200, cookie = false } = answer(req.url!);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'; style-src 'self' 'nonce-${nonce}'`);
    res.setHeader("Vary", "rsc");
    if (cookie) res.setHeader("Set-Cookie", "a=b");
    res.statusCode = status;
    res.end(`<html><head><style nonce="${nonce}"></style></head><body>Foyer é ${req.url} ${req.headers["accept-language"] ?? "?"}<script nonce="${nonce}">1</script></body></html>`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => new Promise<void>((r) => server.close(() => r())));

const get = (path: string, headers: Record<string, string> = {}, method = "GET") => fetch(base + path, { headers: { "accept-encoding": "identity", ...headers }, method });

/** The raw bytes of an answer, not decoded (fetch would undo the gzip itself). */
const getRaw = (path: string, headers: Record<string, string>) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http.get(base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

/** Asks until the background fill has landed (the first ask renders and starts it). */
async function warm(path: string) {
  for (let i = 0; i < 50; i++) {
    const before = renders.length;
    await (await get(path)).text();
    if (renders.length === before) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} was never cached`);
}

describe("the visitors' page cache", () => {
  it("renders a page once, then answers from memory with a fresh nonce in the body and the policy each time", async () => {
    await warm("/login");
    const rendered = renders.length;
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await get("/login");
      const body = await res.text();
      const nonce = nonceOf(res.headers.get("content-security-policy"))!;
      expect(res.status).toBe(200);
      expect(body).toBe(`<html><head><style nonce="${nonce}"></style></head><body>Foyer é /login en<script nonce="${nonce}">1</script></body></html>`);
      expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
      expect(res.headers.get("vary")).toBe("rsc, Accept-Encoding, Accept-Language, Cookie");
      seen.add(nonce);
    }
    expect(seen.size).toBe(5);
    expect(renders.length).toBe(rendered);
  });

  it("sends gzip built from pieces compressed once to a client that accepts it, a valid stream with its own nonce", async () => {
    await warm("/");
    const rendered = renders.length;
    const seen = new Set<string>();
    for (const accept of ["gzip, deflate, br, zstd", "gzip", "br;q=1, gzip;q=0.5"]) {
      const res = await getRaw("/", { "accept-encoding": accept });
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(res.headers.vary).toBe("rsc, Accept-Encoding, Accept-Language, Cookie");
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      const nonce = nonceOf(String(res.headers["content-security-policy"]))!;
      // the strict decoder checks the CRC-32 and the length in gzip's trailer
      const text = zlib.gunzipSync(res.body).toString("utf8");
      expect(text).toBe(`<html><head><style nonce="${nonce}"></style></head><body>Foyer é / en<script nonce="${nonce}">1</script></body></html>`);
      seen.add(nonce);
    }
    expect(seen.size).toBe(3);
    const plain = await getRaw("/", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toContain("Foyer é /");
    expect(renders.length).toBe(rendered);
  });

  it("builds gzip around a changing value: every piece, empty ones and long ones, decodes exactly", () => {
    const long = Array.from({ length: 5000 }, (_, i) => `<div id="n${i}">é ${i % 97}</div>`).join("");
    // a page like ours: the value in many places, each piece repeating the ones before
    const tags = Array.from({ length: 40 }, (_, i) => (i === 0 ? '<script nonce="' : `">self.push(${i % 3})</script><script nonce="`)).concat(['">1</script>']);
    for (const pieces of [["a", "b"], ["", "", ""], [long, "", long.slice(7), "ü"], ["only"], tags, ["nul\u0000here", "nul\u0000here"]]) {
      const gz = segmentedGzip(pieces, 6);
      for (const value of ["ABCDEF", "zz+/09"]) {
        expect(zlib.gunzipSync(gz.with(value)).toString("utf8")).toBe(pieces.join(value));
        expect(gz.plain(value).toString("utf8")).toBe(pieces.join(value));
      }
      expect(() => gz.with("short")).toThrow();
      expect(() => gz.plain("short")).toThrow();
    }
    // the fixed pieces are compressed, with what comes before them: about as small as the whole text gzipped at once
    const whole = (pieces: string[]) => zlib.gzipSync(pieces.join("x".repeat(24)), { level: 9 }).length;
    expect(segmentedGzip([long, long], 24).with("x".repeat(24)).length).toBeLessThan(whole([long, long]) * 1.1);
    // (each value costs its own bytes, stored, and the flush before it: some 40 bytes)
    expect(segmentedGzip(tags, 24).with("x".repeat(24)).length).toBeLessThan(whole(tags) + 40 * 40);
  });

  it("keeps a copy of each page per language: the chosen one (the cookie), else the browser's, else English", async () => {
    /** The language the stored page was asked in (the stand-in writes its Accept-Language). */
    const lang = async (headers: Record<string, string>) => / ([^ ]+)<script/.exec(await (await get("/login", headers)).text())?.[1];
    await warm("/login");
    // French: the first French reader's ask renders it once, in French, in the background
    for (let i = 0; i < 50 && (await lang({ "accept-language": "fr-FR,fr;q=0.9" })) !== "fr"; i++) await new Promise((r) => setTimeout(r, 20));
    const rendered = renders.length;
    expect(await lang({ "accept-language": "fr-CH, de;q=0.5" })).toBe("fr");
    expect(await lang({ "accept-language": "de-DE, en;q=0.1" })).toBe("en");
    expect(await lang({})).toBe("en");
    expect(await lang({ cookie: "foyer-locale=fr", "accept-language": "en-GB" })).toBe("fr");
    expect(await lang({ cookie: "foyer-locale=en", "accept-language": "fr" })).toBe("en");
    expect(renders.length).toBe(rendered);
  });

  it("HEAD has the headers and no body", async () => {
    await warm("/privacy");
    const res = await get("/privacy", {}, "HEAD");
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await res.text()).toBe("");
  });

  it("renders as before with a query, a session cookie or a client-side navigation", async () => {
    await warm("/login");
    const before = renders.length;
    await (await get("/login?callbackUrl=%2Fschedules")).text();
    await (await get("/login", { cookie: "theme=dark; next-auth.session-token=abc" })).text();
    await (await get("/login", { cookie: "__Secure-next-auth.session-token.0=abc" })).text();
    await (await get("/login", { rsc: "1" })).text();
    await (await get("/schedules")).text();
    expect(renders.length - before).toBe(5);
  });

  it("does not keep an answer that is not a plain 200 page", async () => {
    answer = (path) => (path === "/signup" ? { status: 503 } : { cookie: true });
    for (const path of ["/signup", "/forgot-password"]) {
      for (let i = 0; i < 3; i++) {
        await (await get(path)).text();
        await new Promise((r) => setTimeout(r, 30));
      }
    }
    // each ask rendered, plus the fills that were refused
    expect(renders.filter((p) => p === "/signup").length).toBeGreaterThanOrEqual(3);
    expect(renders.filter((p) => p === "/forgot-password").length).toBeGreaterThanOrEqual(3);
    answer = () => ({});
    await warm("/signup");
  });

  it("knows which requests it may answer", () => {
    const req = (url: string, method = "GET", headers: Record<string, string> = {}) => ({ url, method, headers }) as unknown as http.IncomingMessage;
    expect(cacheable(req("/"))).toBe(true);
    expect(cacheable(req("/", "POST"))).toBe(false);
    expect(cacheable(req("/?account_deleted=1"))).toBe(false);
    expect(cacheable(req("/login/"))).toBe(false);
    expect(cacheable(req("/login", "GET", { "next-router-prefetch": "1" }))).toBe(false);
    expect(cacheable(req("/login", "GET", { cookie: "next-auth.csrf-token=x" }))).toBe(true);
  });
});
