import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { makeCast, type TestUser } from "../factories/users";
import { makeIntegration } from "../factories/devices";
import { fixtureOf } from "../fakes/http-fake";
import { ENEDIS_CONSUMER, ENEDIS_PRODUCER, vendorFakesForFile } from "../fakes/vendor";
import { OAuthBrowser } from "../helpers/oauth-browser";
import { sandboxServerFor } from "../helpers/sandbox-server";
import { db } from "@/lib/db";
import { decryptSecret, sha256Hex } from "@/lib/crypto";
import { SANDBOX_USAGE_POINTS } from "@/lib/integrations/sandbox/linky";
import * as list from "@/app/api/integrations/route";
import * as one from "@/app/api/integrations/[id]/route";
import * as link from "@/app/api/integrations/[id]/link/route";
import * as consumption from "@/app/api/integrations/linky/my/[meter]/consumption/route";
import * as production from "@/app/api/integrations/linky/my/[meter]/production/route";
import * as homes from "@/app/api/integrations/netatmo/my/homesdata/route";
import * as myIntegrations from "@/app/api/legrand/my-integrations/route";
import * as plants from "@/app/api/legrand/get_plants/hc/route";
import * as sandboxRoute from "@/app/api/sandbox/[vendor]/[...path]/route";

// Enedis, Netatmo and Legrand as their documents describe them (tests/fakes/vendor.ts); the app's
// own sandbox is tested at the end, over HTTP
const fakes = vendorFakesForFile();
const [PRODUCER, CONSUMER] = [ENEDIS_PRODUCER, ENEDIS_CONSUMER];

let cast: { owner: TestUser; other: TestUser; admin: TestUser };
/** the one browser of these tests: the link's binding cookie goes back with the callback */
let browser: OAuthBrowser;
beforeEach(async () => {
  for (const f of Object.values(fakes)) f.reset();
  cast = await makeCast();
  browser = new OAuthBrowser();
});

/** The consent URL for `who`, as GET /api/integrations/{name}/link answers it. */
async function linkOf(who: TestUser, name: string) {
  const r = await browser.link(name, who.token);
  expect(r.status).toBe(200);
  return new URL(r.body.link);
}

/** The vendor's redirect back after the person's answer on its consent page (approve=1 or 0). */
async function consent(url: URL, approve = "1") {
  const u = new URL(url);
  u.searchParams.set("approve", approve);
  const res = await fetch(u, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

/** Our callback, reached with the vendor's redirect's query by the browser that asked for the link. */
const back = (name: string, search: string) => browser.back(name, search);

async function linkAccount(who: TestUser, name: "linky" | "netatmo" | "legrand" | "legrand_up") {
  const r = await back(name, (await consent(await linkOf(who, name))).search);
  expect(r.status).toBe(302);
  return r.headers.get("location");
}

const linkyRow = (userId: number) => db.integration.findUniqueOrThrow({ where: { userId_name: { userId, name: "linky" } } });

describe("who may do what on integrations", () => {
  type Who = "anon" | "owner" | "other" | "admin";
  let ownerLinky: number;
  beforeEach(async () => {
    await linkAccount(cast.owner, "linky");
    ownerLinky = (await linkyRow(cast.owner.id)).id;
  });
  const t = (w: Who) => (w === "anon" ? undefined : cast[w].token);
  it.each<[string, Who, number]>([
    ["list", "anon", 401], ["list", "owner", 200], ["list", "other", 200], ["list", "admin", 200],
    ["my-integrations", "anon", 401], ["my-integrations", "owner", 200], ["my-integrations", "other", 200],
    ["link", "anon", 401], ["link", "owner", 200], ["link", "other", 200],
    ["consumption", "anon", 401], ["consumption", "owner", 200], ["consumption", "other", 404], ["consumption", "admin", 404],
    ["production", "anon", 401], ["production", "owner", 200], ["production", "other", 404],
    ["plants", "anon", 401], ["plants", "owner", 404], ["plants", "other", 404],
    ["homesdata", "anon", 401], ["homesdata", "owner", 404], ["homesdata", "other", 404],
    ["delete", "anon", 401], ["delete", "other", 404], ["delete", "owner", 204], ["delete", "admin", 204],
  ])("%s as %s → %i", async (action, who, status) => {
    const meter = { meter: PRODUCER };
    const run = {
      list: () => call(list.GET, { token: t(who) }),
      "my-integrations": () => call(myIntegrations.GET, { token: t(who) }),
      link: () => call(link.GET, { token: t(who), params: { id: "linky" } }),
      consumption: () => call(consumption.GET, { token: t(who), params: meter }),
      production: () => call(production.GET, { token: t(who), params: meter }),
      plants: () => call(plants.GET, { token: t(who) }),
      homesdata: () => call(homes.GET, { token: t(who) }),
      delete: () => call(one.DELETE, { method: "DELETE", token: t(who), params: { id: String(ownerLinky) } }),
    }[action]!;
    const r = await run();
    expect(r.status).toBe(status);
    if (status === 401) expect(r.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("lists only the caller's own, in the contract's shape, never a token", async () => {
    const mine = await call(list.GET, { token: cast.owner.token });
    expect(mine.body).toEqual({
      results: [{ id: ownerLinky, name: "linky", created_at: expect.any(String), updated_at: expect.any(String), resource: `${PRODUCER},${CONSUMER}`, needs_relink: false, sandbox: false }],
    });
    expect((await call(myIntegrations.GET, { token: cast.owner.token })).body).toEqual(mine.body.results);
    expect((await call(list.GET, { token: cast.other.token })).body).toEqual({ results: [] });
    expect((await call(list.GET, { token: cast.admin.token })).body).toEqual({ results: [] });
    expect(JSON.stringify(mine.body)).not.toMatch(/token|Enc/i);
  });

  it("delete forgets the tokens and 404s a missing or malformed id", async () => {
    expect((await call(one.DELETE, { method: "DELETE", token: cast.owner.token, params: { id: String(ownerLinky) } })).status).toBe(204);
    expect(await db.integration.count()).toBe(0);
    expect((await call(one.DELETE, { method: "DELETE", token: cast.owner.token, params: { id: String(ownerLinky) } })).status).toBe(404);
    expect((await call(one.DELETE, { method: "DELETE", token: cast.owner.token, params: { id: "linky" } })).status).toBe(404);
  });
});

describe("the consent link", () => {
  it("points at the vendor with a state bound to the caller and the browser, stored only as hashes, for 10 minutes", async () => {
    const url = await linkOf(cast.owner, "linky");
    expect(url.origin + url.pathname).toBe(`${fakes.linky.origin}/dataconnect/v1/oauth2/authorize`);
    expect(url.searchParams.get("redirect_uri")).toBe("http://foyer.test/api/integrations/linky/callback");
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("duration")).toBe("P1Y");
    const state = url.searchParams.get("state")!;
    expect(state.length).toBeGreaterThanOrEqual(40);
    const row = await db.oAuthState.findFirstOrThrow();
    const nonce = browser.jar.get("foyer_oauth_linky")!;
    expect(nonce).toMatch(/^[\w-]{43}$/);
    expect(row).toMatchObject({ stateHash: sha256Hex(state), browserHash: sha256Hex(nonce), userId: cast.owner.id, vendor: "linky" });
    expect(JSON.stringify(row)).not.toContain(state);
    expect(JSON.stringify(row)).not.toContain(nonce);
    expect(Math.abs(row.expiresAt.getTime() - Date.now() - 600_000)).toBeLessThan(10_000);
  });

  it("adds PKCE only for Legrand (the only vendor whose documentation takes it), its verifier encrypted", async () => {
    const legrand = await linkOf(cast.owner, "legrand");
    expect(legrand.searchParams.get("code_challenge_method")).toBe("S256");
    expect(legrand.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect((await linkOf(cast.owner, "linky")).searchParams.get("code_challenge")).toBeNull();
    expect((await linkOf(cast.owner, "netatmo")).searchParams.get("code_challenge")).toBeNull();
    const rows = await db.oAuthState.findMany({ orderBy: { id: "asc" } });
    expect(rows.map((r) => r.codeVerifier === null)).toEqual([false, true, true]);
    expect(rows[0].codeVerifier).toMatch(/^v1\./);
  });

  it("answers 404 for a vendor it does not know", async () => {
    const r = await call(link.GET, { token: cast.owner.token, params: { id: "enphase" } });
    expect(r.status).toBe(404);
    expect(r.body.detail).toBe("Integration vendor not found");
  });
});

describe("the vendor's redirect back", () => {
  it("creates the integration with the usage points, tokens encrypted at rest", async () => {
    expect(await linkAccount(cast.owner, "linky")).toBe("http://foyer.test/?created=true");
    const row = await linkyRow(cast.owner.id);
    expect(row).toMatchObject({ resource: `${PRODUCER},${CONSUMER}`, sandbox: false, needsRelink: false });
    expect(row.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    const tokenGrant = fakes.linky.requests("/oauth2/v3/token")[0];
    expect(tokenGrant.form.get("grant_type")).toBe("authorization_code");
    expect(tokenGrant.form.get("redirect_uri")).toBe("http://foyer.test/api/integrations/linky/callback");
    // the token the vendor issued is the one we send, and the column holds only its ciphertext
    await call(consumption.GET, { token: cast.owner.token, params: { meter: PRODUCER } });
    const sent = fakes.linky.requests("/consumption_load_curve")[0].headers.authorization!.replace("Bearer ", "");
    expect(row.accessTokenEnc).not.toContain(sent);
    expect(row.accessTokenEnc).toMatch(/^v1\./);
    expect(decryptSecret(row.accessTokenEnc!)).toBe(sent);
    const raw = await db.$queryRaw<{ access_token_enc: string; refresh_token_enc: string }[]>`select access_token_enc, refresh_token_enc from integrations`;
    expect(raw[0].access_token_enc).not.toContain(sent);
    expect(decryptSecret(raw[0].refresh_token_enc)).not.toBe(raw[0].refresh_token_enc);
  });

  it("a second link updates the same integration", async () => {
    await linkAccount(cast.owner, "linky");
    const first = await linkyRow(cast.owner.id);
    expect(await linkAccount(cast.owner, "linky")).toBe("http://foyer.test/?updated=true");
    const second = await linkyRow(cast.owner.id);
    expect(second.id).toBe(first.id);
    expect(second.accessTokenEnc).not.toBe(first.accessTokenEnc);
    expect(await db.integration.count()).toBe(1);
  });

  it("links Legrand with PKCE verified by the vendor, and Netatmo", async () => {
    expect(await linkAccount(cast.owner, "legrand")).toBe("http://foyer.test/?created=true");
    expect(fakes.legrand.requests("/token")[0].form.get("code_verifier")).toMatch(/^[\w-]{64}$/);
    expect(await linkAccount(cast.owner, "netatmo")).toBe("http://foyer.test/?created=true");
    const rows = await db.integration.findMany({ where: { userId: cast.owner.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.name, r.resource])).toEqual([["legrand", null], ["netatmo", null]]);
  });

  it("a tampered PKCE verifier is refused by the vendor: nothing is stored", async () => {
    const redirect = await consent(await linkOf(cast.owner, "legrand"));
    await db.oAuthState.updateMany({ data: { codeVerifier: (await import("@/lib/crypto")).encryptSecret("x".repeat(64)) } });
    const r = await back("legrand", redirect.search);
    expect(r.headers.get("location")).toBe("http://foyer.test/integrations?error=token_exchange_failed");
    expect(await db.integration.count()).toBe(0);
  });

  it.each([
    ["reused", "invalid_state"],
    ["expired", "expired_state"],
    ["other vendor", "invalid_state"],
    ["unknown", "invalid_state"],
    ["missing", "missing_state"],
    ["refused", "access_denied"],
  ])("a %s state stores nothing and redirects to /integrations?error=%s", async (kind, reason) => {
    const url = await linkOf(cast.owner, "linky");
    const redirect = await consent(url, kind === "refused" ? "0" : "1");
    let r;
    if (kind === "reused") {
      await back("linky", redirect.search);
      await db.integration.deleteMany();
      r = await back("linky", redirect.search);
    } else if (kind === "expired") {
      await db.oAuthState.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
      r = await back("linky", redirect.search);
    } else if (kind === "other vendor") {
      r = await back("netatmo", redirect.search);
    } else if (kind === "unknown") {
      redirect.searchParams.set("state", "not-a-state-we-issued");
      r = await back("linky", redirect.search);
    } else if (kind === "missing") {
      redirect.searchParams.delete("state");
      r = await back("linky", redirect.search);
    } else {
      r = await back("linky", redirect.search);
    }
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe(`http://foyer.test/integrations?error=${reason}`);
    expect(await db.integration.count()).toBe(0);
  });
});

describe("Linky load curves", () => {
  beforeEach(async () => {
    await linkAccount(cast.owner, "linky");
  });
  const curve = (meter: string, query = "", handler = consumption.GET) =>
    call(handler, { token: cast.owner.token, params: { meter }, path: `/api/integrations/linky/my/${meter}/consumption${query}` });

  it("answers the last 7 days of 30-minute readings by default", async () => {
    const r = await curve(CONSUMER, "?api_key=anything");
    expect(r.status).toBe(200);
    const m = r.body.results.meter_reading;
    expect(m).toMatchObject({ usage_point_id: CONSUMER, quality: "BRUT", reading_type: { unit: "W" } });
    expect(m.interval_reading).toHaveLength(7 * 48);
    expect(m.interval_reading[0]).toEqual({ value: expect.stringMatching(/^\d+$/), date: `${m.start} 00:30:00`, interval_length: "PT30M", measure_type: "B" });
    expect(Date.parse(m.end) - Date.parse(m.start)).toBe(7 * 86_400_000);
    expect(r.body.sandbox).toBe(false);
    expect(fakes.linky.requests("/consumption_load_curve")[0].query.get("usage_point_id")).toBe(CONSUMER);
  });

  it("takes ?start=&end= and is deterministic", async () => {
    const a = await curve(PRODUCER, "?start=2025-06-01&end=2025-06-03");
    const b = await curve(PRODUCER, "?start=2025-06-01&end=2025-06-03");
    expect(a.body.results.meter_reading.interval_reading).toHaveLength(96);
    expect(a.body).toEqual(b.body);
    const p = await curve(PRODUCER, "?start=2025-06-01&end=2025-06-02", production.GET);
    expect(p.status).toBe(200);
    const noon = p.body.results.meter_reading.interval_reading.find((x: { date: string }) => x.date === "2025-06-01 13:00:00");
    expect(Number(noon.value)).toBeGreaterThan(0);
  });

  it.each(["?start=2025-13-01&end=2025-13-02", "?start=2025-06-03&end=2025-06-01", "?start=2025-06-01&end=2025-06-01", "?start=2025-06-01&end=2025-06-09", "?start=2025-06-01", "?start=01/06/2025&end=2025-06-02"])(
    "refuses %s with 422",
    async (q) => {
      const r = await curve(PRODUCER, q);
      expect(r.status).toBe(422);
      expect(r.body.errors.length).toBeGreaterThan(0);
      expect(fakes.linky.requests("_load_curve")).toHaveLength(0);
    },
  );

  it("a meter outside the caller's integration is 404, and so is having none", async () => {
    expect((await curve("12345678901234")).status).toBe(404);
    expect((await call(consumption.GET, { token: cast.other.token, params: { meter: PRODUCER } })).body.detail).toBe("You have no Linky integration: link your Linky account first");
    expect(fakes.linky.requests("_load_curve")).toHaveLength(0);
  });

  it("the vendor's 'no production' error becomes 502 {detail, results: {error, error_description}}", async () => {
    const r = await curve(CONSUMER, "", production.GET);
    expect(r.status).toBe(502);
    expect(r.body).toEqual({ detail: "The Linky service answered with an error", code: "vendor_error", results: fixtureOf("enedis", "v5-error-404-no-data.json") });
  });

  it("a vendor outage is 502 too", async () => {
    fakes.linky.failWith = { status: 503, body: { error: "service_unavailable", error_description: "Maintenance" } };
    const r = await curve(CONSUMER);
    expect(r.status).toBe(502);
    expect(r.body.results).toEqual({ error: "service_unavailable", error_description: "Maintenance" });
  });

  it("refreshes a token about to expire, and keeps it encrypted", async () => {
    const before = await linkyRow(cast.owner.id);
    await db.integration.update({ where: { id: before.id }, data: { tokenExpiresAt: new Date(Date.now() + 30_000) } });
    expect((await curve(CONSUMER)).status).toBe(200);
    const grant = fakes.linky.requests("/oauth2/v3/token").at(-1)!;
    expect(grant.form.get("grant_type")).toBe("refresh_token");
    expect(grant.form.get("refresh_token")).toBe(decryptSecret(before.refreshTokenEnc!));
    const after = await linkyRow(cast.owner.id);
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    expect(decryptSecret(after.accessTokenEnc!)).not.toBe(decryptSecret(before.accessTokenEnc!));
    expect(fakes.linky.requests("/consumption_load_curve")[0].headers.authorization).toBe(`Bearer ${decryptSecret(after.accessTokenEnc!)}`);
  });

  it("a refresh the vendor refuses marks the integration for a new link, and a new link clears it", async () => {
    const row = await linkyRow(cast.owner.id);
    await db.integration.update({ where: { id: row.id }, data: { tokenExpiresAt: new Date(Date.now() - 1000) } });
    fakes.linky.oauth.refuseRefresh = true;
    const r = await curve(CONSUMER);
    expect(r.status).toBe(409);
    expect(r.body.detail).toMatch(/linked again/);
    expect(r.body.results.error).toBe("needs_relink");
    expect((await call(list.GET, { token: cast.owner.token })).body.results[0].needs_relink).toBe(true);
    const calls = fakes.linky.seen.length;
    expect((await curve(CONSUMER)).status).toBe(409);
    expect(fakes.linky.seen.length).toBe(calls);
    fakes.linky.oauth.refuseRefresh = false;
    expect(await linkAccount(cast.owner, "linky")).toBe("http://foyer.test/?updated=true");
    expect((await curve(CONSUMER)).status).toBe(200);
  });

  it("an integration without tokens (made elsewhere) asks for a new link", async () => {
    const r = await call(homes.GET, { token: cast.other.token });
    expect(r.status).toBe(404);
    await makeIntegration(cast.other.id, "netatmo");
    expect((await call(homes.GET, { token: cast.other.token })).status).toBe(409);
  });
});

describe("Legrand plants and Netatmo homes", () => {
  it("come from the vendor with the caller's token (and Legrand's subscription key)", async () => {
    await linkAccount(cast.owner, "legrand_up");
    await linkAccount(cast.owner, "netatmo");
    const p = await call(plants.GET, { token: cast.owner.token });
    expect(p.status).toBe(200);
    expect(p.body).toEqual({ results: fixtureOf<{ plants: unknown[] }>("legrand", "plants.json").plants, sandbox: false });
    expect(fakes.legrand.requests("/plants")[0].headers["ocp-apim-subscription-key"]).toBe(fakes.legrand.subscriptionKey);
    const h = await call(homes.GET, { token: cast.owner.token });
    expect(h.status).toBe(200);
    expect(h.body).toEqual({ results: fixtureOf<{ body: unknown }>("netatmo", "homesdata.json").body, sandbox: false });
    expect(fakes.netatmo.requests("/api/homesdata")[0].headers.authorization).toMatch(/^Bearer .+/);
  });

  it("an unexpected answer from the vendor is a 502, not a 500", async () => {
    await linkAccount(cast.owner, "netatmo");
    fakes.netatmo.failWith = { status: 200, body: { status: "ok" } };
    const r = await call(homes.GET, { token: cast.owner.token });
    expect(r.status).toBe(502);
    expect(r.body.results.error).toBe("invalid_response");
  });
});

// the sandbox is a product feature (demo without vendor accounts): here it is the app's own
// route served over HTTP, with no vendor credentials configured
describe("the bundled sandbox served by the app", () => {
  const sandbox = sandboxServerFor();

  it.each(["linky", "netatmo", "legrand", "legrand_up"])("%s: the consent takes PKCE (S256), the verifier kept encrypted", async (name) => {
    const url = await linkOf(cast.owner, name);
    expect(url.origin).toBe(sandbox.origin);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    const row = await db.oAuthState.findFirstOrThrow();
    expect(row.codeVerifier).toMatch(/^v1\./);
  });

  it("its consent page has an Accept button", async () => {
    const res = await fetch(await linkOf(cast.owner, "linky"));
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain(">Accept</button>");
  });

  it("links Linky and reads a curve through /api/sandbox/linky/...", async () => {
    const url = await linkOf(cast.owner, "linky");
    expect(url.href.startsWith(`${sandbox.origin}/api/sandbox/linky/dataconnect/v1/oauth2/authorize?`)).toBe(true);
    const r = await back("linky", (await consent(url)).search);
    expect(r.headers.get("location")).toBe("http://foyer.test/?created=true");
    expect(await linkyRow(cast.owner.id)).toMatchObject({ resource: SANDBOX_USAGE_POINTS.join(","), sandbox: true });
    const curve = await call(consumption.GET, { token: cast.owner.token, params: { meter: SANDBOX_USAGE_POINTS[1] } });
    expect(curve.status).toBe(200);
    expect(curve.body.results.meter_reading.interval_reading).toHaveLength(336);
    expect(curve.body.sandbox).toBe(true);
  });

  it("answers 404 for a vendor it does not have", async () => {
    const r = await call(sandboxRoute.GET, { path: "/api/sandbox/enphase/authorize", params: { vendor: "enphase" } });
    expect(r.status).toBe(404);
  });
});
