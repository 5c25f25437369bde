// Response compression for the custom server (server/main.mts, and so the e2e server), in place
// of Next's own, which is gzip only (next.config.js: `compress: false`):
// - brotli to clients that accept it, else gzip, else none (Vary: Accept-Encoding), through the
//   `compression` package, brotli at a moderate quality (BROTLI_QUALITY, 5 by default: about
//   gzip's CPU for 10 % less; 11 takes some 70 times the CPU for 10 % less again, 90 ms for a
//   110 KB page on this machine). Next flushes after each chunk it writes (res.flush), so streamed
//   pages (HTML, React Server Components) and long downloads still stream. Types that are already
//   compressed (ZIP, images, fonts), bodies with their own Content-Encoding, `Cache-Control:
//   no-transform`, partial content (206) and bodiless answers (HEAD, 204, 304) pass untouched.
// - a JSON answer (the API's) is held until it ends, up to HOLD_BYTES, and compressed in one call
//   with its Content-Length: a zlib stream per answer, flushed after each part, cost 744 µs of CPU
//   for a 3 KB answer in brotli (197 µs in one call) and 299 µs in gzip (161), measured by
//   `npm run bench:compress` (docs/performance.md). Past HOLD_BYTES it streams as above from there on.
// - the build's immutable files (/_next/static/...) are compressed once, at brotli's and gzip's
//   best qualities, off the event loop, and kept in memory (32 MiB at most, the least recently
//   used dropped first). The first request of a file is compressed on the fly; the next ones get
//   the kept bytes with the headers Next answered (ETag, Cache-Control, type), or 304.
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import compression from "compression";

/** A response method as the wrappers below replace it: called with whatever Node and Next pass. */
type Method = (...args: any[]) => any; // eslint-disable-line @typescript-eslint/no-explicit-any
/** The response with the methods the compression package and Next call (res.flush is the package's). */
type Patchable = http.ServerResponse & { write: Method; end: Method; flush: Method; flushHeaders: Method; writeHead: Method };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const STATIC_PREFIX = "/_next/static/";
/** Headers Next answered for a static file that the kept variants repeat. */
const KEPT_HEADERS = ["Cache-Control", "Content-Type", "ETag", "Last-Modified", "X-Content-Type-Options"];

/** The preferred encoding `accept` allows among br, gzip (identity otherwise), by q-value then in that order. */
export function negotiate(accept = ""): "br" | "gzip" | "identity" {
  const q = new Map<string, number>();
  for (const part of String(accept).toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const of = (name: string) => q.get(name) ?? q.get("*") ?? 0;
  let best: "br" | "gzip" | "identity" = "identity";
  let bestQ = 0;
  for (const name of ["br", "gzip"] as const) {
    if (of(name) > bestQ) {
      best = name;
      bestQ = of(name);
    }
  }
  return best;
}

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Whether an answer may be compressed per response: a status with a whole body, a compressible
 * Content-Type (the compression package's own check), no `Cache-Control: no-transform`. The
 * compression package's filter, and what holdJson asks before it holds an answer.
 */
function compressible(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const status = res.statusCode;
  if (status < 200 || status === 204 || status === 206 || status === 304 || res.getHeader("Content-Range")) return false;
  if (NO_TRANSFORM.test(String(res.getHeader("Cache-Control") ?? ""))) return false;
  return compression.filter(req, res);
}

/** A JSON answer is held up to this many bytes and compressed in one call when it ends. */
export const HOLD_BYTES = 32 * 1024;
/** Below this, an answer goes as it is (the compression package's own threshold, 1 KB). */
const THRESHOLD = 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Holds a JSON answer written in parts (Next sends a route handler's headers with
 * res.flushHeaders(), then writes its body chunk by chunk, calling res.flush() after each) and,
 * when it ends within HOLD_BYTES, sends it compressed in one call with its Content-Length. What is
 * not held, or outgrows HOLD_BYTES, goes on to the compression package (`res.write`, `res.end` and
 * `res.flush` as it wrapped them), as every answer did before.
 */
function holdJson(req: http.IncomingMessage, res: Patchable, encoding: string, quality: number) {
  const write = res.write;
  const end = res.end;
  const flush = res.flush;
  const flushHeaders = res.flushHeaders;
  /** the parts held; null before the first part, or when not holding */
  let held: Buffer[] | null = null;
  let size = 0;

  const restore = () => {
    res.write = write;
    res.end = end;
    res.flush = flush;
    res.flushHeaders = flushHeaders;
  };
  /**
   * At the first part or header flush: holds a compressible JSON answer whose headers are unsent;
   * anything else gets the compression package's methods back. (The wrappers below only run until
   * then, or while holding.)
   */
  const hold = () => {
    if (res.headersSent || req.method === "HEAD" || !JSON_TYPE.test(String(res.getHeader("Content-Type") ?? "")) || res.getHeader("Content-Encoding") || !compressible(req, res)) {
      restore();
      return false;
    }
    held = [];
    return true;
  };
  const bytesOf = (chunk: string | Buffer | Uint8Array, enc?: unknown): Buffer =>
    Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, typeof enc === "string" ? (enc as BufferEncoding) : "utf8") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  const add = (chunk: string | Buffer | Uint8Array | null | undefined, enc?: unknown) => {
    if (chunk == null || chunk.length === 0) return;
    const part = bytesOf(chunk, enc);
    held!.push(part);
    size += part.length;
  };
  /** Over HOLD_BYTES: what was held goes on as one part, and the rest streams. */
  const release = () => {
    const parts = held!;
    held = null;
    restore();
    return write.call(res, Buffer.concat(parts, size));
  };

  res.write = function (...args: unknown[]) {
    if (held === null && !hold()) return write.apply(res, args);
    const chunk = args[0] as string | Buffer | Uint8Array;
    let [, enc, cb] = args as [unknown, unknown, (() => void) | undefined];
    if (typeof enc === "function") [cb, enc] = [enc as () => void, undefined];
    add(chunk, enc);
    const ok = size > HOLD_BYTES ? release() : true;
    if (cb) process.nextTick(cb);
    return ok;
  };
  res.flush = function () {
    // held parts are sent together when the answer ends
  };
  // Next sends the headers before the first part: held, they go with the body
  res.flushHeaders = function (...args: unknown[]) {
    if (held === null && !hold()) return flushHeaders.apply(res, args);
  };
  res.end = function (chunk?: unknown, enc?: unknown, cb?: unknown) {
    if (typeof chunk === "function") [cb, chunk, enc] = [chunk, undefined, undefined];
    else if (typeof enc === "function") [cb, enc] = [enc, undefined];
    if (held === null && !hold()) return end.call(res, chunk, enc, cb);
    add(chunk as string | Buffer | null | undefined, enc);
    // (the compression package's end takes no callback)
    if (typeof cb === "function") res.once("finish", () => cb());
    // past HOLD_BYTES with its last part: streamed
    if (size > HOLD_BYTES) {
      release();
      return end.call(res);
    }
    const body = Buffer.concat(held!, size);
    held = null;
    restore();
    // under the threshold: the compression package sends it as it is
    if (size < THRESHOLD) return end.call(res, body);
    const packed = encoding === "br" ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } }) : zlib.gzipSync(body);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", packed.length);
    return end.call(res, packed);
  };
}

/** A weak validator: the encoded variants share the file's ETag, which must then not claim byte equality. */
const weak = (etag: string) => (typeof etag === "string" && etag && !etag.startsWith("W/") ? `W/${etag}` : etag);

/** RFC 9110 13.1.2: does If-None-Match name this (weakly compared) ETag? */
function noneMatch(header: string, etag: string | undefined): boolean {
  if (!etag) return false;
  if (header.trim() === "*") return true;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((t) => bare(t) === bare(etag));
}

/** Not modified since the client's copy (If-Modified-Since, only without If-None-Match)? */
function notModified(req: http.IncomingMessage, entry: Kept): boolean {
  const inm = req.headers["if-none-match"];
  if (inm) return noneMatch(inm, entry.headers.ETag);
  const ims = Date.parse(req.headers["if-modified-since"] ?? "");
  const lm = Date.parse(entry.headers["Last-Modified"] ?? "");
  return Number.isFinite(ims) && Number.isFinite(lm) && lm <= ims;
}

/**
 * The compressed variants of the build's static files, kept in memory up to `maxBytes` (least
 * recently used first out).
 */
type Kept = { headers: Record<string, string>; br: Buffer; gzip: Buffer; size: number };
class StaticCache {
  bytes = 0;
  entries = new Map<string, Kept>();
  /** files being compressed now */
  pending = new Set<string>();
  constructor(readonly maxBytes: number) {}

  get(key: string): Kept | undefined {
    const e = this.entries.get(key);
    if (e) {
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, e);
    }
    return e;
  }

  set(key: string, entry: Kept) {
    if (entry.size > this.maxBytes) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.size;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.size;
    }
  }
}

/**
 * The middleware: `compress(req, res, next)`.
 * `distDir`: the build (FOYER_DIST_DIR or .next), whose static/ folder backs /_next/static/.
 * `quality`: brotli's quality for everything compressed per response (0-11);
 * `staticCacheBytes`: the memory the kept static variants may take (0: none kept).
 */
export function createCompression({ distDir, quality = 5, staticCacheBytes = 32 * 1024 * 1024 }: { distDir: string; quality?: number; staticCacheBytes?: number }) {
  const dynamic = compression({
    filter: compressible,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } },
    // gzip's default (6): zlib's usual balance
  });
  const staticDir = path.resolve(distDir, "static");
  const cache = new StaticCache(staticCacheBytes);

  /** Compresses the file behind `pathname` once, at the best qualities, and keeps it with `headers`. */
  async function keep(pathname: string, headers: Record<string, string>) {
    if (cache.pending.has(pathname) || cache.entries.has(pathname)) return;
    let file: string;
    try {
      file = path.resolve(staticDir, decodeURIComponent(pathname.slice(STATIC_PREFIX.length)));
    } catch {
      return;
    }
    if (!file.startsWith(staticDir + path.sep)) return;
    cache.pending.add(pathname);
    try {
      const raw = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      cache.set(pathname, { headers, br, gzip: gz, size: br.length + gz.length + 512 });
    } catch {
      // gone meanwhile, or unreadable: the next request is compressed on the fly again
    } finally {
      cache.pending.delete(pathname);
    }
  }

  /** Answers from the kept variant (true), or false when there is none. */
  function fromCache(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, encoding: "br" | "gzip"): boolean {
    const entry = cache.get(pathname);
    if (!entry) return false;
    const body = entry[encoding];
    for (const [k, v] of Object.entries(entry.headers)) res.setHeader(k, v);
    res.setHeader("Vary", "Accept-Encoding");
    if (notModified(req, entry)) {
      res.removeHeader("Content-Type");
      res.writeHead(304);
      res.end();
      return true;
    }
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.writeHead(200);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  return function compress(req: http.IncomingMessage, response: http.ServerResponse, next: () => void): void {
    const res = response as Patchable;
    const pathname = (req.url ?? "/").split("?")[0];
    const encoding = negotiate(req.headers["accept-encoding"]);
    if (staticCacheBytes > 0 && pathname.startsWith(STATIC_PREFIX) && (req.method === "GET" || req.method === "HEAD") && !req.headers.range) {
      if (encoding !== "identity" && fromCache(req, res, pathname, encoding)) return;
      // Next serves it this time (compressed on the fly below); a whole 200 of a compressible
      // type is then compressed once, off the event loop, for the next requests
      const writeHead = res.writeHead;
      res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
        res.writeHead = writeHead;
        const status = typeof args[0] === "number" ? args[0] : res.statusCode;
        if (status === 200 && compression.filter(req, res)) {
          const headers: Record<string, string> = {};
          for (const name of KEPT_HEADERS) {
            const v = res.getHeader(name);
            if (v !== undefined) headers[name] = name === "ETag" ? weak(String(v)) : String(v);
          }
          void keep(pathname, headers);
        }
        return writeHead.apply(this, args);
      };
    }
    if (encoding === "identity") return void dynamic(req, res, next);
    dynamic(req, res, () => {
      holdJson(req, res, encoding, quality);
      next();
    });
  };
}
