import type { VendorConfig } from "./config";
import { requestToken, vendorJson, type OAuthClient, type TokenSet } from "./oauth";

/** The authorization-code flow as the three vendors document it; subclasses add their data calls. */
export abstract class BaseOAuthClient implements OAuthClient {
  abstract readonly vendor: string;
  /** Whether the vendor's own documentation says its consent takes PKCE (docs/api-decisions.md). */
  protected abstract readonly vendorTakesPkce: boolean;
  constructor(protected readonly config: VendorConfig) {}

  get sandbox() {
    return this.config.sandbox;
  }

  /** PKCE (S256) where the vendor takes it, and always with the bundled sandbox, which enforces it. */
  get usesPkce() {
    return this.vendorTakesPkce || this.config.sandbox;
  }

  /** Vendor-specific query parameters of the consent URL. */
  protected abstract authorizeParams(p: { state: string; redirectUri: string; codeChallenge?: string }): Record<string, string>;

  authorizeUrl(p: { state: string; redirectUri: string; codeChallenge?: string }): string {
    const url = new URL(this.config.authorizeUrl);
    for (const [k, v] of Object.entries(this.authorizeParams(p))) url.searchParams.set(k, v);
    if (this.usesPkce && p.codeChallenge) {
      url.searchParams.set("code_challenge", p.codeChallenge);
      url.searchParams.set("code_challenge_method", "S256");
    }
    return url.toString();
  }

  exchangeCode(p: { code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenSet> {
    const params: Record<string, string> = {
      grant_type: "authorization_code",
      code: p.code,
      redirect_uri: p.redirectUri,
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret,
    };
    if (this.usesPkce && p.codeVerifier) params.code_verifier = p.codeVerifier;
    return requestToken(this.vendor, this.config.fetch, this.config.tokenUrl, params);
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    return requestToken(this.vendor, this.config.fetch, this.config.tokenUrl, {
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret,
    });
  }

  get revokes() {
    return Boolean(this.config.revokeUrl);
  }

  /**
   * RFC 7009 §2.1: a form POST of `token` and `token_type_hint` with the client's credentials;
   * the vendor answers 200 (also for a token it no longer knows), anything else is a VendorError.
   */
  async revoke(token: string, hint: "access_token" | "refresh_token"): Promise<void> {
    if (!this.config.revokeUrl) throw new Error(`${this.vendor} documents no token revocation`);
    await vendorJson(this.vendor, this.config.fetch, this.config.revokeUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ token, token_type_hint: hint, client_id: this.config.clientId, client_secret: this.config.clientSecret }).toString(),
    });
  }
}
