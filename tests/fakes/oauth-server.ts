// An OAuth 2.0 authorization server as RFC 6749 (authorization code, refresh token, client
// credentials), RFC 7636 (PKCE, S256) and RFC 7009 (revocation) describe it, with what each
// vendor documents on top (its token answer, its error bodies, whether it takes PKCE) given by
// the fake that uses it. It keeps its codes and tokens in memory: opaque random strings, each
// known only to this server, as a vendor's are.
import crypto from "node:crypto";
import type { FakeAnswer, SeenRequest } from "./http-fake";

/** What a consent (or an application's credentials) granted. */
export type Grant = { id: number; kind: "user" | "application"; usagePoints: string[] };

export type AuthorizationServerOptions = {
  vendor: string;
  client: { id: string; secret: string };
  /** the redirect URIs registered for the client, compared as exact strings */
  redirectUris: string[];
  codeLifetimeS: number;
  accessLifetimeS: number;
  /** whether the vendor's consent takes code_challenge (S256); where it does not, it is ignored */
  pkce: boolean;
  /** the vendor's token answer (its fixture) with these tokens in it */
  tokenAnswer(t: { accessToken: string; refreshToken?: string; grant: Grant }): object;
  /** the vendor's error bodies for a refused grant, an unknown client, a failed PKCE check */
  errors: { invalidGrant: object; invalidClient: object; pkce?: object };
  /** what a consent grants (Enedis: the usage points of the household's meters) */
  usagePoints?: () => string[];
  /** query parameters the vendor adds to its redirect back (Enedis: usage_point_id) */
  redirectExtras?: (grant: Grant) => Record<string, string>;
  /** the client_credentials grant (an application token), where the vendor offers it */
  clientCredentials?: boolean;
  /** a new token: opaque, vendor-shaped */
  mint?: () => string;
  now: () => number;
};

type Code = { grant: Grant; redirectUri: string | null; challenge: string | null; expiresAt: number };
type Token = { grant: Grant; expiresAt: number };

const json = (status: number, body: object): FakeAnswer => ({ status, body, headers: { "cache-control": "no-store" } });

export class AuthorizationServer {
  /** refuse every refresh_token grant, as a vendor does once the consent is withdrawn */
  refuseRefresh = false;
  /** a refresh token is good once: each refresh answers a new one (vendors that rotate them) */
  singleUseRefresh = false;
  private readonly codes = new Map<string, Code>();
  private readonly access = new Map<string, Token>();
  private readonly refresh = new Map<string, Token>();
  private grants = 0;

  constructor(private readonly o: AuthorizationServerOptions) {}

  private mint() {
    return this.o.mint?.() ?? crypto.randomBytes(24).toString("base64url");
  }

  /**
   * The consent: unknown client or unregistered redirect_uri answer 400 without redirecting (RFC
   * 6749 §4.1.2.1). The person's answer on the vendor's pages is `approve=1|0` (a test's stand-in
   * for signing in and clicking); without it, a stand-in page.
   */
  authorize(q: URLSearchParams): FakeAnswer {
    if (q.get("client_id") !== this.o.client.id) return json(400, { error: "unauthorized_client" });
    const asked = q.get("redirect_uri");
    const redirectUri = asked ?? (this.o.redirectUris.length === 1 ? this.o.redirectUris[0] : null);
    if (!redirectUri || !this.o.redirectUris.includes(redirectUri)) return json(400, { error: "invalid_request", error_description: "redirect_uri mismatch" });
    const approve = q.get("approve");
    if (approve === null) {
      return { status: 200, body: `<!doctype html><title>${this.o.vendor}</title><p>Stand-in for ${this.o.vendor}'s sign-in and consent pages.</p>`, headers: { "cache-control": "no-store" } };
    }
    const back = new URL(redirectUri);
    if (approve === "1") {
      const grant: Grant = { id: ++this.grants, kind: "user", usagePoints: this.o.usagePoints?.() ?? [] };
      const code = this.mint();
      const challenge = this.o.pkce && q.get("code_challenge_method") === "S256" ? q.get("code_challenge") : null;
      this.codes.set(code, { grant, redirectUri: asked, challenge, expiresAt: this.o.now() + this.o.codeLifetimeS * 1000 });
      back.searchParams.set("code", code);
      const state = q.get("state");
      if (state !== null) back.searchParams.set("state", state);
      for (const [k, v] of Object.entries(this.o.redirectExtras?.(grant) ?? {})) back.searchParams.set(k, v);
    } else {
      back.searchParams.set("error", "access_denied");
      const state = q.get("state");
      if (state !== null) back.searchParams.set("state", state);
    }
    return { status: 302, headers: { location: back.toString() } };
  }

  /** The client's credentials, in the form (client_secret_post) or as HTTP Basic. */
  private authenticated(req: SeenRequest): boolean {
    let id = req.form.get("client_id");
    let secret = req.form.get("client_secret");
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? "");
    if (basic) [id, secret] = Buffer.from(basic[1], "base64").toString("utf8").split(":");
    return id === this.o.client.id && secret === this.o.client.secret;
  }

  /** An access token for `grant`, with a new refresh token, the one given again, or none. */
  private issue(grant: Grant, refresh: "new" | { same: string } | null): FakeAnswer {
    const now = this.o.now();
    const accessToken = this.mint();
    this.access.set(accessToken, { grant, expiresAt: now + this.o.accessLifetimeS * 1000 });
    let refreshToken: string | undefined;
    if (refresh === "new") {
      refreshToken = this.mint();
      this.refresh.set(refreshToken, { grant, expiresAt: Number.POSITIVE_INFINITY });
    } else if (refresh) {
      refreshToken = refresh.same;
    }
    return json(200, this.o.tokenAnswer({ accessToken, refreshToken, grant }));
  }

  /** POST to the token endpoint (RFC 6749 §4.1.3, §4.4, §6; RFC 7636 §4.6). */
  token(req: SeenRequest): FakeAnswer {
    if (!this.authenticated(req)) return json(401, this.o.errors.invalidClient);
    const f = req.form;
    const grantType = f.get("grant_type");
    if (grantType === "authorization_code") {
      const code = this.codes.get(f.get("code") ?? "");
      this.codes.delete(f.get("code") ?? "");
      if (!code || code.expiresAt <= this.o.now()) return json(400, this.o.errors.invalidGrant);
      // the redirect_uri of the consent, when one was sent there (in the form, or as Enedis
      // shows it, in the query)
      const redirectUri = f.get("redirect_uri") ?? req.query.get("redirect_uri");
      if (code.redirectUri !== null && redirectUri !== code.redirectUri) return json(400, this.o.errors.invalidGrant);
      if (code.challenge !== null) {
        const verifier = f.get("code_verifier") ?? "";
        if (crypto.createHash("sha256").update(verifier).digest("base64url") !== code.challenge) return json(400, this.o.errors.pkce ?? this.o.errors.invalidGrant);
      }
      return this.issue(code.grant, "new");
    }
    if (grantType === "refresh_token") {
      const value = f.get("refresh_token") ?? "";
      const known = this.refresh.get(value);
      if (this.refuseRefresh || !known) return json(400, this.o.errors.invalidGrant);
      if (!this.singleUseRefresh) return this.issue(known.grant, { same: value });
      this.refresh.delete(value);
      return this.issue(known.grant, "new");
    }
    if (grantType === "client_credentials" && this.o.clientCredentials) {
      return this.issue({ id: ++this.grants, kind: "application", usagePoints: [] }, null);
    }
    return json(400, { error: "unsupported_grant_type" });
  }

  /**
   * RFC 7009: 200 and an empty body, also for a token it does not know (§2.2); a refresh token
   * takes the access tokens of its grant with it (§2.1).
   */
  revoke(req: SeenRequest): FakeAnswer {
    if (!this.authenticated(req)) return json(401, this.o.errors.invalidClient);
    const token = req.form.get("token");
    if (!token) return json(400, { error: "invalid_request" });
    const refresh = this.refresh.get(token);
    if (refresh) {
      this.refresh.delete(token);
      for (const [k, t] of this.access) if (t.grant.id === refresh.grant.id) this.access.delete(k);
    }
    this.access.delete(token);
    return { status: 200, headers: { "cache-control": "no-store" } };
  }

  /** The grant behind a request's bearer token, if the token is one this server issued and it is still good. */
  bearer(req: SeenRequest): Grant | null {
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const t = token ? this.access.get(token) : undefined;
    return t && t.expiresAt > this.o.now() ? t.grant : null;
  }

  /** Whether a bearer token was issued by this server at all (expired or not). */
  knows(req: SeenRequest): boolean {
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    return Boolean(token && this.access.has(token));
  }
}
