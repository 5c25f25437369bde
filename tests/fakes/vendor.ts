// The vendors' APIs over real HTTP on 127.0.0.1, as their documents describe them, each answer
// read from tests/fixtures/<vendor> (published examples; each folder's README says where from),
// never from our sandbox (lib/integrations/sandbox): Enedis (./linky.ts), Netatmo Connect and
// Legrand Home + Control (Azure AD B2C sign-in, API Management in front of the data).
import crypto from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import type { VendorConfig } from "@/lib/integrations/config";
import { setEnv } from "../helpers/env";
import { fixtureOf, HttpFake, type FakeAnswer, type SeenRequest } from "./http-fake";
import { LinkyFake } from "./linky";
import { AuthorizationServer } from "./oauth-server";

export { ENEDIS_CONSUMER, ENEDIS_PRODUCER } from "./linky";

const callbacks = (appUrl: string, names: string[]) => names.map((n) => `${appUrl.replace(/\/$/, "")}/api/integrations/${n}/callback`);

/**
 * Netatmo Connect: the authorization-code grant at /oauth2/authorize and /oauth2/token
 * (https://dev.netatmo.com/apidocumentation/oauth), no PKCE, no revocation; GET /api/homesdata
 * with the user's token; errors `{error: {code, message}}` (403 for a bad or expired token).
 */
class NetatmoFake extends HttpFake {
  readonly client = { id: "netatmo-client-id", secret: "netatmo-client-secret" };
  now: () => number = Date.now;
  readonly oauth: AuthorizationServer;

  constructor(readonly appUrl = process.env.APP_URL ?? "http://foyer.test") {
    super();
    const netatmo = <T>(name: string) => fixtureOf<T>("netatmo", name);
    const token = netatmo<Record<string, unknown>>("token.json");
    // Netatmo's tokens read `<user id>|<secret>`
    const user = String(token.access_token).split("|")[0];
    this.oauth = new AuthorizationServer({
      vendor: "Netatmo",
      client: this.client,
      redirectUris: callbacks(appUrl, ["netatmo"]),
      codeLifetimeS: 600,
      accessLifetimeS: Number(token.expires_in),
      pkce: false,
      mint: () => `${user}|${crypto.randomBytes(16).toString("hex")}`,
      tokenAnswer: ({ accessToken, refreshToken }) => ({ ...token, access_token: accessToken, refresh_token: refreshToken }),
      errors: { invalidGrant: netatmo("oauth-error-invalid-grant.json"), invalidClient: netatmo("oauth-error-invalid-client.json") },
      now: () => this.now(),
    });
  }

  protected isOAuth(path: string) {
    return path.startsWith("/oauth2/");
  }

  override reset() {
    super.reset();
    this.oauth.refuseRefresh = this.oauth.singleUseRefresh = false;
  }

  env() {
    return { NETATMO_CLIENT_ID: this.client.id, NETATMO_CLIENT_SECRET: this.client.secret, NETATMO_URL: this.origin };
  }

  config(): VendorConfig {
    return { sandbox: false, clientId: this.client.id, clientSecret: this.client.secret, authorizeUrl: `${this.origin}/oauth2/authorize`, tokenUrl: `${this.origin}/oauth2/token`, apiUrl: this.origin, scope: "read_thermostat", fetch };
  }

  protected answer(req: SeenRequest): FakeAnswer {
    if (req.path === "/oauth2/authorize" && req.method === "GET") return this.oauth.authorize(req.query);
    if (req.path === "/oauth2/token" && req.method === "POST") return this.oauth.token(req);
    if (req.path !== "/api/homesdata") return { status: 404, body: { error: { code: 404, message: "Not found" } } };
    if (!this.oauth.bearer(req)) return { status: 403, body: fixtureOf("netatmo", this.oauth.knows(req) ? "error-403-expired-token.json" : "error-403-invalid-token.json") };
    return { status: 200, body: fixtureOf("netatmo", "homesdata.json") };
  }
}

/**
 * Legrand Home + Control: sign-in through Azure AD B2C (authorize and token, PKCE S256,
 * https://learn.microsoft.com/azure/active-directory-b2c/authorization-code-flow), data behind
 * Azure API Management: GET /hc/api/v1.0/plants with the subscription key and the user's token.
 */
class LegrandFake extends HttpFake {
  readonly client = { id: "legrand-client-id", secret: "legrand-client-secret" };
  readonly subscriptionKey = "legrand-subscription-key";
  now: () => number = Date.now;
  readonly oauth: AuthorizationServer;

  constructor(readonly appUrl = process.env.APP_URL ?? "http://foyer.test") {
    super();
    const legrand = <T>(name: string) => fixtureOf<T>("legrand", name);
    const token = legrand<Record<string, unknown>>("token.json");
    this.oauth = new AuthorizationServer({
      vendor: "Legrand",
      client: this.client,
      redirectUris: callbacks(appUrl, ["legrand", "legrand_up"]),
      codeLifetimeS: 600,
      accessLifetimeS: Number(token.expires_in),
      pkce: true,
      tokenAnswer: ({ accessToken, refreshToken }) => ({ ...token, access_token: accessToken, refresh_token: refreshToken }),
      errors: { invalidGrant: legrand("oauth-error-invalid-grant.json"), invalidClient: legrand("oauth-error-invalid-client.json"), pkce: legrand("oauth-error-pkce.json") },
      now: () => this.now(),
    });
  }

  protected isOAuth(path: string) {
    return path === "/authorize" || path === "/token";
  }

  override reset() {
    super.reset();
    this.oauth.refuseRefresh = this.oauth.singleUseRefresh = false;
  }

  env() {
    return { LEGRAND_CLIENT_ID: this.client.id, LEGRAND_CLIENT_SECRET: this.client.secret, LEGRAND_SUBSCRIPTION_KEY: this.subscriptionKey, LEGRAND_AUTH_URL: this.origin, LEGRAND_API_URL: this.origin };
  }

  config(): VendorConfig {
    return { sandbox: false, clientId: this.client.id, clientSecret: this.client.secret, authorizeUrl: `${this.origin}/authorize`, tokenUrl: `${this.origin}/token`, apiUrl: this.origin, subscriptionKey: this.subscriptionKey, fetch };
  }

  protected answer(req: SeenRequest): FakeAnswer {
    if (req.path === "/authorize" && req.method === "GET") return this.oauth.authorize(req.query);
    if (req.path === "/token" && req.method === "POST") return this.oauth.token(req);
    if (req.path !== "/hc/api/v1.0/plants" || req.method !== "GET") return { status: 404, body: { statusCode: 404, message: "Resource not found" } };
    // API Management checks the subscription key before the token
    if (req.headers["ocp-apim-subscription-key"] !== this.subscriptionKey) return { status: 401, body: fixtureOf("legrand", "error-401-missing-subscription-key.json") };
    if (!this.oauth.bearer(req)) return { status: 401, body: fixtureOf("legrand", "error-401-invalid-token.json") };
    return { status: 200, body: fixtureOf("legrand", "plants.json") };
  }
}

export type VendorFakes = { linky: LinkyFake; netatmo: NetatmoFake; legrand: LegrandFake };

/**
 * The three vendors' fakes for one test file, started, and the app configured with an
 * application at each (its *_CLIENT_ID, URLs: lib/integrations/config.ts reads them at each call).
 */
export function vendorFakesForFile(): VendorFakes {
  const fakes = { linky: new LinkyFake(), netatmo: new NetatmoFake(), legrand: new LegrandFake() };
  let restore: (() => void) | undefined;
  beforeAll(async () => {
    for (const f of Object.values(fakes)) await f.start();
    restore = setEnv({ ...fakes.linky.env(), ...fakes.netatmo.env(), ...fakes.legrand.env() });
  });
  afterAll(async () => {
    restore?.();
    for (const f of Object.values(fakes)) await f.stop();
  });
  return fakes;
}
