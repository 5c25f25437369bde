// The bundled sandbox's own behaviour (lib/integrations/sandbox, served at app/api/sandbox/<vendor>),
// read through the real clients: the flows it walks, what it enforces on top of the vendors
// (PKCE always), its switches, and its made-up data. The clients themselves are held to the
// vendors' published shapes elsewhere (tests/unit/integrations.test.ts, linky-client.test.ts,
// linky-meter-reading.test.ts, against tests/fakes); here the sandbox is held to the clients.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { sandboxConfig } from "@/lib/integrations/config";
import { LinkyClient } from "@/lib/integrations/linky/client";
import { LinkyDataClient } from "@/lib/integrations/linky/data";
import { meterReadingOf } from "@/lib/integrations/linky/meter-reading";
import { NetatmoClient } from "@/lib/integrations/netatmo/client";
import { VendorGrantRefused, type Fetch } from "@/lib/integrations/oauth";
import { createSandbox } from "@/lib/integrations/sandbox";
import { sandboxPower, SANDBOX_PRODUCER, SANDBOX_USAGE_POINTS } from "@/lib/integrations/sandbox/linky";

const secret = crypto.randomBytes(32);
const base = "http://vendor.test/api/sandbox";
/** The app the sandbox serves: its callbacks are the only redirect_uri the sandbox accepts. */
const appUrl = "http://app.test";
const cb = (name: string) => `${appUrl}/api/integrations/${name}/callback`;

/** A client whose fetch goes straight to the sandbox handler (no network). */
function wired<T>(vendor: "linky" | "netatmo", make: (c: ReturnType<typeof sandboxConfig>) => T, opts: { refuseRefresh?: boolean } = {}) {
  const handle = createSandbox(vendor, { secret, appUrl, ...opts });
  const f: Fetch = async (input, init) => handle(new Request(input as string, init));
  return { client: make(sandboxConfig(vendor, "http://vendor.test", f)), handle };
}

async function codeFor(handle: (r: Request) => Promise<Response>, authorize: string, extra = "") {
  const res = await handle(new Request(`${authorize}&approve=1${extra}`));
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

describe("the sandbox", () => {
  it("walks the authorization-code flow: code and usage points back, tokens, refresh", async () => {
    const { client, handle } = wired("linky", (c) => new LinkyClient(c));
    const redirect = await codeFor(handle, client.authorizeUrl({ state: "s1", redirectUri: cb("linky") }));
    expect(redirect.origin + redirect.pathname).toBe(cb("linky"));
    expect(redirect.searchParams.get("state")).toBe("s1");
    expect(redirect.searchParams.get("usage_point_id")).toBe(SANDBOX_USAGE_POINTS.join(","));
    const tokens = await client.exchangeCode({ code: redirect.searchParams.get("code")!, redirectUri: cb("linky") });
    expect(tokens.usagePointIds).toEqual([...SANDBOX_USAGE_POINTS]);
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    const again = await client.refresh(tokens.refreshToken!);
    expect(again.accessToken).not.toBe(tokens.accessToken);
    await expect(client.exchangeCode({ code: redirect.searchParams.get("code")!, redirectUri: "http://app.test/other" })).rejects.toBeInstanceOf(VendorGrantRefused);
  });

  it("serves its consent page under a policy that allows its own style and forms and nothing else", async () => {
    const { client, handle } = wired("linky", (c) => new LinkyClient(c));
    const res = await handle(new Request(client.authorizeUrl({ state: "s1", redirectUri: cb("linky") })));
    expect(res.status).toBe(200);
    const html = await res.text();
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`form-action 'self' ${appUrl}`);
    expect(csp).toContain("frame-ancestors 'none'");
    // the one inline style, allowed by its hash; no script at all
    const style = html.match(/<style>([^<]*)<\/style>/)![1];
    expect(csp).toContain(`style-src 'sha256-${crypto.createHash("sha256").update(style).digest("base64")}'`);
    expect(html).not.toMatch(/<script|style="/);
  });

  it("verifies PKCE when the consent carried a challenge", async () => {
    const { client, handle } = wired("linky", (c) => new LinkyClient(c));
    const verifier = "v".repeat(50);
    const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");
    const url = `${client.authorizeUrl({ state: "s", redirectUri: cb("linky") })}&code_challenge=${challenge}&code_challenge_method=S256`;
    const code = (await codeFor(handle, url)).searchParams.get("code")!;
    const token = (v: string) =>
      handle(new Request(`${base}/linky/oauth2/v3/token`, { method: "POST", body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: cb("linky"), client_id: "foyer-sandbox", client_secret: "foyer-sandbox-secret", code_verifier: v }) }));
    expect((await token("w".repeat(50))).status).toBe(400);
    expect((await token(verifier)).status).toBe(200);
  });

  it("refuses a refresh when told to, and says access_denied when the user refuses", async () => {
    const { client, handle } = wired("netatmo", (c) => new NetatmoClient(c), { refuseRefresh: true });
    const url = client.authorizeUrl({ state: "s", redirectUri: cb("netatmo") });
    const refused = await handle(new Request(`${url}&approve=0`));
    expect(new URL(refused.headers.get("location")!).searchParams.get("error")).toBe("access_denied");
    const code = (await codeFor(handle, url)).searchParams.get("code")!;
    const tokens = await client.exchangeCode({ code, redirectUri: cb("netatmo") });
    await expect(client.refresh(tokens.refreshToken!)).rejects.toMatchObject({ name: "VendorGrantRefused", error: "invalid_grant" });
    expect((await client.homesData(tokens.accessToken)).homes).toHaveLength(1);
    await expect(client.homesData("forged.token")).rejects.toMatchObject({ status: 403, error: "3" });
  });

  it("serves a plausible, deterministic curve: night base below the evening peak, no solar at night", () => {
    const at = (h: number) => Date.parse(`2025-06-01T${String(h).padStart(2, "0")}:00:00Z`);
    expect(sandboxPower("consumption", SANDBOX_PRODUCER, at(3))).toBe(sandboxPower("consumption", SANDBOX_PRODUCER, at(3)));
    expect(sandboxPower("consumption", SANDBOX_PRODUCER, at(20))).toBeGreaterThan(sandboxPower("consumption", SANDBOX_PRODUCER, at(3)));
    expect(sandboxPower("production", SANDBOX_PRODUCER, at(2))).toBe(0);
    expect(sandboxPower("production", SANDBOX_PRODUCER, at(13))).toBeGreaterThan(500);
  });
});

describe("the sandbox's v5 and 2026 load curves agree", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  const handle = createSandbox("linky", { secret, appUrl, now: () => now, linky: { maxPerSecond: 0 } });
  const f: Fetch = async (input, init) => handle(new Request(input as string, init));
  const config = sandboxConfig("linky", "http://vendor.test", f);

  it.each([
    ["2026-10-24", "2026-10-27", 146],
    ["2026-03-28", "2026-03-30", 94],
    ["2026-06-01", "2026-06-03", 96],
  ])("%s to %s: the v5 answer is the 2026 points' meter_reading (%i)", async (start, end, n) => {
    const v5 = new LinkyClient(config);
    const token = (await handle(new Request(config.tokenUrl, { method: "POST", body: new URLSearchParams({ grant_type: "client_credentials", client_id: config.clientId, client_secret: config.clientSecret }) })).then((r) => r.json())) as { access_token: string };
    const old = await v5.loadCurve(token.access_token, "production", SANDBOX_PRODUCER, start, end);
    const points = await new LinkyDataClient(config, { now: () => now }).curve(SANDBOX_PRODUCER, "production", start, end);
    const rebuilt = meterReadingOf(SANDBOX_PRODUCER, start, end, points);
    expect(rebuilt.interval_reading).toHaveLength(n);
    expect(rebuilt.interval_reading).toEqual(old.interval_reading);
    expect(rebuilt).toMatchObject({ usage_point_id: SANDBOX_PRODUCER, start, end, quality: "BEST", reading_type: { unit: "W" } });
  });
});
