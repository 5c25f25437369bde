import { resolveCaller, type Caller } from "@/lib/auth/caller";
import { env } from "@/lib/env";
import { newRequestId, type RequestInfo } from "@/lib/log";
import { forbidden, notFound, unauthenticated } from "@/lib/errors";
import { errorResponse } from "./errors";
import { withinCapacity, withinDeadline } from "./gate";
import { idFromText } from "@/lib/validation/common";

type Params = Record<string, string>;
/** What Next passes: catch-all segments ([...path]) are string arrays; our handlers read single ids. */
type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> } | undefined;
const paramsOf = async (ctx: RouteContext) => ((await ctx?.params) ?? {}) as Params;
type Handler<C> = (ctx: C) => Response | Promise<Response>;

export type PublicContext = { req: Request; params: Params };
export type AuthedContext = PublicContext & { caller: Caller };

/** What a log line names of a request: a new id, the method and the path. */
export const requestInfo = (req: Request): RequestInfo => ({ id: newRequestId(), method: req.method, path: new URL(req.url).pathname });

/**
 * Answers that depend on who asks, or that carry credentials, must not be stored by a browser or
 * a proxy (RFC 6749 section 5.1 for tokens).
 */
function noStore(res: Response): Response {
  if (!res.headers.has("cache-control")) {
    try {
      res.headers.set("Cache-Control", "no-store");
    } catch {
      // a Response with immutable headers (Response.redirect): copy it
      const copy = new Response(res.body, res);
      copy.headers.set("Cache-Control", "no-store");
      return copy;
    }
  }
  return res;
}

/**
 * A handler open to anyone; errors become the contract's JSON bodies. `noStore` marks answers that
 * must not be cached (tokens).
 */
export function publicRoute(handler: Handler<PublicContext>, opts: { noStore?: boolean } = {}) {
  return async (req: Request, ctx: RouteContext): Promise<Response> => {
    const res = await withinDeadline(req.method, withinCapacity(async () => handler({ req, params: await paramsOf(ctx) }))).catch((err) => errorResponse(err, requestInfo(req)));
    return opts.noStore ? noStore(res) : res;
  };
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated writes must come from our own pages: the browser's Origin (or
 * Sec-Fetch-Site) says where a request was made; a bearer token cannot be sent cross-site.
 */
function assertSameOrigin(req: Request) {
  const origin = req.headers.get("origin");
  if (origin) {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw forbidden("Cross-site request refused");
    }
    const allowed = [req.headers.get("x-forwarded-host"), req.headers.get("host"), new URL(env().APP_URL).host];
    if (allowed.includes(host)) return;
    throw forbidden("Cross-site request refused");
  }
  const site = req.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return;
  throw forbidden("Cross-site request refused");
}

/**
 * A handler for signed-in callers (bearer token or session cookie, one resolver). With
 * `role: "admin"`, anyone else gets 403 before the handler runs.
 */
export function authedRoute(handler: Handler<AuthedContext>, opts: { role?: "admin" } = {}) {
  const assertRole = (caller: Caller) => {
    if (opts.role === "admin" && !caller.isSuperuser) throw forbidden("The user doesn't have enough privileges");
  };
  const route = async (req: Request, ctx: RouteContext): Promise<Response> => {
    const work = withinCapacity(async () => {
      const caller = await resolveCaller(req);
      // one answer whether the credentials are missing or not valid (the contract's text for 401)
      if (!caller) throw unauthenticated();
      if (caller.via === "cookie" && !SAFE.has(req.method)) assertSameOrigin(req);
      assertRole(caller);
      return handler({ req, params: await paramsOf(ctx), caller });
    });
    const res = await withinDeadline(req.method, work).catch((err) => errorResponse(err, requestInfo(req)));
    return noStore(res);
  };
  return Object.assign(route, {
    /**
     * The answer to a GET of `url` by a caller the server already resolved (a page rendering its
     * first data: lib/http/prefetch.ts): the same handler, its checks and its errors, without
     * reading credentials again; `params` are the path's, as Next would pass them (`{ id: "7" }`).
     * Not reachable from outside: route modules export only methods.
     */
    readAs: (caller: Caller, url: string, params: Params = {}): Promise<Response> => {
      const req = new Request(new URL(url, INTERNAL_ORIGIN));
      return Promise.resolve()
        .then(() => {
          assertRole(caller);
          return handler({ req, params, caller });
        })
        .catch((err) => errorResponse(err, requestInfo(req)));
    },
  });
}

/** The origin of requests made inside the server (readAs): never a real host. */
const INTERNAL_ORIGIN = "http://foyer.internal";

/** A route handler that a server page may read as its caller. */
export type ReadableRoute = { readAs: (caller: Caller, url: string, params?: Params) => Promise<Response> };

/** An integer id from the path; anything else cannot name an object, so it is not found (404). */
export function pathId(params: Params, name = "id", what = "Item"): number {
  const id = idFromText(params[name] ?? "");
  if (!id) throw notFound(what);
  return id;
}
