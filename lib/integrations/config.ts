// Which vendor endpoints the app talks to: the real ones when credentials are configured, else
// the bundled sandbox (app/api/sandbox/<vendor>). Read from the environment at each call: tests
// point a vendor at their fake by setting its variables (tests/helpers/env.ts).
import { env, integrationsEnv, type IntegrationsEnv } from "@/lib/env";
import { INTEGRATION_NAMES, type IntegrationName } from "@/lib/enums";
import type { Fetch } from "./oauth";

/** The vendor API behind an integration name (legrand_up is a Legrand account too). */
/** The vendors behind the integration names (each integration name maps to one: vendorOf). */
export const VENDORS = ["linky", "netatmo", "legrand"] as const;
export type Vendor = (typeof VENDORS)[number];
export const vendorOf = (name: IntegrationName): Vendor => (name === "legrand_up" ? "legrand" : name);

/**
 * Where a vendor sends the browser back after the consent: our callback for that integration
 * name, always under APP_URL (the address browsers use), whatever INTEGRATIONS_SANDBOX_URL says.
 */
export const callbackUrl = (appUrl: string, name: IntegrationName) => `${appUrl.replace(/\/$/, "")}/api/integrations/${name}/callback`;

/** The callbacks a vendor may send a browser to: one per integration name it serves. */
export const callbackUrlsOf = (appUrl: string, vendor: Vendor) => INTEGRATION_NAMES.filter((n) => vendorOf(n) === vendor).map((n) => callbackUrl(appUrl, n));

export type VendorConfig = {
  sandbox: boolean;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /**
   * RFC 7009 token revocation, where the vendor documents one (Enedis: `POST /oauth2/v3/revoke`);
   * without it, unlinking only forgets the tokens
   */
  revokeUrl?: string;
  /** base of the data API */
  apiUrl: string;
  /** Legrand's Ocp-Apim-Subscription-Key */
  subscriptionKey?: string;
  scope?: string;
  consentDuration?: string;
  fetch: Fetch;
};

/** The sandbox's client credentials: public on purpose, the sandbox holds no one's data. */
export const SANDBOX_CLIENT = { clientId: "foyer-sandbox", clientSecret: "foyer-sandbox-secret", subscriptionKey: "foyer-sandbox-key" };

/** Where a vendor's sandbox is served: `{base}/api/sandbox/<vendor>`, each path as the vendor's. */
export function sandboxConfig(vendor: Vendor, origin: string, doFetch: Fetch = fetch): VendorConfig {
  const base = `${origin.replace(/\/$/, "")}/api/sandbox/${vendor}`;
  const common = { sandbox: true, ...SANDBOX_CLIENT, fetch: doFetch };
  if (vendor === "linky") {
    return { ...common, authorizeUrl: `${base}/dataconnect/v1/oauth2/authorize`, tokenUrl: `${base}/oauth2/v3/token`, revokeUrl: `${base}/oauth2/v3/revoke`, apiUrl: base, consentDuration: "P1Y" };
  }
  if (vendor === "netatmo") {
    return { ...common, authorizeUrl: `${base}/oauth2/authorize`, tokenUrl: `${base}/oauth2/token`, apiUrl: base, scope: "read_thermostat" };
  }
  return { ...common, authorizeUrl: `${base}/authorize`, tokenUrl: `${base}/token`, apiUrl: base };
}

function realConfig(vendor: Vendor, e: IntegrationsEnv): VendorConfig | null {
  if (vendor === "linky" && e.LINKY_CLIENT_ID) {
    return {
      sandbox: false, clientId: e.LINKY_CLIENT_ID, clientSecret: e.LINKY_CLIENT_SECRET ?? "", fetch,
      authorizeUrl: e.LINKY_AUTHORIZE_URL, tokenUrl: e.LINKY_TOKEN_URL, revokeUrl: e.LINKY_REVOKE_URL, apiUrl: e.LINKY_API_URL, consentDuration: e.LINKY_CONSENT_DURATION,
    };
  }
  if (vendor === "netatmo" && e.NETATMO_CLIENT_ID) {
    const base = e.NETATMO_URL.replace(/\/$/, "");
    return {
      sandbox: false, clientId: e.NETATMO_CLIENT_ID, clientSecret: e.NETATMO_CLIENT_SECRET ?? "", fetch,
      authorizeUrl: `${base}/oauth2/authorize`, tokenUrl: `${base}/oauth2/token`, apiUrl: base, scope: e.NETATMO_SCOPE,
    };
  }
  if (vendor === "legrand" && e.LEGRAND_CLIENT_ID) {
    const auth = e.LEGRAND_AUTH_URL.replace(/\/$/, "");
    return {
      sandbox: false, clientId: e.LEGRAND_CLIENT_ID, clientSecret: e.LEGRAND_CLIENT_SECRET ?? "", fetch,
      authorizeUrl: `${auth}/authorize`, tokenUrl: `${auth}/token`, apiUrl: e.LEGRAND_API_URL.replace(/\/$/, ""), subscriptionKey: e.LEGRAND_SUBSCRIPTION_KEY,
    };
  }
  return null;
}

/** True when the vendor's real credentials are configured (the sandbox then stays closed). */
export const hasRealCredentials = (vendor: Vendor) => realConfig(vendor, integrationsEnv()) !== null;

export function vendorConfig(vendor: Vendor): VendorConfig {
  const e = integrationsEnv();
  return realConfig(vendor, e) ?? sandboxConfig(vendor, e.INTEGRATIONS_SANDBOX_URL ?? env().APP_URL);
}
