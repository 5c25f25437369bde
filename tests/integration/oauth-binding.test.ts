// Issue 9 §4: the OAuth consent is bound to the browser that asked for it and to its user; the
// sandbox redirects only to our callbacks and enforces PKCE; a refresh is sent to the vendor once.
// The vendors are their fakes (tests/fakes/vendor.ts); the sandbox's own rules are tested with
// no vendor account configured.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { call } from "../helpers/api";
import { makeUser, type TestUser } from "../factories/users";
import { ENEDIS_CONSUMER, vendorFakesForFile } from "../fakes/vendor";
import { useEnv } from "../helpers/env";
import { OAuthBrowser } from "../helpers/oauth-browser";
import { NO_VENDOR_ACCOUNTS, sandboxServerFor } from "../helpers/sandbox-server";
import { sessionCookie } from "../helpers/session";
import { db } from "@/lib/db";
import { pkceChallenge, sha256Hex } from "@/lib/crypto";
import type { IntegrationName } from "@/lib/generated/prisma/client";
import { sandboxConfig, SANDBOX_CLIENT, vendorOf, type Vendor } from "@/lib/integrations/config";
import { bindingCookie } from "@/lib/services/integrations/browser-binding";
import * as consumption from "@/app/api/integrations/linky/my/[meter]/consumption/route";
import * as sandboxRoute from "@/app/api/sandbox/[vendor]/[...path]/route";

const APP = "http://foyer.test";
const fakes = vendorFakesForFile();


let mallory: TestUser;
let kim: TestUser;
beforeEach(async () => {
  for (const f of Object.values(fakes)) f.reset();
  [mallory, kim] = await Promise.all([makeUser(), makeUser()]);
});

/** The consent URL the link answer gives `browser` for `who`. */
async function linkIn(browser: OAuthBrowser, name: IntegrationName, who?: TestUser) {
  const r = await browser.link(name, who?.token);
  expect(r.status).toBe(200);
  return new URL(r.body.link);
}

/** Accepts on the vendor's consent page (over HTTP): where the vendor sends the browser back. */
async function consent(url: URL) {
  const u = new URL(url);
  u.searchParams.set("approve", "1");
  const res = await fetch(u, { redirect: "manual" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location")!);
  expect(back.origin).toBe(APP);
  return back;
}

const errorAt = (reason: string) => `${APP}/integrations?error=${reason}`;
const stored = () => db.integration.count();

const NAMES = ["linky", "netatmo", "legrand", "legrand_up"] as const;

describe("the browser binding cookie", () => {
  it("is set by the link answer: httpOnly, SameSite=Lax, only for /api/integrations/, as long as the state", async () => {
    const browser = new OAuthBrowser();
    const r = await browser.link("linky", kim.token);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const [cookie, ...others] = r.headers.getSetCookie();
    expect(others).toEqual([]);
    const nonce = browser.jar.get("foyer_oauth_linky")!;
    expect(cookie).toBe(`foyer_oauth_linky=${nonce}; Path=/api/integrations/; Max-Age=600; HttpOnly; SameSite=Lax`);
    expect((await db.oAuthState.findFirstOrThrow()).browserHash).toBe(sha256Hex(nonce));
  });

  it("is Secure when APP_URL is https", () => {
    expect(bindingCookie("netatmo", "n", 600, "https://foyer.example.org")).toBe("foyer_oauth_netatmo=n; Path=/api/integrations/; Max-Age=600; HttpOnly; SameSite=Lax; Secure");
    expect(bindingCookie("netatmo", "n", 600, "http://localhost:3000")).not.toMatch(/Secure/);
  });

  it("is cleared by the callback, whether it links or not", async () => {
    const browser = new OAuthBrowser();
    const ok = await browser.back("linky", (await consent(await linkIn(browser, "linky", kim))).search);
    expect(ok.headers.get("location")).toBe(`${APP}/?created=true`);
    expect(ok.headers.getSetCookie()).toEqual(["foyer_oauth_linky=; Path=/api/integrations/; Max-Age=0; HttpOnly; SameSite=Lax"]);
    expect(browser.jar.size).toBe(0);
    await linkIn(browser, "netatmo", kim);
    const refused = await browser.back("netatmo", "?state=unknown&code=x");
    expect(refused.headers.get("location")).toBe(errorAt("invalid_state"));
    expect(refused.headers.getSetCookie()[0]).toMatch(/^foyer_oauth_netatmo=; .*Max-Age=0/);
  });

  it("one per vendor: two links in two tabs of one browser both complete", async () => {
    const browser = new OAuthBrowser(await sessionCookie(kim.id));
    const linky = await consent(await linkIn(browser, "linky"));
    const netatmo = await consent(await linkIn(browser, "netatmo"));
    expect((await browser.back("netatmo", netatmo.search)).headers.get("location")).toBe(`${APP}/?created=true`);
    expect((await browser.back("linky", linky.search)).headers.get("location")).toBe(`${APP}/?created=true`);
    expect(await db.integration.findMany({ where: { userId: kim.id }, select: { name: true }, orderBy: { name: "asc" } })).toEqual([{ name: "linky" }, { name: "netatmo" }]);
  });
});

describe("consent phishing: Mallory's consent URL completed by Kim", () => {
  it.each(NAMES)("%s: in Kim's signed-in browser, redirected with an error, nothing stored for either", async (name) => {
    const malloryBrowser = new OAuthBrowser();
    const url = await linkIn(malloryBrowser, name, mallory);
    const kimBrowser = new OAuthBrowser(await sessionCookie(kim.id));
    const r = await kimBrowser.back(name, (await consent(url)).search);
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe(errorAt("browser_mismatch"));
    expect(await stored()).toBe(0);
    // the state served once: Mallory cannot replay Kim's redirect from her own browser either
    expect((await malloryBrowser.back(name, (await consent(url)).search)).headers.get("location")).toBe(errorAt("invalid_state"));
    expect(await stored()).toBe(0);
  });

  it("in a browser that has its own pending link to the same vendor: refused as well", async () => {
    const url = await linkIn(new OAuthBrowser(), "linky", mallory);
    const kimBrowser = new OAuthBrowser(await sessionCookie(kim.id));
    await linkIn(kimBrowser, "linky");
    expect(kimBrowser.jar.has("foyer_oauth_linky")).toBe(true);
    expect((await kimBrowser.back("linky", (await consent(url)).search)).headers.get("location")).toBe(errorAt("browser_mismatch"));
    expect(await stored()).toBe(0);
  });

  it("in a browser without any cookie (signed out): refused", async () => {
    const url = await linkIn(new OAuthBrowser(), "netatmo", mallory);
    expect((await new OAuthBrowser().back("netatmo", (await consent(url)).search)).headers.get("location")).toBe(errorAt("browser_mismatch"));
    expect(await stored()).toBe(0);
  });

  it("in the browser that asked, but where Kim has signed in since: refused for the other account", async () => {
    const shared = new OAuthBrowser(await sessionCookie(mallory.id));
    const url = await linkIn(shared, "legrand");
    shared.session = await sessionCookie(kim.id);
    expect((await shared.back("legrand", (await consent(url)).search)).headers.get("location")).toBe(errorAt("account_mismatch"));
    expect(await stored()).toBe(0);
  });

  it("the browser that asked, signed in as the state's user (or not signed in at all), links", async () => {
    const signedIn = new OAuthBrowser(await sessionCookie(kim.id));
    expect((await signedIn.back("linky", (await consent(await linkIn(signedIn, "linky"))).search)).headers.get("location")).toBe(`${APP}/?created=true`);
    const script = new OAuthBrowser();
    expect((await script.back("netatmo", (await consent(await linkIn(script, "netatmo", kim))).search)).headers.get("location")).toBe(`${APP}/?created=true`);
    expect(await db.integration.count({ where: { userId: kim.id } })).toBe(2);
  });
});

/**
 * Kim's code with Mallory's state: what stops it is PKCE at the vendor (the code is bound to the
 * challenge of Kim's flow). Legrand's sign-in takes PKCE; Enedis' and Netatmo's consents document
 * none, so against them nothing can tell the codes apart (docs/api-decisions.md): for those two
 * the test is the sandbox's, which enforces PKCE for every vendor.
 */
async function injectKimsCode(name: IntegrationName) {
  const kimBrowser = new OAuthBrowser();
  const kimBack = await consent(await linkIn(kimBrowser, name, kim));
  const malloryBrowser = new OAuthBrowser();
  const malloryBack = await consent(await linkIn(malloryBrowser, name, mallory));
  const injected = new URLSearchParams(malloryBack.search);
  injected.set("code", kimBack.searchParams.get("code")!);
  const r = await malloryBrowser.back(name, `?${injected}`);
  expect(r.headers.get("location")).toBe(errorAt("token_exchange_failed"));
  expect(await stored()).toBe(0);
  return { kimCode: kimBack.searchParams.get("code"), kimLinks: async () => (await kimBrowser.back(name, kimBack.search)).headers.get("location") };
}

describe("a code from Kim's flow sent with Mallory's state", () => {
  // (whether a refused redemption also burns the code, Legrand does not say: Kim's own flow is not asked again)
  it.each(["legrand", "legrand_up"] as const)("%s: the vendor refuses it (PKCE) and nothing is stored", async (name) => {
    const { kimCode } = await injectKimsCode(name);
    const refused = fakes[vendorOf(name)].requests("token").at(-1)!;
    expect(refused.form.get("code")).toBe(kimCode);
    expect(refused.form.get("code_verifier")).toMatch(/^[\w-]{43,128}$/);
  });

  describe("with the sandbox", () => {
    const sandbox = sandboxServerFor();
    it.each(["linky", "netatmo"] as const)("%s: the sandbox refuses it (PKCE), nothing is stored, and Kim's own flow still links Kim", async (name) => {
      const { kimCode, kimLinks } = await injectKimsCode(name);
      const refused = sandbox.seen.filter((r) => r.path.endsWith("token")).at(-1)!;
      expect(refused.form.get("code")).toBe(kimCode);
      expect(await kimLinks()).toBe(`${APP}/?created=true`);
      expect(await db.integration.findMany({ select: { userId: true } })).toEqual([{ userId: kim.id }]);
    });
  });
});

describe("a bad state always redirects, and stores nothing", () => {
  it.each([
    ["an empty state", "?state=&code=abc", "missing_state"],
    ["an empty state and code", "?state=&code=", "missing_state"],
    ["no query at all", "", "missing_state"],
    ["a NUL in the state", "?state=%00&code=abc", "invalid_state"],
    ["a state of 10 kB", `?state=${"s".repeat(10_000)}&code=abc`, "invalid_state"],
  ])("%s → /integrations?error=%s", async (_what, search, reason) => {
    const browser = new OAuthBrowser();
    await linkIn(browser, "linky", kim);
    const r = await browser.back("linky", search);
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe(errorAt(reason));
    expect(await stored()).toBe(0);
  });

  it("the right state without the browser's cookie is refused, and cannot be tried again", async () => {
    const browser = new OAuthBrowser();
    const back = await consent(await linkIn(browser, "linky", kim));
    const nonce = browser.jar.get("foyer_oauth_linky")!;
    browser.jar.clear();
    expect((await browser.back("linky", back.search)).headers.get("location")).toBe(errorAt("browser_mismatch"));
    browser.jar.set("foyer_oauth_linky", nonce);
    expect((await browser.back("linky", back.search)).headers.get("location")).toBe(errorAt("invalid_state"));
    expect(await stored()).toBe(0);
  });
});

describe("the sandbox's consent page is not an open redirect", () => {
  useEnv(() => NO_VENDOR_ACCOUNTS);
  const authorize = (vendor: Vendor, q: Record<string, string>) => {
    const u = new URL(sandboxConfig(vendor, APP).authorizeUrl);
    for (const [k, v] of Object.entries({ client_id: SANDBOX_CLIENT.clientId, response_type: "code", state: "s", ...q })) u.searchParams.set(k, v);
    return call(sandboxRoute.GET, { path: u.pathname + u.search, params: { vendor } });
  };
  const ours = (name: string) => `${APP}/api/integrations/${name}/callback`;

  it.each<[Vendor, string[], string[]]>([
    ["linky", ["linky"], ["netatmo", "legrand"]],
    ["netatmo", ["netatmo"], ["linky", "legrand_up"]],
    ["legrand", ["legrand", "legrand_up"], ["linky"]],
  ])("%s: only this app's callbacks for it are accepted; anything else is 400 and no redirect", async (vendor, mine, others) => {
    const refused = [
      "https://evil.example/steal",
      "//evil.example/steal",
      "javascript:alert(1)",
      "",
      `${APP}.evil.example/api/integrations/${mine[0]}/callback`,
      `${ours(mine[0])}/../../../steal`,
      `${ours(mine[0])}?next=https://evil.example`,
      `${ours(mine[0])}/`,
      ours(mine[0]).replace("http:", "https:"),
      ...others.map(ours),
    ];
    for (const redirect_uri of refused) {
      for (const approve of [{ approve: "1" }, { approve: "0" }, {}] as Record<string, string>[]) {
        const r = await authorize(vendor, { redirect_uri, ...approve });
        expect(r.status, `${redirect_uri} ${JSON.stringify(approve)}`).toBe(400);
        expect(r.headers.get("location")).toBeNull();
        expect(r.body).toMatchObject({ error: "invalid_request" });
      }
    }
    for (const name of mine) {
      const r = await authorize(vendor, { redirect_uri: ours(name), approve: "1" });
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toMatch(new RegExp(`^${ours(name)}\\?state=s&code=`));
    }
  });

  it("an unknown client is refused before anything else, without a redirect", async () => {
    const r = await authorize("netatmo", { client_id: "someone-else", redirect_uri: ours("netatmo"), approve: "1" });
    expect(r.status).toBe(400);
    expect(r.headers.get("location")).toBeNull();
  });

  it("the consent page cannot be framed, cached or leak its URL", async () => {
    const r = await authorize("linky", { redirect_uri: ours("linky") });
    expect(r.status).toBe(200);
    // (its whole policy: tests/unit/sandbox.test.ts)
    expect(r.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(r.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(r.headers.get("x-frame-options")).toBe("DENY");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("referrer-policy")).toBe("no-referrer");
  });
});

describe("the sandbox enforces PKCE", () => {
  useEnv(() => NO_VENDOR_ACCOUNTS);
  const verifier = "v".repeat(43);
  /** A code from the app's sandbox route for `vendor`, issued with these extra authorize parameters. */
  async function codeFor(vendor: Vendor, extra: Record<string, string>) {
    const u = new URL(sandboxConfig(vendor, APP).authorizeUrl);
    const q = { client_id: SANDBOX_CLIENT.clientId, redirect_uri: `${APP}/api/integrations/${vendor}/callback`, state: "s", approve: "1", ...extra };
    for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v);
    const r = await call(sandboxRoute.GET, { path: u.pathname + u.search, params: { vendor } });
    expect(r.status).toBe(302);
    return new URL(r.headers.get("location")!).searchParams.get("code")!;
  }
  const token = (vendor: Vendor, code: string, extra: Record<string, string>) =>
    call(sandboxRoute.POST, {
      path: new URL(sandboxConfig(vendor, APP).tokenUrl).pathname,
      params: { vendor },
      form: { grant_type: "authorization_code", code, redirect_uri: `${APP}/api/integrations/${vendor}/callback`, client_id: SANDBOX_CLIENT.clientId, client_secret: SANDBOX_CLIENT.clientSecret, ...extra },
    });

  it.each<Vendor>(["linky", "netatmo", "legrand"])("%s: a code issued with a challenge is redeemed only with its verifier", async (vendor) => {
    const code = await codeFor(vendor, { code_challenge: pkceChallenge(verifier), code_challenge_method: "S256" });
    for (const extra of [{}, { code_verifier: "" }, { code_verifier: "w".repeat(43) }, { code_verifier: pkceChallenge(verifier) }] as Record<string, string>[]) {
      const r = await token(vendor, code, extra);
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body.error).toBe("invalid_grant");
    }
    const r = await token(vendor, code, { code_verifier: verifier });
    expect(r.status).toBe(200);
    expect(r.body.access_token).toEqual(expect.any(String));
  });

  it.each<Vendor>(["linky", "netatmo", "legrand"])("%s: a verifier for a code issued without a challenge is a downgrade, refused", async (vendor) => {
    const code = await codeFor(vendor, {});
    expect((await token(vendor, code, { code_verifier: verifier })).status).toBe(400);
    expect((await token(vendor, code, {})).status).toBe(200);
  });

  it("refuses a plain or malformed challenge at the consent, without a redirect", async () => {
    for (const extra of [{ code_challenge: verifier, code_challenge_method: "plain" }, { code_challenge: "short", code_challenge_method: "S256" }, { code_challenge: pkceChallenge(verifier) }]) {
      const u = new URL(sandboxConfig("legrand", APP).authorizeUrl);
      const q = { client_id: SANDBOX_CLIENT.clientId, redirect_uri: `${APP}/api/integrations/legrand/callback`, approve: "1", ...extra };
      for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v);
      const r = await call(sandboxRoute.GET, { path: u.pathname + u.search, params: { vendor: "legrand" } });
      expect(r.status).toBe(400);
      expect(r.headers.get("location")).toBeNull();
    }
  });
});

describe("vendor token refresh is single-flight per integration", () => {
  const refreshes = () => fakes.linky.requests("/oauth2/v3/token").filter((r) => r.form.get("grant_type") === "refresh_token");
  /** Connections of the test database waiting for a lock (a request queued behind the row lock). */
  const lockWaiters = async () =>
    (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)[0].n;
  const curve = () => call(consumption.GET, { token: kim.token, params: { meter: ENEDIS_CONSUMER } });

  it("two parallel data requests near expiry send the refresh token once, both succeed, no relink", async () => {
    const browser = new OAuthBrowser();
    await browser.back("linky", (await consent(await linkIn(browser, "linky", kim))).search);
    const { id } = await db.integration.findFirstOrThrow();
    await db.integration.update({ where: { id }, data: { tokenExpiresAt: new Date(Date.now() + 30_000) } });
    // the vendor rotates refresh tokens and refuses one used twice; its first refresh answer is
    // held until the second request is either at the vendor too (no single flight) or queued
    // behind the row lock
    fakes.linky.oauth.singleUseRefresh = true;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    fakes.linky.hold = (req) => (req.form.get("grant_type") === "refresh_token" ? released : Promise.resolve());
    const both = Promise.all([curve(), curve()]);
    await vi.waitFor(
      async () => {
        const n = refreshes().length;
        expect(n === 2 || (n === 1 && (await lockWaiters()) >= 1)).toBe(true);
      },
      { timeout: 10_000, interval: 20 },
    );
    release();
    const [a, b] = await both;
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(refreshes()).toHaveLength(1);
    const row = await db.integration.findUniqueOrThrow({ where: { id } });
    expect(row.needsRelink).toBe(false);
    expect(row.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    // both read the curve with the one new access token
    const sent = fakes.linky.requests("/consumption_load_curve").map((r) => r.headers.authorization);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(sent[1]);
  });

  it("the fake really refuses a reused refresh token (what the lock protects against)", async () => {
    const browser = new OAuthBrowser();
    await browser.back("linky", (await consent(await linkIn(browser, "linky", kim))).search);
    const { refreshTokenEnc } = await db.integration.findFirstOrThrow();
    fakes.linky.oauth.singleUseRefresh = true;
    const { decryptSecret } = await import("@/lib/crypto");
    const client = (await import("@/lib/integrations")).linkyClient();
    await client.refresh(decryptSecret(refreshTokenEnc!));
    await expect(client.refresh(decryptSecret(refreshTokenEnc!))).rejects.toMatchObject({ name: "VendorGrantRefused" });
  });
});
