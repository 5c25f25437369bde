// Real-time sharing with the grid partner, by consent only (docs/sharing.md), against a real
// PostgreSQL: the household's dated, versioned consent; the partner's credentials, token, rate and
// revocation; what it reads before, during and after a consent (the next request after a
// withdrawal already leaves the household out); pseudonyms; the log the household sees.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { SHARING_CONSENT } from "@/lib/privacy/sharing";
import { keepPartitions } from "@/lib/services/telemetry/partitions";
import { ensureDeviceMqtt } from "@/lib/services/telemetry/connection";
import { storeBatch } from "@/lib/services/telemetry/store";
import { GET as consentGET, PUT as consentPUT } from "@/app/api/v1/users/me/sharing/route";
import { GET as logGET } from "@/app/api/v1/users/me/sharing/log/route";
import { GET as partnersGET, POST as partnersPOST } from "@/app/api/v1/partners/route";
import { POST as revokePOST } from "@/app/api/v1/partners/[id]/revoke/route";
import { POST as tokenPOST } from "@/app/api/partner/token/route";
import { GET as liveGET } from "@/app/api/partner/v1/live/route";
import { GET as resultsGET } from "@/app/api/partner/v1/events/[id]/results/route";
import { call } from "../helpers/api";
import { validateIec62746 } from "../fixtures/iec62746/validate";
import { sessionCookie } from "../helpers/session";
import { makeCast, type TestUser } from "../factories/users";
import { makeDevice } from "../factories/devices";

let owner: TestUser, other: TestUser, admin: TestUser;

const consent = (given: boolean, who: TestUser = owner, version: number = SHARING_CONSENT.version) =>
  call(consentPUT, { method: "PUT", path: "/api/v1/users/me/sharing", token: who.token, json: { given, version } });

async function newPartner(name = "RTE data hub") {
  const r = await call(partnersPOST, { method: "POST", path: "/api/v1/partners", token: admin.token, json: { name } });
  expect(r.status).toBe(201);
  return r.body as { id: number; client_id: string; client_secret: string };
}

async function tokenOf(p: { client_id: string; client_secret: string }) {
  const r = await call(tokenPOST, { method: "POST", path: "/api/partner/token", json: { grant_type: "client_credentials", client_id: p.client_id, client_secret: p.client_secret } });
  expect(r.status).toBe(200);
  return r.body.access_token as string;
}

const live = (token: string) => call(liveGET, { path: "/api/partner/v1/live", headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  await keepPartitions();
});

beforeEach(async () => {
  ({ owner, other, admin } = await makeCast());
  // the owner's Shelly at the meter: 1.2 kW from the grid, 800 W of solar, a minute ago
  const d = await makeDevice(owner.id, {
    deviceId: "shellyemg3-C45BBE6B2D42",
    deviceType: "shelly",
    measurements: [
      { name: "grid", prefix: "em1:0", measureType: "total_home", classification: "consumption" },
      { name: "solar", prefix: "em1:1", measureType: "pv", classification: "production" },
    ],
  });
  await ensureDeviceMqtt([d.id]);
  const [grid, solar] = await db.measurement.findMany({ where: { deviceId: d.id }, orderBy: { id: "asc" } });
  const t = Date.now() - 60_000;
  await storeBatch([{ measurementId: grid.id, ts: t, power_w: 1200 }, { measurementId: solar.id, ts: t, power_w: 800 }], []);
});

describe("a household's consent", () => {
  it("is given for the text's version and withdrawn in one call, each change dated and kept", async () => {
    expect((await call(consentGET, { path: "/api/v1/users/me/sharing", token: owner.token })).body).toEqual({ given: false, version: null, at: null, current_version: SHARING_CONSENT.version, history: [] });
    const given = await consent(true);
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ given: true, version: SHARING_CONSENT.version });
    expect((await consent(true)).body.history).toHaveLength(1); // the same answer again adds nothing
    const withdrawn = await consent(false);
    expect(withdrawn.body.given).toBe(false);
    expect(withdrawn.body.history.map((h: { given: boolean }) => h.given)).toEqual([false, true]);
  });

  it("refuses a consent to another version of the text, and a body that is not one", async () => {
    const r = await consent(true, owner, SHARING_CONSENT.version + 1);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("sharing_version");
    expect((await call(consentPUT, { method: "PUT", path: "/api/v1/users/me/sharing", token: owner.token, json: { given: "yes" } })).status).toBe(422);
    expect(await db.sharingConsent.count()).toBe(0);
  });
});

describe("the partner", () => {
  it("reads nothing of a household until it consents, and nothing again from the request after it withdraws", async () => {
    const p = await newPartner();
    const token = await tokenOf(p);
    expect((await live(token)).body.households).toEqual([]);

    await consent(true);
    const seen = await live(token);
    expect(seen.status).toBe(200);
    expect(seen.body.households).toEqual([{ household: expect.stringMatching(/^[0-9a-f]{16}$/), at: expect.any(String), grid_w: 1200, solar_w: 800, home_w: 2000 }]);
    // a pseudonym, never an id nor an e-mail
    expect(JSON.stringify(seen.body)).not.toContain(owner.email);
    expect(seen.body.households[0].household).not.toBe(String(owner.id));

    await consent(false);
    expect((await live(token)).body.households).toEqual([]);

    // the household sees who read what and when: the one read while it consented
    const log = await call(logGET, { path: "/api/v1/users/me/sharing/log", token: owner.token });
    expect(log.body).toEqual([{ partner: "RTE data hub", what: "live", at: expect.any(String) }]);
    expect((await call(logGET, { path: "/api/v1/users/me/sharing/log", token: other.token })).body).toEqual([]);
  });

  it("gives each partner its own pseudonyms", async () => {
    await consent(true);
    const [a, b] = [await newPartner("A"), await newPartner("B")];
    const [ha, hb] = [(await live(await tokenOf(a))).body.households[0].household, (await live(await tokenOf(b))).body.households[0].household];
    expect(ha).not.toBe(hb);
  });

  it("is refused with wrong or revoked credentials, and a revoked partner's token stops at once", async () => {
    const p = await newPartner();
    const wrong = await call(tokenPOST, { method: "POST", path: "/api/partner/token", json: { grant_type: "client_credentials", client_id: p.client_id, client_secret: "nope" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ detail: "Invalid client credentials", code: "invalid_client" });
    const unknown = await call(tokenPOST, { method: "POST", path: "/api/partner/token", json: { grant_type: "client_credentials", client_id: "someone", client_secret: p.client_secret } });
    expect(unknown.body).toEqual(wrong.body);
    expect((await call(tokenPOST, { method: "POST", path: "/api/partner/token", json: { grant_type: "password", client_id: p.client_id, client_secret: p.client_secret } })).status).toBe(422);

    const token = await tokenOf(p);
    expect((await live(token)).status).toBe(200);
    const revoked = await call(revokePOST, { method: "POST", path: `/api/v1/partners/${p.id}/revoke`, params: { id: String(p.id) }, token: admin.token });
    expect(revoked.body.status).toBe("revoked");
    const after = await live(token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe("partner_revoked");
    expect((await call(tokenPOST, { method: "POST", path: "/api/partner/token", json: { grant_type: "client_credentials", client_id: p.client_id, client_secret: p.client_secret } })).status).toBe(401);
  });

  it("gets its token by its client credentials alone: a user's token or session cookie, even an admin's, neither stands in for them nor gets in the way (form or JSON)", async () => {
    const p = await newPartner();
    const body = { grant_type: "client_credentials", client_id: p.client_id, client_secret: p.client_secret };
    const cookie = { cookie: await sessionCookie(admin.id) };
    for (const token of [undefined, owner.token, admin.token, cookie]) {
      // no client credentials: refused whoever is signed in
      expect((await call(tokenPOST, { method: "POST", path: "/api/partner/token", token, json: {} })).status).toBe(422);
      const wrong = await call(tokenPOST, { method: "POST", path: "/api/partner/token", token, form: { ...body, client_secret: "nope" } });
      expect(wrong.status).toBe(401);
      expect(wrong.body.code).toBe("invalid_client");
      expect(wrong.headers.get("www-authenticate")).toBe("Bearer");
      const right = await call(tokenPOST, { method: "POST", path: "/api/partner/token", token, form: body });
      expect(right.status).toBe(200);
      expect(right.body).toMatchObject({ token_type: "bearer", expires_in: 3600, access_token: expect.stringMatching(/^fp1\./) });
      expect(right.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("refuses an expired partner at once, and says so", async () => {
    const p = await newPartner();
    const token = await tokenOf(p);
    await db.partner.update({ where: { id: p.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const r = await live(token);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: "partner_expired", detail: "These client credentials are expired" });
    const again = await call(tokenPOST, { method: "POST", path: "/api/partner/token", json: { grant_type: "client_credentials", client_id: p.client_id, client_secret: p.client_secret } });
    expect(again.body).toMatchObject({ code: "invalid_client", detail: "These client credentials are expired" });
  });

  it("refuses a forged, tampered or user's token", async () => {
    const p = await newPartner();
    const token = await tokenOf(p);
    const [head, payload, mac] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ p: p.id, exp: Math.floor(Date.now() / 1000) + 86_400 * 365 })).toString("base64url");
    expect((await live(`${head}.${forged}.${mac}`)).status).toBe(401);
    expect((await live(`${head}.${payload}.${mac.slice(0, -2)}xx`)).status).toBe(401);
    expect((await live(owner.token)).status).toBe(401);
    expect((await call(liveGET, { path: "/api/partner/v1/live" })).status).toBe(401);
  });

  it("is rate-limited per partner (429 with Retry-After)", async () => {
    // the second partner: a refusal is remembered for 2 s, and the next test's partner is the first again
    await newPartner("first");
    const p = await newPartner();
    const token = await tokenOf(p);
    await db.rateLimitHit.createMany({ data: Array.from({ length: 120 }, () => ({ bucket: "partner", key: String(p.id) })) });
    const r = await live(token);
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("reads an event's results of the consenting participants only", async () => {
    await consent(true);
    const e = await db.flexEvent.create({ data: { title: "Evening peak", message: "-", direction: "down", startsAt: new Date("2026-11-24T17:00:00Z"), endsAt: new Date("2026-11-24T19:00:00Z"), rewardPerKwh: 0.3, settledAt: new Date() } });
    const row = { eventId: e.id, status: "settled" as const, stepMin: 30, baselineWh: [100, 100], actualWh: [40, 40], baselineDays: [], deliveredWh: 120, rewardEur: 0.04 };
    await db.flexResult.createMany({ data: [{ ...row, userId: owner.id }, { ...row, userId: other.id }] });
    const token = await tokenOf(await newPartner());
    const r = await call(resultsGET, { path: `/api/partner/v1/events/${e.id}/results`, params: { id: String(e.id) }, headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    expect(r.body.households).toHaveLength(1);
    expect(r.body.households[0]).toMatchObject({ status: "settled", delivered_wh: 120, baseline_wh: [100, 100] });
    expect(r.body.households[0]).not.toHaveProperty("reward_eur");
    expect((await call(resultsGET, { path: "/api/partner/v1/events/999/results", params: { id: "999" }, headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  });

  it("reads an event's readings as XML modelled on IEC 62746-4, of the consenting participants only", async () => {
    const e = await db.flexEvent.create({ data: { title: "Evening peak", message: "-", direction: "down", startsAt: new Date("2026-11-24T17:00:00Z"), endsAt: new Date("2026-11-24T19:00:00Z"), rewardPerKwh: 0.3, settledAt: new Date() } });
    const row = { eventId: e.id, status: "settled" as const, stepMin: 30, baselineWh: [100, 100, 100, 100], actualWh: [40, null, 60, 80], baselineDays: [], deliveredWh: 120, rewardEur: 0.04 };
    await db.flexResult.createMany({ data: [{ ...row, userId: owner.id }, { ...row, userId: other.id }] });
    const token = await tokenOf(await newPartner());
    const xml = () => call(resultsGET, { path: `/api/partner/v1/events/${e.id}/results?format=xml`, params: { id: String(e.id) }, headers: { authorization: `Bearer ${token}` } });
    // nobody consents yet: no Series to give
    const none = await xml();
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: "no_readings" });
    await consent(true);
    const r = await xml();
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const text = String(r.body);
    expect(await validateIec62746(text)).toEqual({ valid: true, errors: [] });
    expect(text.match(/<RegisteredResource>/g)).toHaveLength(1);
    expect(text).not.toContain(owner.email);
    // 40, 60 and 80 Wh at positions 1, 3 and 4 (the second half hour has no reading)
    expect([...text.matchAll(/<position>(\d+)<\/position><Historical_Quantity><quantity>([^<]+)</g)].map((m) => [m[1], m[2]])).toEqual([["1", "0.04"], ["3", "0.06"], ["4", "0.08"]]);
    expect((await call(resultsGET, { path: `/api/partner/v1/events/${e.id}/results?format=csv`, params: { id: String(e.id) }, headers: { authorization: `Bearer ${token}` } })).status).toBe(422);
  });

  it("is the operator's to issue: a household gets 403, and never sees a secret in the list", async () => {
    expect((await call(partnersPOST, { method: "POST", path: "/api/v1/partners", token: owner.token, json: { name: "x" } })).status).toBe(403);
    await newPartner();
    const list = await call(partnersGET, { path: "/api/v1/partners", token: admin.token });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty("client_secret");
    expect(JSON.stringify(list.body)).not.toMatch(/secret_hash/);
  });
});
