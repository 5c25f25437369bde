import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { sandboxConfig } from "@/lib/integrations/config";
import { LinkyClient } from "@/lib/integrations/linky/client";
import { NetatmoClient } from "@/lib/integrations/netatmo/client";
import { VendorError, VendorGrantRefused, type Fetch } from "@/lib/integrations/oauth";
import { createSandbox } from "@/lib/integrations/sandbox";
import { sandboxPower, SANDBOX_PRODUCER, SANDBOX_USAGE_POINTS } from "@/lib/integrations/sandbox/linky";
import { linkyCurveQuerySchema } from "@/lib/validation/integration";

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

describe("vendor clients", () => {
  it("turn an unexpected answer into a typed VendorError, not a crash", async () => {
    const f: Fetch = async () => Response.json({ meter_reading: { usage_point_id: "1" } });
    const client = new LinkyClient(sandboxConfig("linky", "http://vendor.test", f));
    await expect(client.loadCurve("t", "consumption", "1", "2025-06-01", "2025-06-02")).rejects.toMatchObject({ error: "invalid_response" });
  });

  it("report an unreachable vendor as VendorError", async () => {
    const f: Fetch = async () => {
      throw new TypeError("fetch failed");
    };
    const client = new NetatmoClient(sandboxConfig("netatmo", "http://vendor.test", f));
    await expect(client.homesData("t")).rejects.toBeInstanceOf(VendorError);
  });
});
