// The visitors' pages that are the same for everyone (the landing, log in, sign up, forgot password,
// the privacy policy), rendered once per process and served from memory to anyone without a session
// cookie: a few thousand answers a second instead of a React render each.
//
// Each page carries a Content-Security-Policy with a nonce of its own (server/page-policy.ts): the stored page's
// nonce is replaced by a fresh one in its body and in its policy on every answer, so no two answers
// share one. Only a plain GET or HEAD of the exact path is served from memory: with a query
// (?callbackUrl=, ?reset=1), a session cookie, or a client-side navigation (RSC headers), Next
// renders as before. A page is filled by a request of the server to itself, in the background,
// after its first miss; an answer that is not a 200 HTML page with a nonced policy and no cookie is
// not kept. The pages depend only on the build and the environment, both fixed for a process, and on
// the language (lib/shared/locale.mjs), one copy each.
//
// Compressed, a page is gzip built from pieces compressed once (segmentedGzip): compressing
// about 94 KB of HTML on every answer, even with brotli at quality 5, would cost more than the
// rest of the answer many times over (about 400 answers a second instead of thousands).
import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { negotiate } from "./compress";
import { LOCALE_COOKIE, cookieValue, pickLocale } from "@/lib/shared/locale.mjs";
import { hasSessionCookie } from "@/lib/shared/session-cookies.mjs";

/** The visitors' pages served from memory. */
const CACHED_PAGES = ["/", "/login", "/signup", "/forgot-password", "/privacy"];

/** Headers of the rendered page that are not kept (per answer, or about the transfer). */
const DROPPED = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "set-cookie"]);

const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/;

/** gzip's header: deflate, no name, no time, unknown system (RFC 1952 2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** deflate's last block: empty and stored (RFC 1951 3.2.4), after a flush has aligned the stream on a byte. */
const LAST_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/**
 * A page whose text is fixed but for one value repeated in places (the nonce), made ready to be
 * served as gzip without compressing anything per answer: each fixed piece is compressed once, on
 * its own, ending on a byte boundary (a sync flush); each answer puts the value between them as
 * deflate "stored" blocks, uncompressed, adds the empty last block, and gzip's trailer (the CRC-32
 * and the length of the whole text).
 *
 * A piece may refer back to the text before it, which the decoder has in its window, as if the
 * whole page were compressed at once: it is compressed with that text as its preset dictionary,
 * the value's places filled with NUL bytes. No piece has a NUL byte, so no back-reference can
 * reach into a place where the value, different in every answer, stands (without the dictionary,
 * a page with many nonces would be a third bigger).
 * `pieces`: the text between the occurrences of the value; `valueBytes`: the length of the value,
 * in bytes (the same every time).
 */
export function segmentedGzip(pieces: string[], valueBytes: number) {
  const raw = pieces.map((p) => Buffer.from(p, "utf8"));
  const masked = Buffer.concat(raw.flatMap((b, i) => (i === 0 ? [b] : [Buffer.alloc(valueBytes), b])));
  const history = !raw.some((b) => b.includes(0));
  let at = 0;
  const packed = raw.map((b, i) => {
    if (i > 0) at += valueBytes;
    const dictionary = history && at > 0 ? masked.subarray(Math.max(0, at - 32 * 1024), at) : undefined;
    at += b.length;
    return zlib.deflateRawSync(b, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) });
  });
  const length = masked.length;
  const stored = Buffer.from([0, valueBytes & 0xff, valueBytes >> 8, ~valueBytes & 0xff, (~valueBytes >> 8) & 0xff]);
  return {
    /** The whole text with `value` in its places, gzipped. */
    with(value: string): Buffer {
      const v = Buffer.from(value, "utf8");
      if (v.length !== valueBytes) throw new Error("the value's length changed");
      const parts: Buffer[] = [GZIP_HEADER];
      let crc = 0;
      for (let i = 0; i < packed.length; i++) {
        if (i > 0) {
          parts.push(stored, v);
          crc = zlib.crc32(v, crc);
        }
        parts.push(packed[i]);
        // (Node 20's zlib.crc32 answers 0 for an empty buffer, whatever the running value)
        if (raw[i].length) crc = zlib.crc32(raw[i], crc);
      }
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(length >>> 0, 4);
      parts.push(LAST_BLOCK, trailer);
      return Buffer.concat(parts);
    },
    /**
     * The whole text with `value` in its places: the pieces' bytes, encoded once, around the
     * value's. Joining the text and encoding it on every answer cost about 1.4 ms of CPU for a page
     * with any character beyond Latin-1 (`/login`'s, about 92 KB): 700 answers a second instead
     * of thousands.
     */
    plain(value: string): Buffer {
      const v = Buffer.from(value, "utf8");
      if (v.length !== valueBytes) throw new Error("the value's length changed");
      return Buffer.concat(raw.flatMap((b, i) => (i === 0 ? [b] : [v, b])));
    },
  };
}

/** Whether a request may be answered from memory: a plain visitor's GET or HEAD of a cached path. */
export function cacheable(req: Pick<http.IncomingMessage, "method" | "url" | "headers">): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "";
  if (!CACHED_PAGES.includes(url)) return false; // exact path, no query
  const h = req.headers;
  if (h.rsc || h["next-router-state-tree"] || h["next-router-prefetch"] || h["next-action"]) return false;
  return !hasSessionCookie(h.cookie);
}

/** `port`: the server's own (read when filling); `appUrl`: APP_URL. */
export function createPageCache({ port, host = "127.0.0.1", enabled = true, appUrl }: { port: () => number; host?: string; enabled?: boolean; appUrl?: string }) {
  const pages = new Map<string, { status: number; headers: [string, string][]; body: ReturnType<typeof segmentedGzip>; nonce: string }>();
  const filling = new Set<string>();

  /** A page and its language ("fr /login"): each page is kept once per language (lib/i18n). */
  const keyOf = (req: http.IncomingMessage) => `${pickLocale({ chosen: cookieValue(req.headers.cookie, LOCALE_COOKIE), acceptLanguage: req.headers["accept-language"] })} ${req.url}`;

  function fill(key: string) {
    if (filling.has(key) || pages.has(key)) return;
    filling.add(key);
    const [locale, path] = key.split(" ");
    // asked for APP_URL's host, as visitors ask for it (and not reported as another address), in
    // the page's language (asked as a browser asks for it: no cookie is kept with a page)
    const headers = { accept: "text/html", "accept-encoding": "identity", "accept-language": locale, ...(appUrl ? { host: new URL(appUrl).host } : {}) };
    const req = http.get({ host, port: port(), path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        filling.delete(key);
        const policy = String(res.headers["content-security-policy"] ?? "");
        const nonce = NONCE.exec(policy)?.[1];
        const type = String(res.headers["content-type"] ?? "");
        if (res.statusCode !== 200 || !nonce || !type.startsWith("text/html") || res.headers["set-cookie"] || res.headers["content-encoding"]) return;
        const headers = Object.entries(res.headers)
          .filter(([k]) => !DROPPED.has(k))
          .map(([k, v]): [string, string] => [k, Array.isArray(v) ? v.join(", ") : String(v)]);
        const vary = headers.find(([k]) => k === "vary");
        const varies = ["Accept-Encoding", "Accept-Language", "Cookie"];
        if (vary) vary[1] = [...new Set([...vary[1].split(/,\s*/), ...varies])].join(", ");
        else headers.push(["vary", varies.join(", ")]);
        const text = Buffer.concat(chunks).toString("utf8");
        pages.set(key, { status: 200, headers, body: segmentedGzip(text.split(nonce), Buffer.byteLength(nonce)), nonce });
      });
      res.on("error", () => filling.delete(key));
    });
    req.on("error", () => filling.delete(key));
    req.setTimeout(30_000, () => req.destroy());
  }

  return {
    serve(req: http.IncomingMessage, res: http.ServerResponse): boolean {
      if (!enabled || !cacheable(req)) return false;
      const key = keyOf(req);
      const page = pages.get(key);
      if (!page) {
        fill(key);
        return false;
      }
      // a nonce as long as the stored one (page-policy.ts makes 24 characters of base64, 16 random bytes)
      const nonce = crypto.randomBytes(page.nonce.length).toString("base64").slice(0, page.nonce.length);
      const gzip = negotiate(req.headers["accept-encoding"]) !== "identity";
      const body = gzip ? page.body.with(nonce) : page.body.plain(nonce);
      for (const [k, v] of page.headers) res.setHeader(k, k === "content-security-policy" ? v.replaceAll(page.nonce, nonce) : v);
      if (gzip) res.setHeader("Content-Encoding", "gzip");
      res.setHeader("Content-Length", body.length);
      res.writeHead(page.status);
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    },
    size: () => pages.size,
  };
}
