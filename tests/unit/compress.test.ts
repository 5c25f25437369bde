// The custom server's compression (server/compress.ts) on the wire, around a handler standing
// in for Next as server/main.mts wires it: brotli when accepted, gzip when only gzip is, none
// otherwise; streamed answers stream; the build's static files compressed once and kept.
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOLD_BYTES, createCompression, negotiate } from "../../server/compress";

describe("content negotiation", () => {
  it("prefers brotli, then gzip, by q-value, and falls back to identity", () => {
    expect(negotiate("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiate("gzip")).toBe("gzip");
    expect(negotiate("br;q=0.5, gzip")).toBe("gzip");
    expect(negotiate("br;q=0, gzip;q=0")).toBe("identity");
    expect(negotiate("*")).toBe("br");
    expect(negotiate("*;q=0, gzip")).toBe("gzip");
    expect(negotiate("identity")).toBe("identity");
    expect(negotiate("")).toBe("identity");
    expect(negotiate(undefined)).toBe("identity");
  });
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; raw: Buffer; body: string };

function decode(encoding: string | undefined, raw: Buffer): string {
  if (encoding === "br") return zlib.brotliDecompressSync(raw).toString();
  if (encoding === "gzip") return zlib.gunzipSync(raw).toString();
  return raw.toString();
}

describe("compression on the wire", () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "foyer-compress-"));
  const chunk = "export const words = " + JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 97}`)) + ";\n";
  fs.mkdirSync(path.join(distDir, "static", "chunks"), { recursive: true });
  fs.writeFileSync(path.join(distDir, "static", "chunks", "app.js"), chunk);
  fs.writeFileSync(path.join(distDir, "secret.js"), chunk);
  const json = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Location ${i}`, country: "FR" })));
  // larger than what is held for one call: it streams
  const bigJson = JSON.stringify(Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `Location ${i}`, country: "FR" })));
  const compress = createCompression({ distDir, quality: 5 });

  /** The callbacks given to write() and end() that were called. */
  const ended: string[] = [];
  /** What the stand-in for Next was asked, per path. */
  const calls = new Map<string, number>();
  /** Released by the test once the client has read a streamed answer's first part. */
  let release: () => void = () => undefined;

  const server = http.createServer((req, res) => {
    compress(req, res, () => {
      const url = req.url ?? "/";
      const p = url.split("?")[0];
      calls.set(p, (calls.get(p) ?? 0) + 1);
      if (p === "/json") {
        if (req.headers["if-none-match"] === '"v1"') return void res.writeHead(304, { ETag: '"v1"', "Content-Type": "application/json" }).end();
        res.writeHead(200, { "Content-Type": "application/json", ETag: '"v1"', "Content-Length": Buffer.byteLength(json) });
        return void res.end(req.method === "HEAD" ? undefined : json);
      }
      if (p === "/api/whole" || p === "/api/big-whole") {
        // the body given whole to end(), with a callback
        res.setHeader("Content-Type", "application/json; charset=utf-8");
        return void res.end(p === "/api/whole" ? json : bigJson, () => ended.push(p));
      }
      if (p === "/api/callbacks") {
        res.setHeader("Content-Type", "application/problem+json");
        res.flushHeaders();
        res.write(json.slice(0, 2000), () => ended.push("write 1"));
        res.write(json.slice(2000), "utf8", () => ended.push("write 2"));
        return void res.end(() => ended.push(p));
      }
      if (p.startsWith("/api/")) {
        // as Next answers from a route handler: headers set and flushed, then the body in parts, each
        // flushed
        const body = p === "/api/small" ? JSON.stringify({ id: 1 }) : p === "/api/big" ? bigJson : json;
        res.statusCode = p === "/api/created" ? 201 : 200;
        res.setHeader("Content-Type", "application/json");
        if (p === "/api/no-transform") res.setHeader("Cache-Control", "no-transform");
        const flush = () => (res as unknown as { flush?: () => void }).flush?.();
        if (req.method === "HEAD") return void res.end();
        res.flushHeaders();
        for (let i = 0; i < body.length; i += 1000) {
          res.write(i === 0 ? body.slice(0, 1000) : Buffer.from(body.slice(i, i + 1000)));
          flush();
        }
        return void res.end();
      }
      if (p === "/zip") {
        res.writeHead(200, { "Content-Type": "application/zip" });
        return void res.end(Buffer.from(json));
      }
      if (p === "/stream") {
        // as Next streams a page: a part, flushed (Next calls res.flush() after each write), then
        // the rest only once the client has shown it read the first part
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.write(`<html><body><p id="first">${"first part ".repeat(300)}</p>`);
        (res as unknown as { flush?: () => void }).flush?.();
        new Promise<void>((r) => (release = r)).then(() => res.end(`<p>${"the rest ".repeat(300)}</p></body></html>`));
        return;
      }
      if (p.startsWith("/_next/static/")) {
        // Next's static files: immutable, weak ETag, ranges
        const file = path.join(distDir, "static", decodeURIComponent(p.slice("/_next/static/".length)));
        const resolved = p.includes("%2e%2e") ? path.join(distDir, "secret.js") : file;
        if (!fs.existsSync(resolved)) return void res.writeHead(404).end();
        const body = fs.readFileSync(resolved);
        const headers = { "Content-Type": "application/javascript; charset=UTF-8", "Cache-Control": "public, max-age=31536000, immutable", ETag: 'W/"app-1"' };
        if (req.headers["if-none-match"] === 'W/"app-1"') return void res.writeHead(304, headers).end();
        if (req.headers.range) {
          res.writeHead(206, { ...headers, "Content-Range": `bytes 0-9/${body.length}`, "Content-Length": 10 });
          return void res.end(body.subarray(0, 10));
        }
        res.writeHead(200, { ...headers, "Content-Length": body.length });
        return void res.end(req.method === "HEAD" ? undefined : body);
      }
      res.writeHead(404).end();
    });
  });
  let port = 0;
  beforeAll(() => new Promise<void>((r) => server.listen(0, "127.0.0.1", () => ((port = (server.address() as net.AddressInfo).port), r()))));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const get = (p: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path: p, method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => {
          const raw = Buffer.concat(parts);
          resolve({ status: res.statusCode!, headers: res.headers, raw, body: raw.length ? decode(res.headers["content-encoding"], raw) : "" });
        });
      });
      req.on("error", reject);
      req.end();
    });

  it("answers brotli when it is accepted, gzip when only gzip is, and identity otherwise", async () => {
    const br = await get("/json", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body).toBe(json);
    expect(br.raw.length).toBeLessThan(json.length / 3);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    const gz = await get("/json", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.body).toBe(json);
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const plain = await get("/json", accept === undefined ? {} : { "accept-encoding": accept });
      expect(plain.headers["content-encoding"], String(accept)).toBeUndefined();
      expect(plain.body).toBe(json);
      expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    }
  });

  it("streams: the first part of a streamed page arrives, decodable, before the server ends it", async () => {
    for (const encoding of ["br", "gzip"]) {
      const text = await new Promise<string>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, path: "/stream", headers: { "accept-encoding": encoding } }, (res) => {
          expect(res.headers["content-encoding"]).toBe(encoding);
          const decoder = encoding === "br" ? zlib.createBrotliDecompress() : zlib.createGunzip();
          let seen = "";
          decoder.on("data", (d: Buffer) => {
            seen += d.toString();
            // the server holds the rest until this part is read: buffering would never get here
            if (seen.includes('<p id="first">') && seen.includes("</p>")) release();
          });
          decoder.on("end", () => resolve(seen));
          decoder.on("error", reject);
          res.pipe(decoder);
        });
        req.on("error", reject);
        req.end();
      });
      expect(text).toMatch(/^<html><body><p id="first">(first part )+<\/p><p>(the rest )+<\/p><\/body><\/html>$/);
    }
  });

  it("sends a JSON answer written in flushed parts compressed in one piece, with its length", async () => {
    expect(bigJson.length).toBeGreaterThan(HOLD_BYTES);
    for (const [accept, encoding] of [["gzip, deflate, br, zstd", "br"], ["gzip", "gzip"]]) {
      for (const p of ["/api/list", "/api/created"]) {
        const a = await get(p, { "accept-encoding": accept });
        expect(a.status).toBe(p === "/api/created" ? 201 : 200);
        expect(a.headers["content-encoding"], `${p} ${accept}`).toBe(encoding);
        expect(Number(a.headers["content-length"])).toBe(a.raw.length);
        expect(a.headers["transfer-encoding"]).toBeUndefined();
        expect(a.headers.vary).toMatch(/Accept-Encoding/i);
        expect(a.body).toBe(json);
        expect(a.raw.length).toBeLessThan(json.length / 3);
      }
      // past HOLD_BYTES, the rest streams (chunked), and decodes to the same bytes
      const big = await get("/api/big", { "accept-encoding": accept });
      expect(big.headers["content-encoding"]).toBe(encoding);
      expect(big.headers["content-length"]).toBeUndefined();
      expect(big.headers["transfer-encoding"]).toBe("chunked");
      expect(big.body).toBe(bigJson);
    }
    // under 1 KB, not accepted, no-transform, HEAD: as written
    for (const [p, accept, body] of [
      ["/api/small", "br, gzip", JSON.stringify({ id: 1 })],
      ["/api/list", "identity", json],
      ["/api/no-transform", "br, gzip", json],
    ]) {
      const a = await get(p, { "accept-encoding": accept });
      expect(a.headers["content-encoding"], p).toBeUndefined();
      expect(a.body).toBe(body);
    }
    const head = await get("/api/list", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers["content-encoding"]).toBeUndefined();
  });

  it("holds a JSON body given whole to end() too, and calls write's and end's callbacks", async () => {
    const whole = await get("/api/whole", { "accept-encoding": "br" });
    expect(whole.headers["content-encoding"]).toBe("br");
    expect(Number(whole.headers["content-length"])).toBe(whole.raw.length);
    expect(whole.body).toBe(json);
    const bigWhole = await get("/api/big-whole", { "accept-encoding": "gzip" });
    expect(bigWhole.headers["content-encoding"]).toBe("gzip");
    expect(bigWhole.headers["transfer-encoding"]).toBe("chunked");
    expect(bigWhole.body).toBe(bigJson);
    const problem = await get("/api/callbacks", { "accept-encoding": "gzip, br" });
    expect(problem.headers["content-encoding"]).toBe("br");
    expect(Number(problem.headers["content-length"])).toBe(problem.raw.length);
    expect(problem.body).toBe(json);
    // (end's callback comes with "finish", which may follow the client's last byte)
    await expect.poll(() => [...ended].sort()).toEqual(["/api/big-whole", "/api/callbacks", "/api/whole", "write 1", "write 2"]);
  });

  it("leaves already compressed types, HEAD and 304 alone", async () => {
    const zip = await get("/zip", { "accept-encoding": "br, gzip" });
    expect(zip.headers["content-encoding"]).toBeUndefined();
    expect(zip.body).toBe(json);
    const head = await get("/json", { "accept-encoding": "br, gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers["content-encoding"]).toBeUndefined();
    const notModified = await get("/json", { "accept-encoding": "br, gzip", "if-none-match": '"v1"' });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.length).toBe(0);
    expect(notModified.headers["content-encoding"]).toBeUndefined();
  });

  it("compresses a static file once and answers the next requests from what it kept", async () => {
    const p = "/_next/static/chunks/app.js";
    const first = await get(p, { "accept-encoding": "br" });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.body).toBe(chunk);
    // kept in the background (brotli's best quality): the next requests do not reach the handler
    let kept: Answer = first;
    for (let i = 0; i < 200 && kept.headers["content-length"] === undefined; i++) {
      await new Promise((r) => setTimeout(r, 25));
      kept = await get(p, { "accept-encoding": "gzip, deflate, br" });
    }
    expect(kept.headers["content-encoding"]).toBe("br");
    expect(Number(kept.headers["content-length"])).toBe(kept.raw.length);
    expect(kept.body).toBe(chunk);
    expect(kept.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(kept.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(kept.headers.etag).toBe('W/"app-1"');
    expect(kept.headers.vary).toBe("Accept-Encoding");
    const asked = calls.get(p);
    const gz = await get(p, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.body).toBe(chunk);
    const head = await get(p, { "accept-encoding": "br" }, "HEAD");
    expect(head.raw.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(kept.raw.length);
    const notModified = await get(p, { "accept-encoding": "br", "if-none-match": 'W/"app-1"' });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.length).toBe(0);
    expect(calls.get(p)).toBe(asked);
    // identity and ranges are Next's
    const plain = await get(p);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(chunk);
    const range = await get(p, { "accept-encoding": "br", range: "bytes=0-9" });
    expect(range.status).toBe(206);
    expect(range.headers["content-encoding"]).toBeUndefined();
    expect(range.body).toBe(chunk.slice(0, 10));
    expect(calls.get(p)).toBe(asked! + 2);
  });

  it("keeps nothing from outside the build's static folder", async () => {
    const p = "/_next/static/%2e%2e/secret.js";
    await get(p, { "accept-encoding": "br" });
    await new Promise((r) => setTimeout(r, 300));
    const again = await get(p, { "accept-encoding": "br" });
    expect(again.headers["content-length"]).toBeUndefined();
    expect(calls.get(p)).toBe(2);
  });
});
