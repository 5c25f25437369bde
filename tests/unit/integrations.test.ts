// The vendor clients (lib/integrations/{linky,netatmo,legrand}/client.ts over oauth.ts) against
// independent fakes of the vendors (tests/fakes/vendor.ts, tests/fakes/linky.ts) that answer
// from the vendors' published examples (tests/fixtures/<vendor>, sources in each README), never
// from our sandbox: the consent, the token exchange and refresh, the data calls, and every
// failure mapped to VendorError / VendorGrantRefused. The sandbox's own behaviour is in
// tests/unit/sandbox.test.ts.
import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { callbackUrl } from "@/lib/integrations/config";
import { LegrandClient } from "@/lib/integrations/legrand/client";
import { LinkyClient } from "@/lib/integrations/linky/client";
import { NetatmoClient } from "@/lib/integrations/netatmo/client";
import { VendorError, VendorGrantRefused } from "@/lib/integrations/oauth";
import { linkyCurveQuerySchema } from "@/lib/validation/integration";
import { fixtureText } from "../fakes/enedis-2026";
import { fixtureOf } from "../fakes/http-fake";
import { ENEDIS_CONSUMER, ENEDIS_PRODUCER, vendorFakesForFile } from "../fakes/vendor";

const fakes = vendorFakesForFile();
afterEach(() => {
  for (const f of Object.values(fakes)) f.reset();
});

/** The person's answer on the vendor's consent pages (the fakes' `approve=1|0`): where the browser is sent back. */
async function consent(authorizeUrl: string, approve = true) {
  const res = await fetch(`${authorizeUrl}&approve=${approve ? 1 : 0}`, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}
const codeOf = async (authorizeUrl: string) => (await consent(authorizeUrl)).searchParams.get("code")!;

describe("Linky query", () => {
  it.each([
    [{}, true],
    [{ start: "2025-06-01", end: "2025-06-08", api_key: "k" }, true],
    [{ start: "2025-06-01", end: "2025-06-09" }, false],
    [{ start: "2025-06-02", end: "2025-06-01" }, false],
    [{ start: "2025-02-30", end: "2025-03-02" }, false],
    [{ end: "2025-06-02" }, false],
  ])("%j valid: %s", (q, valid) => {
    expect(linkyCurveQuerySchema.safeParse(q).success).toBe(valid);
  });
});

describe("Enedis Data Connect (LinkyClient)", () => {
  const cb = () => callbackUrl(fakes.linky.appUrl, "linky");
  const client = () => new LinkyClient(fakes.linky.config());

  it("walks the authorization-code flow: code and usage points back, tokens, refresh", async () => {
    const linky = client();
    const url = new URL(linky.authorizeUrl({ state: "s1", redirectUri: cb() }));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ client_id: fakes.linky.client.id, response_type: "code", state: "s1", duration: "P1Y", redirect_uri: cb() });
    expect(linky.usesPkce).toBe(false);
    const redirect = await consent(url.toString());
    expect(redirect.origin + redirect.pathname).toBe(cb());
    expect(redirect.searchParams.get("state")).toBe("s1");
    expect(redirect.searchParams.get("usage_point_id")).toBe(`${ENEDIS_PRODUCER},${ENEDIS_CONSUMER}`);
    const before = Date.now();
    const tokens = await linky.exchangeCode({ code: redirect.searchParams.get("code")!, redirectUri: cb() });
    // usage_points_id of the token answer, comma-separated
    expect(tokens.usagePointIds).toEqual([ENEDIS_PRODUCER, ENEDIS_CONSUMER]);
    const lifetime = fixtureOf<{ expires_in: number }>("enedis", "token-authorization-code.json").expires_in;
    expect(tokens.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + lifetime * 1000);
    expect(tokens.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + lifetime * 1000);
    expect(fakes.linky.requests("/oauth2/v3/token")[0].form.get("client_secret")).toBe(fakes.linky.client.secret);
    const again = await linky.refresh(tokens.refreshToken!);
    expect(again.accessToken).not.toBe(tokens.accessToken);
    expect(fakes.linky.requests("/oauth2/v3/token")[1].form.get("grant_type")).toBe("refresh_token");
    // a code is good once, and only with the redirect_uri of its consent
    await expect(linky.exchangeCode({ code: redirect.searchParams.get("code")!, redirectUri: cb() })).rejects.toBeInstanceOf(VendorGrantRefused);
    const fresh = await codeOf(linky.authorizeUrl({ state: "s2", redirectUri: cb() }));
    await expect(linky.exchangeCode({ code: fresh, redirectUri: "http://app.test/other" })).rejects.toMatchObject({ name: "VendorGrantRefused", status: 400, error: "invalid_grant" });
  });

  it("a rotated refresh token is good once; a withdrawn consent refuses the refresh; bad client credentials are refused too", async () => {
    const linky = client();
    const tokens = await linky.exchangeCode({ code: await codeOf(linky.authorizeUrl({ state: "s", redirectUri: cb() })), redirectUri: cb() });
    fakes.linky.oauth.singleUseRefresh = true;
    const rotated = await linky.refresh(tokens.refreshToken!);
    expect(rotated.refreshToken).not.toBe(tokens.refreshToken);
    await expect(linky.refresh(tokens.refreshToken!)).rejects.toMatchObject({ name: "VendorGrantRefused", error: "invalid_grant" });
    fakes.linky.oauth.refuseRefresh = true;
    await expect(linky.refresh(rotated.refreshToken!)).rejects.toBeInstanceOf(VendorGrantRefused);
    const stranger = new LinkyClient({ ...fakes.linky.config(), clientSecret: "wrong" });
    await expect(stranger.refresh(rotated.refreshToken!)).rejects.toMatchObject({ name: "VendorGrantRefused", status: 401, error: "invalid_client" });
  });

  it("revokes a refresh token (RFC 7009), which takes its access tokens with it", async () => {
    const linky = client();
    expect(linky.revokes).toBe(true);
    const tokens = await linky.exchangeCode({ code: await codeOf(linky.authorizeUrl({ state: "s", redirectUri: cb() })), redirectUri: cb() });
    await linky.revoke(tokens.refreshToken!, "refresh_token");
    expect(fakes.linky.requests("/oauth2/v3/revoke")[0].form.get("token_type_hint")).toBe("refresh_token");
    await expect(linky.refresh(tokens.refreshToken!)).rejects.toBeInstanceOf(VendorGrantRefused);
    await expect(linky.loadCurve(tokens.accessToken, "consumption", ENEDIS_CONSUMER, "2026-06-01", "2026-06-02")).rejects.toMatchObject({ status: 401 });
  });

  it("reads a v5 load curve with the household's token: W per half hour, stamped at the interval's end in Paris time", async () => {
    fakes.linky.now = () => Date.parse("2026-11-23T12:00:00Z");
    const linky = client();
    const tokens = await linky.exchangeCode({ code: await codeOf(linky.authorizeUrl({ state: "s", redirectUri: cb() })), redirectUri: cb() });
    const m = await linky.loadCurve(tokens.accessToken, "production", ENEDIS_PRODUCER, "2026-04-01", "2026-04-02");
    const [seen] = fakes.linky.requests("/metering_data_plc/v5/production_load_curve");
    expect(Object.fromEntries(seen.query)).toEqual({ usage_point_id: ENEDIS_PRODUCER, start: "2026-04-01", end: "2026-04-02" });
    expect(seen.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
    expect(m).toMatchObject({ usage_point_id: ENEDIS_PRODUCER, start: "2026-04-01", end: "2026-04-02", quality: "BRUT", reading_type: { unit: "W" } });
    expect(m.interval_reading).toHaveLength(48);
    expect(m.interval_reading[0]).toEqual({ value: expect.stringMatching(/^\d+$/), date: "2026-04-01 00:30:00", interval_length: "PT30M", measure_type: "B" });
    expect(m.interval_reading.at(-1)!.date).toBe("2026-04-02 00:00:00");
    // the fall-back day: 50 half hours, 02:30 twice
    const fallBack = await linky.loadCurve(tokens.accessToken, "consumption", ENEDIS_CONSUMER, "2026-10-25", "2026-10-26");
    expect(fallBack.interval_reading).toHaveLength(50);
    expect(fallBack.interval_reading.filter((r) => r.date === "2026-10-25 02:30:00")).toHaveLength(2);
  });

  it("fills interval_length and measure_type when v5 leaves them to reading_type", async () => {
    const v5 = fixtureOf<{ meter_reading: { reading_type: Record<string, unknown>; interval_reading: Record<string, string>[] } }>("enedis", "v5-consumption-load-curve.json");
    v5.meter_reading.reading_type.interval_length = "PT10M";
    v5.meter_reading.interval_reading = v5.meter_reading.interval_reading.map(({ value, date }) => ({ value, date }));
    fakes.linky.failWith = { status: 200, body: v5 };
    const m = await client().loadCurve("t", "consumption", ENEDIS_CONSUMER, "2026-09-29", "2026-09-30");
    expect(m.interval_reading[0]).toEqual({ value: "750", date: "2026-09-29 00:30:00", interval_length: "PT10M", measure_type: "B" });
  });

  it("maps Enedis' refusals to VendorError: no consent (ADAM-DC-0008), no data, the gateway's 401, an outage page, an unexpected answer", async () => {
    fakes.linky.now = () => Date.parse("2026-11-23T12:00:00Z");
    const linky = client();
    const tokens = await linky.exchangeCode({ code: await codeOf(linky.authorizeUrl({ state: "s", redirectUri: cb() })), redirectUri: cb() });
    fakes.linky.revoked.add(ENEDIS_CONSUMER);
    const noConsent = linky.loadCurve(tokens.accessToken, "consumption", ENEDIS_CONSUMER, "2026-06-01", "2026-06-02");
    await expect(noConsent).rejects.toBeInstanceOf(VendorError);
    await expect(noConsent).rejects.toMatchObject({ status: 403, error: "ADAM-DC-0008", errorDescription: fixtureOf<{ error_description: string }>("enedis", "v5-error-403-no-consent.json").error_description });
    fakes.linky.revoked.clear();
    // the consumption-only meter has no production
    await expect(linky.loadCurve(tokens.accessToken, "production", ENEDIS_CONSUMER, "2026-06-01", "2026-06-02")).rejects.toMatchObject({ status: 404, error: "no_data_found" });
    await expect(linky.loadCurve("forged", "production", ENEDIS_PRODUCER, "2026-06-01", "2026-06-02")).rejects.toMatchObject({ status: 401, error: "http_401", errorDescription: "Invalid Credentials" });
    fakes.linky.failWith = { status: 503, body: fixtureText("outage.html") };
    await expect(linky.loadCurve(tokens.accessToken, "production", ENEDIS_PRODUCER, "2026-06-01", "2026-06-02")).rejects.toMatchObject({ name: "VendorError", status: 503, error: "http_503" });
    fakes.linky.failWith = { status: 200, body: { meter_reading: { usage_point_id: ENEDIS_PRODUCER } } };
    await expect(linky.loadCurve(tokens.accessToken, "production", ENEDIS_PRODUCER, "2026-06-01", "2026-06-02")).rejects.toMatchObject({ name: "VendorError", error: "invalid_response" });
  });
});

describe("Netatmo Connect (NetatmoClient)", () => {
  const cb = () => callbackUrl(fakes.netatmo.appUrl, "netatmo");
  const client = () => new NetatmoClient(fakes.netatmo.config());

  it("says access_denied when the user refuses; exchanges a code; reads homesdata; refuses a refresh once the grant is gone", async () => {
    const netatmo = client();
    const url = netatmo.authorizeUrl({ state: "s", redirectUri: cb() });
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({ client_id: fakes.netatmo.client.id, redirect_uri: cb(), scope: "read_thermostat", state: "s" });
    const refused = await consent(url, false);
    expect(refused.searchParams.get("error")).toBe("access_denied");
    expect(refused.searchParams.get("state")).toBe("s");
    const tokens = await netatmo.exchangeCode({ code: await codeOf(url), redirectUri: cb() });
    // Netatmo's answer: scope as a list, expires_in with its twin expire_in
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 10_000 * 1000);
    expect(tokens.accessToken).toContain("|");
    const again = await netatmo.refresh(tokens.refreshToken!);
    expect(again.accessToken).not.toBe(tokens.accessToken);
    fakes.netatmo.oauth.refuseRefresh = true;
    await expect(netatmo.refresh(tokens.refreshToken!)).rejects.toMatchObject({ name: "VendorGrantRefused", error: "invalid_grant" });
    const homes = await netatmo.homesData(tokens.accessToken);
    expect(homes.homes).toEqual(fixtureOf<{ body: { homes: unknown[] } }>("netatmo", "homesdata.json").body.homes);
    expect(fakes.netatmo.requests("/api/homesdata")[0].headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
  });

  it("maps Netatmo's {error: {code, message}} to VendorError: 2 for a token it never issued, 3 for an expired one", async () => {
    const netatmo = client();
    await expect(netatmo.homesData("forged.token")).rejects.toMatchObject({ name: "VendorError", status: 403, error: "2", errorDescription: "Invalid access token" });
    const tokens = await netatmo.exchangeCode({ code: await codeOf(netatmo.authorizeUrl({ state: "s", redirectUri: cb() })), redirectUri: cb() });
    const later = Date.now() + 3 * 3_600_000 + 1000;
    fakes.netatmo.now = () => later;
    await expect(netatmo.homesData(tokens.accessToken)).rejects.toMatchObject({ status: 403, error: "3", errorDescription: "Access token expired" });
    fakes.netatmo.now = Date.now;
  });

  it("reports an unreachable vendor as VendorError, not a crash; an unexpected answer too", async () => {
    const netatmo = client();
    fakes.netatmo.drop = () => true;
    await expect(netatmo.homesData("t")).rejects.toMatchObject({ name: "VendorError", status: 0, error: "unreachable" });
    await expect(netatmo.refresh("r")).rejects.toBeInstanceOf(VendorError);
    await expect(netatmo.refresh("r")).rejects.not.toBeInstanceOf(VendorGrantRefused);
    fakes.netatmo.drop = null;
    fakes.netatmo.failWith = { status: 200, body: { body: { homes: [{ name: "no id" }] }, status: "ok" } };
    await expect(netatmo.homesData("t")).rejects.toMatchObject({ name: "VendorError", error: "invalid_response" });
  });
});

describe("Legrand Home + Control (LegrandClient)", () => {
  const cb = () => callbackUrl(fakes.legrand.appUrl, "legrand");
  const client = () => new LegrandClient(fakes.legrand.config());
  const verifier = crypto.randomBytes(32).toString("base64url");
  const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");

  it("sends PKCE (S256): a wrong or missing code_verifier is refused (AADB2C90183), the right one gives tokens", async () => {
    const legrand = client();
    expect(legrand.usesPkce).toBe(true);
    const url = legrand.authorizeUrl({ state: "s", redirectUri: cb(), codeChallenge: challenge });
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({ client_id: fakes.legrand.client.id, response_type: "code", redirect_uri: cb(), state: "s", code_challenge: challenge, code_challenge_method: "S256" });
    await expect(legrand.exchangeCode({ code: await codeOf(url), redirectUri: cb(), codeVerifier: "w".repeat(43) })).rejects.toMatchObject({
      name: "VendorGrantRefused",
      status: 400,
      error: "invalid_grant",
      errorDescription: expect.stringMatching(/^AADB2C90183:/),
    });
    await expect(legrand.exchangeCode({ code: await codeOf(url), redirectUri: cb() })).rejects.toBeInstanceOf(VendorGrantRefused);
    const before = Date.now();
    const tokens = await legrand.exchangeCode({ code: await codeOf(url), redirectUri: cb(), codeVerifier: verifier });
    expect(fakes.legrand.requests("/token").at(-1)!.form.get("code_verifier")).toBe(verifier);
    // B2C's expires_in is a string ("3600")
    expect(tokens.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 3600 * 1000);
    expect((await legrand.refresh(tokens.refreshToken!)).accessToken).not.toBe(tokens.accessToken);
    expect(await legrand.plants(tokens.accessToken)).toEqual(fixtureOf<{ plants: unknown[] }>("legrand", "plants.json").plants);
    expect(fakes.legrand.requests("/hc/api/v1.0/plants")[0].headers["ocp-apim-subscription-key"]).toBe(fakes.legrand.subscriptionKey);
  });

  it("maps API Management's {statusCode, message} to VendorError: no subscription key, a bad token", async () => {
    const legrand = client();
    const tokens = await legrand.exchangeCode({ code: await codeOf(legrand.authorizeUrl({ state: "s", redirectUri: cb(), codeChallenge: challenge })), redirectUri: cb(), codeVerifier: verifier });
    const keyless = new LegrandClient({ ...fakes.legrand.config(), subscriptionKey: undefined });
    await expect(keyless.plants(tokens.accessToken)).rejects.toMatchObject({ name: "VendorError", status: 401, errorDescription: expect.stringContaining("missing subscription key") });
    await expect(legrand.plants("forged")).rejects.toMatchObject({ status: 401, error: "http_401", errorDescription: expect.stringContaining("Access token is missing or invalid") });
    const stranger = new LegrandClient({ ...fakes.legrand.config(), clientSecret: "wrong" });
    await expect(stranger.refresh(tokens.refreshToken!)).rejects.toMatchObject({ name: "VendorGrantRefused", status: 401, error: "invalid_client" });
  });
});
