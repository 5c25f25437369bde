// What the custom server (server/main.mts) does to every request before Next sees it: the
// security headers every response carries (pages, API, static files, 404s, the sandbox's HTML),
// 400 for a path whose %-escapes do not decode, 405 with `Allow` and a JSON body for a method the
// route does not have (TRACE, TRACK and CONNECT everywhere), and 413 for a body over MAX_BODY_BYTES. The pages' Content-Security-Policy, which
// needs a nonce per request, is set by server/page-policy.ts.
import type http from "node:http";
import type { Duplex } from "node:stream";
import path from "node:path";
import { buildRouteTable, matchRoute } from "./api-routes";
import { maxBodyBytesFor } from "@/lib/shared/body-limits.mjs";
import { maxBodyBytesFrom } from "@/lib/shared/settings.mjs";
import { errorCodeOf, sendJson } from "@/lib/shared/error-codes.mjs";
import { REQUEST_ID_HEADER } from "@/lib/shared/page-unavailable.mjs";

/** A socket whose close lingers (lingerOnClose). */
type LingeringSocket = Duplex & { lingering?: boolean; lingerTimer?: NodeJS.Timeout; destroySoon?: () => void; _httpMessage?: { writableEnded: boolean } | null };
/** What Node's parser reports for a request it could not parse. */
type ClientError = Error & { code?: string; rawPacket?: Buffer; bytesParsed?: number };

/**
 * The HTTP server's own options (server/main.mts). A kept-alive connection may stay idle 65 s
 * instead of Node's 5 s. When the server closes an idle connection just as a client sends on it,
 * the client gets a reset (ECONNRESET) for a request the server never saw. Under an open-loop
 * load with a burst every 6 s, Node's 5 s gave 5-8 resets in 8,500 requests and 65 s gave none
 * (29 Nov; bench:api's fixed-rate step had shown 6). 65 s also outlasts the 60 s idle timeout of
 * common proxies and load balancers in front of a server.
 */
export const SERVER_OPTIONS = { keepAliveTimeout: 65_000 };

/** After a refused body, how long (and how much more) the client may go on sending before the connection is cut. */
const LINGER_MS = 5000;
const LINGER_BYTES = 64 * 1024 * 1024;

/** What a page or a static file (anything but an /api route) answers: GET and HEAD, POST for server actions, OPTIONS. */
const PAGE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST"]);
const PAGE_ALLOW = [...PAGE_METHODS].sort().join(", ");
/** A syntactically valid method (RFC 9110's token), known or not. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Headers for every response. `https`: the app is served over https (APP_URL), so browsers may be
 * told to never use http again (HSTS). The reset page carries its token in its URL: no Referer at all.
 */
export function securityHeaders({ https, pathname }: { https: boolean; pathname: string }): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    // no page of ours is ever framed (the pages' CSP also says frame-ancestors 'none'; this covers
    // every other answer, e.g. the sandbox's consent page, and older browsers)
    "X-Frame-Options": "DENY",
    "Referrer-Policy": pathname === "/reset-password" || pathname.startsWith("/reset-password/") ? "no-referrer" : "strict-origin-when-cross-origin",
    // geolocation stays allowed for our own pages ("Use my location" on a location's form)
    "Permissions-Policy": "accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(self), geolocation=(self), gyroscope=(), hid=(), idle-detection=(), magnetometer=(), microphone=(), midi=(), payment=(), picture-in-picture=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** The path of a request target (origin-form or absolute-form), without its query. */
export function pathnameOf(url = "/"): string {
  let p = url.split("?")[0].split("#")[0];
  if (/^https?:\/\//i.test(p)) {
    try {
      p = new URL(p).pathname;
    } catch {
      p = "/";
    }
  }
  return p || "/";
}

/**
 * Whether every %-escape of `pathname` decodes (a % then two hex digits, together valid UTF-8).
 * Next decodes a dynamic segment with decodeURIComponent and answers a bare 500 when it throws
 * (`/api/v1/users/%zz`, `/device-info/%E0`).
 */
export function pathDecodes(pathname: string): boolean {
  if (!pathname.includes("%")) return true;
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export const BAD_PATH_DETAIL = "The request path is malformed: each % must start an escape of two hex digits that decodes as UTF-8";

/** The 413 detail, worded as the route handlers' own cap (lib/http/parse.ts). */
export function tooLargeDetail(maxBodyBytes: number): string {
  const size = maxBodyBytes % (1024 * 1024) === 0 ? `${maxBodyBytes / 1024 / 1024} MB` : `${maxBodyBytes} bytes`;
  return `The request body is too large (at most ${size})`;
}

/**
 * The request guard: `guard(req, res)` sets the security headers on `res`, and answers 400, 405 or 413
 * itself (returning true), else returns false and the request goes on to Next.
 * `apiDir`: app/api, whose route files give the methods of each /api path; read once, or again
 * every second in development (routes come and go while editing).
 */
export function createGuard({
  apiDir,
  https,
  maxBodyBytes = maxBodyBytesFrom({}),
  dev = false,
  lingerMs = LINGER_MS,
}: {
  apiDir: string;
  https: boolean;
  maxBodyBytes?: number;
  dev?: boolean;
  lingerMs?: number;
}) {
  let routes = buildRouteTable(apiDir, "/api");
  let readAt = Date.now();
  const table = () => {
    if (dev && Date.now() - readAt > 1000) {
      routes = buildRouteTable(apiDir, "/api");
      readAt = Date.now();
    }
    return routes;
  };

  const routeAt = (pathname: string) => (pathname === "/api" || pathname.startsWith("/api/") ? matchRoute(table(), pathname) : null);

  /**
   * The `Allow` value when `method` is not allowed at `pathname`, else null. No route can export
   * TRACE, TRACK or CONNECT (Next's handlers take GET, HEAD, OPTIONS, POST, PUT, DELETE, PATCH only),
   * so they are refused everywhere, before Node's Request refuses to build them (Next's 500).
   */
  function notAllowed(method: string, pathname: string): string | null {
    const route = routeAt(pathname);
    if (route) return route.methods.has(method) ? null : route.allow;
    return PAGE_METHODS.has(method) ? null : PAGE_ALLOW;
  }

  /** A whole 405 written on the socket, for requests Node does not hand to the request handler. */
  function refuseOnSocket(socket: Duplex, target: string) {
    const pathname = pathnameOf(target);
    const allow = routeAt(pathname)?.allow ?? PAGE_ALLOW;
    socket.end(rawResponse(405, "Method Not Allowed", { Allow: allow, ...securityHeaders({ https, pathname }) }, { detail: "Method Not Allowed", code: errorCodeOf(405) }));
  }

  /** CONNECT: Node hands it to the 'connect' event (a tunnel), never to the request handler. */
  function onConnect(_req: http.IncomingMessage, socket: Duplex) {
    refuseOnSocket(socket, "/");
  }

  /**
   * A request Node's parser refused. A method it does not know (TRACK, any other token) is a 405 like
   * any method the route lacks; other errors answer as Node does without this listener.
   */
  function onClientError(err: ClientError, socket: LingeringSocket) {
    // write only when the answer to an earlier request of this connection (kept alive) has been
    // handed over whole, so that ours comes after it; otherwise only close
    const previous = socket._httpMessage;
    const canWrite = socket.writable && (!previous || previous.writableEnded);
    if (err.code === "HPE_INVALID_METHOD" && canWrite && err.rawPacket) {
      const raw = err.rawPacket.toString("latin1");
      const start = raw.lastIndexOf("\n", Math.max(0, (err.bytesParsed ?? 0) - 1)) + 1;
      const [method = "", target = "/"] = raw.slice(start, raw.indexOf("\r\n", start) >>> 0).split(" ");
      if (TOKEN.test(method)) return refuseOnSocket(socket, target);
    }
    if (canWrite) {
      const [status, reason] =
        err.code === "HPE_HEADER_OVERFLOW" ? [431, "Request Header Fields Too Large"] : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? [408, "Request Timeout"] : [400, "Bad Request"];
      socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n\r\n`);
    }
    socket.destroy(err);
  }

  function guard(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const pathname = pathnameOf(req.url);
    withDefaultHeaders(res, securityHeaders({ https, pathname }));
    // the nonce, the policy and the path pages render with come from page-policy.mjs only, never from the client
    delete req.headers["x-nonce"];
    delete req.headers["content-security-policy"];
    delete req.headers["x-pathname"];
    // the id a page's render is known by (page-unavailable.mjs) is the server's alone
    delete req.headers[REQUEST_ID_HEADER];

    if (!pathDecodes(pathname)) {
      sendJson(res, 400, BAD_PATH_DETAIL);
      return true;
    }
    const method = req.method ?? "GET";
    const allow = notAllowed(method, pathname);
    if (allow) {
      sendJson(res, 405, "Method Not Allowed", { Allow: allow });
      return true;
    }
    // OPTIONS on a route is Next's (204 with the route's Allow); on a page Next would answer 400
    if (method === "OPTIONS" && !routeAt(pathname)) {
      res.writeHead(204, { Allow: PAGE_ALLOW });
      res.end();
      return true;
    }
    // a few routes take more than the global limit (lib/shared/body-limits.mjs: the CSV import)
    const limit = maxBodyBytesFor(pathname, maxBodyBytes);
    const length = Number(req.headers["content-length"] ?? 0);
    if (length > limit) {
      // the body is drained (so the client reads this answer) unless it is far too large to bother
      const close = length > Math.max(16 * maxBodyBytes, limit) || /100-continue/i.test(req.headers.expect ?? "");
      if (close) lingerOnClose(req.socket, lingerMs);
      sendJson(res, 413, tooLargeDetail(limit), close ? { Connection: "close" } : {});
      return true;
    }
    if (req.headers["transfer-encoding"]) capStreamedBody(req, res, limit, lingerMs);
    return false;
  }

  return { guard, notAllowed, onConnect, onClientError, routes: table };
}

/**
 * Adds `defaults` to the response's headers when they are written, each unless the handler set
 * its own (e.g. a stricter Referrer-Policy): set before Next runs, they would win instead, since
 * Next does not replace a header already on the response with a route handler's.
 */
function withDefaultHeaders(res: http.ServerResponse, defaults: Record<string, string>) {
  const writeHead = res.writeHead as (this: http.ServerResponse, statusCode: number, ...rest: unknown[]) => http.ServerResponse;
  res.writeHead = function (this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
    const headers = typeof rest[0] === "string" ? rest[1] : rest[0];
    const given = new Set(
      (Array.isArray(headers) ? headers.filter((_, i) => i % 2 === 0) : Object.keys(headers ?? {})).map((k) => String(k).toLowerCase()),
    );
    for (const [k, v] of Object.entries(defaults)) if (!given.has(k.toLowerCase()) && !this.hasHeader(k)) this.setHeader(k, v);
    return writeHead.call(this, statusCode, ...rest);
  } as http.ServerResponse["writeHead"];
}

/**
 * A chunked body (no Content-Length) is counted as it arrives: past the limit the rest is read and
 * dropped, 413 is answered if nothing was yet, and the connection is closed without a reset (see
 * lingerOnClose). (Route handlers also cap what they parse; this covers every path, next-auth's
 * included.)
 */
function capStreamedBody(req: http.IncomingMessage, res: http.ServerResponse, maxBodyBytes: number, lingerMs: number) {
  const socket = req.socket as LingeringSocket;
  let seen = 0;
  const push = req.push;
  req.push = function (this: http.IncomingMessage, chunk: Buffer | null | undefined, encoding?: BufferEncoding) {
    if (chunk !== null && chunk !== undefined) {
      seen += chunk.length;
      if (seen > maxBodyBytes) {
        // nothing more reaches the handler, not even the end of the body; reading goes on so the
        // client, still sending, is not blocked before it reads the answer
        let dropped = 0;
        req.push = (more: Buffer | null) => {
          dropped += more?.length ?? 0;
          if (dropped > LINGER_BYTES) socket?.destroy();
          return true;
        };
        lingerOnClose(socket, lingerMs);
        if (!res.headersSent) sendJson(res, 413, tooLargeDetail(maxBodyBytes), { Connection: "close" });
        if (res.writableFinished) socket?.destroySoon?.();
        else res.once("finish", () => socket?.destroySoon?.());
        return true;
      }
    }
    return push.call(this, chunk, encoding);
  };
}

/**
 * Makes the server's close of `socket` a lingering one (nginx's lingering_close): once the answer is
 * written, our side is half-closed and what the client still sends is read and dropped, for at most
 * `lingerMs`, before the socket is destroyed. Destroying it at once, with the client's bytes unread,
 * makes the kernel send a reset, and a client still writing its body then gets ECONNRESET instead
 * of the 413 waiting for it.
 */
function lingerOnClose(socket: LingeringSocket | null, lingerMs: number) {
  if (!socket || socket.destroyed || socket.lingering) return;
  socket.lingering = true;
  socket.destroySoon = function (this: LingeringSocket) {
    if (this.lingerTimer) return;
    if (this.writable) this.end();
    this.resume();
    this.lingerTimer = setTimeout(() => this.destroy(), lingerMs).unref();
    this.once("close", () => clearTimeout(this.lingerTimer));
  };
}

/** An HTTP/1.1 response as bytes, closing the connection, with a JSON body. */
function rawResponse(status: number, reason: string, headers: Record<string, string>, json: unknown): string {
  const body = JSON.stringify(json);
  const all = { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "Cache-Control": "no-store", Connection: "close" };
  return `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}`).join("\r\n")}\r\n\r\n${body}`;
}

export const apiDirOf = (root: string) => path.join(root, "app", "api");
