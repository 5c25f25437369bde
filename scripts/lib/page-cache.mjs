// The visitors' pages that are the same for everyone (the landing, log in, sign up, forgot password,
// the privacy policy), rendered once per process and served from memory to anyone without a session
// cookie: a few thousand answers a second instead of a React render each.
//
// Each page carries a Content-Security-Policy with a nonce of its own (proxy.ts): the stored page's
// nonce is replaced by a fresh one in its body and in its policy on every answer, so no two answers
// share one. Only a plain GET or HEAD of the exact path is served from memory: with a query
// (?callbackUrl=, ?reset=1), a session cookie, or a client-side navigation (RSC headers), Next
// renders as before. A page is filled by a request of the server to itself, in the background,
// after its first miss; an answer that is not a 200 HTML page with a nonced policy and no cookie is
// not kept. The pages depend only on the build and the environment, both fixed for a process.
import crypto from "node:crypto";
import http from "node:http";
import { isSessionCookieName } from "./session-cookies.mjs";

/** The visitors' pages served from memory. */
const CACHED_PAGES = ["/", "/login", "/signup", "/forgot-password", "/privacy"];

/** Headers of the rendered page that are not kept (per answer, or about the transfer). */
const DROPPED = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "set-cookie"]);

const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/;

function hasSessionCookie(header) {
  if (!header) return false;
  return header.split(";").some((part) => {
    const i = part.indexOf("=");
    return i > 0 && isSessionCookieName(part.slice(0, i).trim());
  });
}

/** Whether a request may be answered from memory: a plain visitor's GET or HEAD of a cached path. */
export function cacheable(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "";
  if (!CACHED_PAGES.includes(url)) return false; // exact path, no query
  const h = req.headers;
  if (h.rsc || h["next-router-state-tree"] || h["next-router-prefetch"] || h["next-action"]) return false;
  return !hasSessionCookie(h.cookie);
}

/**
 * @param {{ port: () => number, host?: string, enabled?: boolean }} options  the server's own port (read when filling)
 * @returns {{ serve: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => boolean, size: () => number }}
 */
export function createPageCache({ port, host = "127.0.0.1", enabled = true }) {
  /** @type {Map<string, { status: number, headers: [string, string][], body: string, nonce: string }>} */
  const pages = new Map();
  const filling = new Set();

  function fill(path) {
    if (filling.has(path) || pages.has(path)) return;
    filling.add(path);
    const req = http.get({ host, port: port(), path, headers: { accept: "text/html", "accept-encoding": "identity" } }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        filling.delete(path);
        const policy = String(res.headers["content-security-policy"] ?? "");
        const nonce = NONCE.exec(policy)?.[1];
        const type = String(res.headers["content-type"] ?? "");
        if (res.statusCode !== 200 || !nonce || !type.startsWith("text/html") || res.headers["set-cookie"] || res.headers["content-encoding"]) return;
        const headers = Object.entries(res.headers)
          .filter(([k]) => !DROPPED.has(k))
          .map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v)]);
        pages.set(path, { status: 200, headers, body: Buffer.concat(chunks).toString("utf8"), nonce });
      });
      res.on("error", () => filling.delete(path));
    });
    req.on("error", () => filling.delete(path));
    req.setTimeout(30_000, () => req.destroy());
  }

  return {
    serve(req, res) {
      if (!enabled || !cacheable(req)) return false;
      const page = pages.get(req.url);
      if (!page) {
        fill(req.url);
        return false;
      }
      const nonce = crypto.randomBytes(16).toString("base64");
      const body = Buffer.from(page.body.replaceAll(page.nonce, nonce), "utf8");
      for (const [k, v] of page.headers) res.setHeader(k, k === "content-security-policy" ? v.replaceAll(page.nonce, nonce) : v);
      res.setHeader("Content-Length", body.length);
      res.writeHead(page.status);
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    },
    size: () => pages.size,
  };
}
