// The bundled sandbox's OAuth2 side, shared by the three vendors: a consent page, the redirect
// back with code and state (only ever to this app's own callbacks), and a token endpoint
// (authorization_code, with PKCE enforced when a challenge was sent; refresh_token). Codes and
// tokens are HMAC-signed and self-contained, so the sandbox keeps no state and the same logic
// serves the app's routes and the tests' fakes.
import crypto from "node:crypto";
import { callbackUrlsOf, SANDBOX_CLIENT, type Vendor } from "../config";
import { readBodyBytes } from "@/lib/http/parse";

export type SandboxOptions = {
  /** signs codes and tokens */
  secret: Buffer;
  /** the app's public address: the only redirect_uri accepted is its callback for this vendor */
  appUrl: string;
  /** tests: refuse every refresh_token grant, as a vendor does once consent is withdrawn */
  refuseRefresh?: boolean;
  /**
   * tests: a refresh token is good once, as with vendors that rotate refresh tokens (the
   * handler remembers the ones it has seen, so this holds for one handler's lifetime)
   */
  singleUseRefresh?: boolean;
  now?: () => number;
  /**
   * tokens revoked at the revocation endpoint (their nonces): refused afterwards, as access or
   * refresh tokens. One set per handler unless given (the app's route shares one per process).
   */
  revokedTokens?: Set<string>;
  /** the Linky sandbox's Enedis limits (sandbox/linky.ts) */
  linky?: LinkySandboxOptions;
};

export type LinkySandboxOptions = {
  /** calls per second per API for the one sandbox client (Enedis: 5, the default); 0 turns it off */
  maxPerSecond?: number;
  /** where those calls are counted; by default one window per process, shared by every handler */
  window?: SlidingWindow;
  /** usage points whose holder has withdrawn the consent: their data answers 403 */
  revoked?: Set<string>;
  /** the Paris hour from which yesterday's data is served (Enedis: about 8); default 0 */
  publishHour?: number;
  /** usage point → day its meter was commissioned: measures asked from before answer ADAM-ERR0123 */
  commissioned?: Record<string, string>;
  /** local days the meters sent nothing for: left out of every answer (404 when nothing remains) */
  holes?: Set<string>;
};

/** Calls counted per key over the last `windowMs` (the sandbox's per-second quotas). */
export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  /** Counts a call at `now` and says true, unless `limit` calls already fall in the window (then false, not counted). */
  take(key: string, now: number, limit: number, windowMs = 1000): boolean {
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - windowMs && t <= now);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    return true;
  }
}

type Claims = { t: "code" | "access" | "refresh"; v: Vendor; exp: number; n: string; ru?: string; cc?: string };

export function sign(claims: Omit<Claims, "n">, secret: Buffer): string {
  const payload = Buffer.from(JSON.stringify({ ...claims, n: crypto.randomBytes(6).toString("base64url") })).toString("base64url");
  return `${payload}.${crypto.createHmac("sha256", secret).update(payload).digest("base64url")}`;
}

function verify(token: string, secret: Buffer, t: Claims["t"], v: Vendor, now: number): Claims | null {
  const [payload, mac] = token.split(".");
  if (!payload || !mac) return null;
  const want = crypto.createHmac("sha256", secret).update(payload).digest();
  const got = Buffer.from(mac, "base64url");
  if (got.length !== want.length || !crypto.timingSafeEqual(got, want)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Claims;
    return c.t === t && c.v === v && c.exp > now ? c : null;
  } catch {
    return null;
  }
}

const oauthError = (status: number, error: string, description: string) =>
  Response.json({ error, error_description: description }, { status, headers: { "cache-control": "no-store" } });

const CONSENT_STYLE = "body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}form{display:inline}button{font-size:1rem;padding:.5rem 1.2rem;margin-right:.5rem}";

const CONSENT_STYLE_HASH = "sha256-" + crypto.createHash("sha256").update(CONSENT_STYLE).digest("base64");

/**
 * The consent page holds the state in its URL and an Accept button: never cached, framed or
 * referred. Its policy allows nothing but its own style (by hash) and its forms, sent to itself
 * and then redirected to the app's callback (`callbackOrigin`, which browsers check too): no
 * script, image, font or connection at all.
 */
const consentHeaders = (callbackOrigin: string) => ({
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy": `default-src 'none'; style-src '${CONSENT_STYLE_HASH}'; form-action 'self' ${callbackOrigin}; base-uri 'none'; frame-ancestors 'none'`,
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
});

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type VendorSandbox = {
  vendor: Vendor;
  title: string;
  expiresIn: number;
  /** extra query parameters of the redirect back (Enedis adds usage_point_id) */
  redirectExtras?: () => Record<string, string>;
  /** extra fields of the token answer */
  tokenExtras?: () => Record<string, string>;
  scope?: string;
  /** the client_credentials grant (an application token, no refresh token), as Enedis offers */
  clientCredentials?: boolean;
  /** RFC 7009 token revocation at this path, where the vendor documents one (Enedis: /oauth2/v3/revoke) */
  revokePath?: string;
  /** the data API: `path` is relative to the vendor's sandbox base */
  data(req: Request, path: string, ctx: { bearer: Claims | null; now: number }): Response | Promise<Response>;
};

/** The consent page: Accept / Refuse as GET forms repeating the query, plus `approve`. */
function consentPage(sb: VendorSandbox, url: URL, callbackOrigin: string): Response {
  const hidden = [...url.searchParams.entries()]
    .filter(([k]) => k !== "approve")
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(sb.title)} sandbox: consent</title>
<style>${CONSENT_STYLE}</style></head>
<body><p><strong>Sandbox</strong>: no account at the vendor is involved and the data are made up.</p>
<h1>${escapeHtml(sb.title)}</h1><p>Foyer asks to read your data.</p>
<form method="get"><input type="hidden" name="approve" value="1">${hidden}<button type="submit">Accept</button></form>
<form method="get"><input type="hidden" name="approve" value="0">${hidden}<button type="submit">Refuse</button></form>
</body></html>`;
  return new Response(html, { status: 200, headers: consentHeaders(callbackOrigin) });
}

/**
 * RFC 6749 §4.1.2.1: with an unknown client or a redirect_uri that is not one registered for it,
 * the user is told so here and never sent anywhere. The one registered redirect_uri per name is
 * this app's callback, compared as the exact string (as Legrand and Enedis do).
 */
function authorize(sb: VendorSandbox, url: URL, opts: SandboxOptions, now: number): Response {
  const q = url.searchParams;
  if (q.get("client_id") !== SANDBOX_CLIENT.clientId) return oauthError(400, "unauthorized_client", "Unknown client_id");
  const redirectUri = q.get("redirect_uri") ?? "";
  if (!callbackUrlsOf(opts.appUrl, sb.vendor).includes(redirectUri)) {
    return oauthError(400, "invalid_request", "redirect_uri is not a callback registered for this client");
  }
  const target = new URL(redirectUri);
  const challenge = q.get("code_challenge") ?? undefined;
  if (challenge !== undefined && (q.get("code_challenge_method") !== "S256" || !/^[\w-]{43}$/.test(challenge))) {
    return oauthError(400, "invalid_request", "code_challenge must be a base64url SHA-256 with code_challenge_method S256");
  }
  const approve = q.get("approve");
  if (approve === null) return consentPage(sb, url, target.origin);
  const state = q.get("state");
  if (state !== null) target.searchParams.set("state", state);
  if (approve === "1") {
    target.searchParams.set("code", sign({ t: "code", v: sb.vendor, exp: now + 5 * 60_000, ru: redirectUri, cc: challenge }, opts.secret));
    for (const [k, v] of Object.entries(sb.redirectExtras?.() ?? {})) target.searchParams.set(k, v);
  } else {
    target.searchParams.set("error", "access_denied");
    target.searchParams.set("error_description", "The user refused the consent");
  }
  return Response.redirect(target.toString(), 302);
}

/** A token endpoint's form body (read with the app's size limit, 413 past it) and whether the client authenticated. */
async function clientForm(req: Request): Promise<{ form: URLSearchParams; authenticated: boolean }> {
  const form = new URLSearchParams(new TextDecoder().decode(await readBodyBytes(req)));
  let clientId = form.get("client_id");
  let clientSecret = form.get("client_secret");
  const basic = req.headers.get("authorization")?.match(/^Basic (.+)$/i);
  if (basic) [clientId, clientSecret] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
  return { form, authenticated: clientId === SANDBOX_CLIENT.clientId && clientSecret === SANDBOX_CLIENT.clientSecret };
}

/**
 * RFC 7009: the client revokes one of its tokens (`token`, `token_type_hint` only a hint). 200
 * with an empty body, also for a token that is invalid, expired or already revoked (§2.2); 401
 * for a client that does not authenticate; 400 without a token. A revoked token is refused
 * afterwards (a refresh grant 400 invalid_grant, a data call as unauthenticated). The sandbox's
 * tokens are self-contained, so it cannot tell which access tokens a refresh token's grant
 * issued: each token is revoked on its own (the app sends both).
 */
async function revoke(sb: VendorSandbox, req: Request, opts: SandboxOptions, now: number, revoked: Set<string>): Promise<Response> {
  const { form, authenticated } = await clientForm(req);
  if (!authenticated) return oauthError(401, "invalid_client", "Client authentication failed");
  const value = form.get("token");
  if (!value) return oauthError(400, "invalid_request", "token is required");
  const claims = verify(value, opts.secret, "refresh", sb.vendor, now) ?? verify(value, opts.secret, "access", sb.vendor, now);
  if (claims) {
    if (revoked.size > 100_000) revoked.clear();
    revoked.add(claims.n);
  }
  return new Response(null, { status: 200, headers: { "cache-control": "no-store" } });
}

async function token(sb: VendorSandbox, req: Request, opts: SandboxOptions, now: number, usedRefresh: Set<string>, revoked: Set<string>): Promise<Response> {
  const { form, authenticated } = await clientForm(req);
  if (!authenticated) return oauthError(401, "invalid_client", "Client authentication failed");
  const grant = form.get("grant_type");
  if (grant === "authorization_code") {
    const code = verify(form.get("code") ?? "", opts.secret, "code", sb.vendor, now);
    if (!code) return oauthError(400, "invalid_grant", "The authorization code is invalid or expired");
    if (code.ru !== form.get("redirect_uri")) return oauthError(400, "invalid_grant", "redirect_uri does not match the authorization request");
    // a code is bound to its flow's challenge; a verifier for a code issued without one is a
    // downgrade (RFC 9700 §2.1.1) and is refused as well
    const verifier = form.get("code_verifier");
    if (code.cc) {
      const computed = crypto.createHash("sha256").update(verifier ?? "").digest("base64url");
      if (!verifier || computed !== code.cc) return oauthError(400, "invalid_grant", "PKCE verification failed");
    } else if (verifier !== null) {
      return oauthError(400, "invalid_grant", "code_verifier sent for a code issued without code_challenge");
    }
  } else if (grant === "refresh_token") {
    const refresh = verify(form.get("refresh_token") ?? "", opts.secret, "refresh", sb.vendor, now);
    if (opts.refuseRefresh || !refresh || revoked.has(refresh.n) || (opts.singleUseRefresh && usedRefresh.has(refresh.n))) {
      return oauthError(400, "invalid_grant", "The refresh token is invalid, expired or revoked");
    }
    if (opts.singleUseRefresh) usedRefresh.add(refresh.n);
  } else if (grant === "client_credentials" && sb.clientCredentials) {
    return Response.json(
      { access_token: sign({ t: "access", v: sb.vendor, exp: now + sb.expiresIn * 1000 }, opts.secret), token_type: "Bearer", expires_in: sb.expiresIn, ...(sb.scope ? { scope: sb.scope } : {}) },
      { headers: { "cache-control": "no-store" } },
    );
  } else {
    return oauthError(400, "unsupported_grant_type", `grant_type must be authorization_code${sb.clientCredentials ? ", client_credentials" : ""} or refresh_token`);
  }
  return Response.json(
    {
      access_token: sign({ t: "access", v: sb.vendor, exp: now + sb.expiresIn * 1000 }, opts.secret),
      refresh_token: sign({ t: "refresh", v: sb.vendor, exp: now + 365 * 86_400_000 }, opts.secret),
      token_type: "Bearer",
      expires_in: sb.expiresIn,
      ...(sb.scope ? { scope: sb.scope } : {}),
      ...sb.tokenExtras?.(),
    },
    { headers: { "cache-control": "no-store" } },
  );
}

/** A `(Request) => Response` for one vendor's sandbox, mounted at `.../api/sandbox/<vendor>`. */
export function sandboxHandler(sb: VendorSandbox, opts: SandboxOptions) {
  const usedRefresh = new Set<string>();
  const revoked = opts.revokedTokens ?? new Set<string>();
  return async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const mount = `/api/sandbox/${sb.vendor}`;
    const at = url.pathname.indexOf(mount);
    const path = at < 0 ? url.pathname : url.pathname.slice(at + mount.length) || "/";
    const now = (opts.now ?? Date.now)();
    const authorizePath = sb.vendor === "linky" ? "/dataconnect/v1/oauth2/authorize" : sb.vendor === "netatmo" ? "/oauth2/authorize" : "/authorize";
    const tokenPath = sb.vendor === "linky" ? "/oauth2/v3/token" : sb.vendor === "netatmo" ? "/oauth2/token" : "/token";
    if (path === authorizePath && req.method === "GET") return authorize(sb, url, opts, now);
    if (path === tokenPath && req.method === "POST") return token(sb, req, opts, now, usedRefresh, revoked);
    if (sb.revokePath && path === sb.revokePath && req.method === "POST") return revoke(sb, req, opts, now, revoked);
    const bearer = req.headers.get("authorization")?.match(/^Bearer (.+)$/i)?.[1];
    const claims = bearer ? verify(bearer, opts.secret, "access", sb.vendor, now) : null;
    return sb.data(req, path, { bearer: claims && !revoked.has(claims.n) ? claims : null, now });
  };
}
