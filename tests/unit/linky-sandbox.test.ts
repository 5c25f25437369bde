// The Linky sandbox's Data Connect 2026 paths (lib/integrations/sandbox/linky.ts), read through
// the real client: Enedis' limits, DST days, determinism and plausible curves.
import crypto from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { sandboxConfig, SANDBOX_CLIENT, type VendorConfig } from "@/lib/integrations/config";
import { resetApplicationTokens } from "@/lib/integrations/linky/app-token";
import { LinkyDataClient, type CurvePoint } from "@/lib/integrations/linky/data";
import { historyStart } from "@/lib/integrations/linky/limits";
import { parisDayOf, parisWall } from "@/lib/time/paris";
import type { Fetch } from "@/lib/integrations/oauth";
import { createSandbox, type SandboxOptions } from "@/lib/integrations/sandbox";
import { SlidingWindow } from "@/lib/integrations/sandbox/common";
import { SANDBOX_PRODUCER, SANDBOX_USAGE_POINTS } from "@/lib/integrations/sandbox/linky";

const [PRODUCER, CONSUMER] = [SANDBOX_PRODUCER, SANDBOX_USAGE_POINTS[1]];
/** Monday 23 November 2026, 13:00 in Paris: today is the 23rd, yesterday the 22nd */
let now = Date.parse("2026-11-23T12:00:00Z");
let options: SandboxOptions;
let client: LinkyDataClient;
let config: VendorConfig;

function wire(linky: SandboxOptions["linky"] = {}) {
  options = { secret: crypto.randomBytes(32), appUrl: "http://app.test", now: () => now, linky: { window: new SlidingWindow(), maxPerSecond: 0, ...linky } };
  const handle = createSandbox("linky", options);
  const f: Fetch = async (input, init) => handle(new Request(input as string, init));
  config = sandboxConfig("linky", "http://vendor.test", f);
  client = new LinkyDataClient(config, { now: () => now });
}

beforeEach(() => {
  now = Date.parse("2026-11-23T12:00:00Z");
  resetApplicationTokens();
  wire();
});

/** A raw GET on the sandbox with a valid application token. */
async function raw(path: string) {
  const handle = createSandbox("linky", options);
  const token = await handle(new Request("http://vendor.test/api/sandbox/linky/oauth2/v3/token", { method: "POST", body: new URLSearchParams({ grant_type: "client_credentials", client_id: SANDBOX_CLIENT.clientId, client_secret: SANDBOX_CLIENT.clientSecret }) }));
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await handle(new Request(`http://vendor.test/api/sandbox/linky/${path}`, { headers: { authorization: `Bearer ${access_token}` } }));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const byLocalDay = (points: CurvePoint[]) => {
  const days = new Map<string, CurvePoint[]>();
  for (const p of points) days.set(parisDayOf(p.start.getTime()), [...(days.get(parisDayOf(p.start.getTime())) ?? []), p]);
  return days;
};
const watts = (p: CurvePoint) => (p.wh * 60) / p.stepMin;
const localHour = (p: CurvePoint) => parisWall(p.start.getTime()).h;

describe("tokens", () => {
  it("gives an application token (client_credentials, no refresh token) only to the sandbox client", async () => {
    const handle = createSandbox("linky", options);
    const grant = (secret: string) =>
      handle(new Request("http://vendor.test/api/sandbox/linky/oauth2/v3/token", { method: "POST", body: new URLSearchParams({ grant_type: "client_credentials", client_id: SANDBOX_CLIENT.clientId, client_secret: secret }) }));
    const ok = await grant(SANDBOX_CLIENT.clientSecret);
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 12_600 });
    expect(body.refresh_token).toBeUndefined();
    expect((await grant("wrong")).status).toBe(401);
  });

  it("the data paths want a valid token (the gateway's 401)", async () => {
    const handle = createSandbox("linky", options);
    const res = await handle(new Request(`http://vendor.test/api/sandbox/linky/mesure_synchrone_auto/v2/consommation_quotidienne?pointId=${CONSUMER}&dateDebut=2026-11-01&dateFin=2026-11-02`, { headers: { authorization: "Bearer forged.token" } }));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "900901" });
  });
});

describe("Enedis' limits", () => {
  it("at most 7 days per curve call and 365 per daily or max-power call", async () => {
    expect(await client.curve(CONSUMER, "consumption", "2026-11-10", "2026-11-17")).toHaveLength(7 * 48);
    expect(await client.daily(CONSUMER, "consumption", "2025-11-22", "2026-11-22")).toHaveLength(365);
    const tooLong = await raw(`mesure_synchrone_auto/v2/courbe_de_charge_consommation?pointId=${CONSUMER}&dateDebut=2026-11-01&dateFin=2026-11-09`);
    expect(tooLong).toMatchObject({ status: 400, body: { code: "400" } });
    const tooLongDaily = await raw(`mesure_synchrone_auto/v2/consommation_quotidienne?pointId=${CONSUMER}&dateDebut=2025-11-01&dateFin=2026-11-02`);
    expect(tooLongDaily.status).toBe(400);
  });

  it("history: 24 months and 15 days of curve, 36 months and 15 days of daily values", async () => {
    expect(historyStart("curve", "2026-11-23")).toBe("2024-11-08");
    expect(historyStart("daily", "2026-11-23")).toBe("2023-11-08");
    expect(await client.curve(PRODUCER, "consumption", "2024-11-08", "2024-11-09")).toHaveLength(48);
    await expect(client.curve(PRODUCER, "consumption", "2024-11-07", "2024-11-08")).rejects.toMatchObject({ kind: "bad_request", status: 400 });
    expect(await client.daily(PRODUCER, "consumption", "2023-11-08", "2023-11-10")).toHaveLength(2);
    await expect(client.maxPower(PRODUCER, "2023-11-07", "2023-11-10")).rejects.toMatchObject({ kind: "bad_request" });
  });

  it("data only up to yesterday (Paris); nothing at all is Enedis' 404", async () => {
    const points = await client.curve(CONSUMER, "consumption", "2026-11-20", "2026-11-27");
    expect(points).toHaveLength(3 * 48);
    expect(points.at(-1)!.start.toISOString()).toBe("2026-11-22T22:30:00.000Z");
    await expect(client.curve(CONSUMER, "consumption", "2026-11-23", "2026-11-24")).rejects.toMatchObject({ kind: "no_data", status: 404 });
    // 00:30 in Paris on the 23rd is already "today" there, though still the 22nd in UTC
    now = Date.parse("2026-11-22T23:30:00Z");
    expect((await client.daily(CONSUMER, "consumption", "2026-11-20", "2026-11-24")).map((d) => d.day)).toEqual(["2026-11-20", "2026-11-21", "2026-11-22"]);
  });

  it("yesterday is published from publishHour (Paris) when set", async () => {
    wire({ publishHour: 8 });
    now = Date.parse("2026-11-23T06:00:00Z"); // 07:00 in Paris
    expect((await client.daily(CONSUMER, "consumption", "2026-11-20", "2026-11-23")).map((d) => d.day)).toEqual(["2026-11-20", "2026-11-21"]);
    now = Date.parse("2026-11-23T07:00:00Z"); // 08:00
    expect((await client.daily(CONSUMER, "consumption", "2026-11-20", "2026-11-23")).map((d) => d.day)).toEqual(["2026-11-20", "2026-11-21", "2026-11-22"]);
  });

  it("5 calls per second per API: the 6th is 429 SLA dépassé; the next second, or another API, goes through", async () => {
    wire({ maxPerSecond: undefined });
    for (let i = 0; i < 5; i++) await client.daily(CONSUMER, "consumption", "2026-11-01", "2026-11-02");
    await expect(client.curve(CONSUMER, "consumption", "2026-11-01", "2026-11-02")).rejects.toMatchObject({ kind: "rate_limited", status: 429, error: "429", errorDescription: "SLA dépassé" });
    // the contract APIs are other APIs, with their own quota
    expect((await client.contract(PRODUCER)).subscribedKva).toBe(9);
    now += 999;
    await expect(client.daily(CONSUMER, "consumption", "2026-11-01", "2026-11-02")).rejects.toMatchObject({ kind: "rate_limited" });
    now += 1;
    expect(await client.daily(CONSUMER, "consumption", "2026-11-01", "2026-11-02")).toHaveLength(1);
  });

  it("the limit is injectable (2/s here) and 0 turns it off", async () => {
    wire({ maxPerSecond: 2 });
    await client.daily(CONSUMER, "consumption", "2026-11-01", "2026-11-02");
    await client.daily(CONSUMER, "consumption", "2026-11-01", "2026-11-02");
    await expect(client.daily(CONSUMER, "consumption", "2026-11-01", "2026-11-02")).rejects.toMatchObject({ kind: "rate_limited" });
    wire({ maxPerSecond: 0 });
    for (let i = 0; i < 20; i++) await client.daily(CONSUMER, "consumption", "2026-11-01", "2026-11-02");
  });

  it("the answers Enedis gives to a malformed request", async () => {
    const q = (s: string) => raw(`mesure_synchrone_auto/v2/courbe_de_charge_consommation?${s}`);
    expect(await q(`pointId=${CONSUMER}&dateDebut=2026-11-02&dateFin=2026-11-02`)).toMatchObject({ status: 400, body: { error: "ADAM-ERR0002" } });
    expect(await q(`pointId=${CONSUMER}&dateDebut=2026-11-02`)).toMatchObject({ status: 400, body: { code: "400" } });
    expect(await q(`dateDebut=2026-11-01&dateFin=2026-11-02`)).toMatchObject({ status: 400, body: { code: "400" } });
    expect(await q(`pointId=1234&dateDebut=2026-11-01&dateFin=2026-11-02`)).toMatchObject({ status: 400 });
    const max = (s: string) => raw(`mesure_synchrone_auto/v2/puissance_conso_max_quotidienne?pointId=${CONSUMER}&dateDebut=2026-11-01&dateFin=2026-11-03${s}`);
    expect((await max("")).status).toBe(400);
    expect((await max("&mesuresPas=P1D")).status).toBe(400);
    expect((await max("&mesuresPas=P1D&grandeurPhysique=PMA")).status).toBe(200);
    expect((await raw("mesure_synchrone_auto/v2/index_nothing?pointId=1")).status).toBe(404);
  });
});

describe("who may read what", () => {
  it("403 'not the holder' for a PRM the consent does not cover, or whose consent was withdrawn", async () => {
    await expect(client.curve("12345678901234", "consumption", "2026-11-01", "2026-11-02")).rejects.toMatchObject({ kind: "consent", status: 403, errorDescription: "Le client n'est pas titulaire du point demandé" });
    wire({ revoked: new Set([CONSUMER]) });
    await expect(client.daily(CONSUMER, "consumption", "2026-11-01", "2026-11-02")).rejects.toMatchObject({ kind: "consent" });
    await expect(client.contract(CONSUMER)).rejects.toMatchObject({ kind: "consent" });
    expect(await client.daily(PRODUCER, "consumption", "2026-11-01", "2026-11-02")).toHaveLength(1);
  });

  it("the consumption-only PRM has no production: 404 Pas de mesure trouvée", async () => {
    await expect(client.curve(CONSUMER, "production", "2026-11-01", "2026-11-02")).rejects.toMatchObject({ kind: "no_data", status: 404, errorDescription: "Pas de mesure trouvée pour ce point" });
    await expect(client.daily(CONSUMER, "production", "2026-11-01", "2026-11-02")).rejects.toMatchObject({ kind: "no_data" });
  });

  it("a meter commissioned later answers ADAM-ERR0123 before that day; a day it sent nothing for is left out", async () => {
    wire({ commissioned: { [CONSUMER]: "2026-06-01" }, holes: new Set(["2026-11-03"]) });
    await expect(client.curve(CONSUMER, "consumption", "2026-05-30", "2026-06-02")).rejects.toMatchObject({ kind: "no_data", error: "ADAM-ERR0123" });
    const points = await client.curve(CONSUMER, "consumption", "2026-11-02", "2026-11-05");
    expect([...byLocalDay(points).keys()]).toEqual(["2026-11-02", "2026-11-04"]);
  });
});

describe("the curves", () => {
  it("48 half hours a day, 46 on the spring-forward day and 50 on the fall-back day", async () => {
    const days = byLocalDay([...(await client.curve(PRODUCER, "consumption", "2026-03-28", "2026-03-31")), ...(await client.curve(PRODUCER, "consumption", "2026-10-24", "2026-10-27"))]);
    expect(Object.fromEntries([...days].map(([d, p]) => [d, p.length]))).toEqual({
      "2026-03-28": 48,
      "2026-03-29": 46,
      "2026-03-30": 48,
      "2026-10-24": 48,
      "2026-10-25": 50,
      "2026-10-26": 48,
    });
    const fall = days.get("2026-10-25")!;
    expect(fall.every((p, i) => i === 0 || p.start.getTime() - fall[i - 1].start.getTime() === 30 * 60_000)).toBe(true);
  });

  it("are deterministic integers in W, different for each meter", async () => {
    const a = await client.curve(PRODUCER, "consumption", "2026-11-01", "2026-11-08");
    const b = await client.curve(PRODUCER, "consumption", "2026-11-01", "2026-11-08");
    const c = await client.curve(CONSUMER, "consumption", "2026-11-01", "2026-11-08");
    expect(a).toEqual(b);
    expect(a.every((p) => Number.isInteger(watts(p)) && watts(p) >= 0)).toBe(true);
    expect(a.map(watts)).not.toEqual(c.map(watts));
  });

  it("look like a household: a night base of 150-300 W in summer, morning and evening peaks, more in winter", async () => {
    for (const prm of [PRODUCER, CONSUMER]) {
      const june = await client.curve(prm, "consumption", "2026-06-08", "2026-06-15");
      const night = june.filter((p) => localHour(p) >= 2 && localHour(p) < 5).map(watts);
      expect(Math.min(...night)).toBeGreaterThanOrEqual(130);
      expect(Math.max(...night)).toBeLessThanOrEqual(330);
      const mean = (hours: number[]) => {
        const v = june.filter((p) => hours.includes(localHour(p))).map(watts);
        return v.reduce((s, x) => s + x, 0) / v.length;
      };
      expect(mean([19])).toBeGreaterThan(3 * mean([3]));
      expect(mean([7])).toBeGreaterThan(2 * mean([3]));
    }
    const [winter, summer] = [await client.daily(CONSUMER, "consumption", "2026-01-05", "2026-01-12"), await client.daily(CONSUMER, "consumption", "2026-07-06", "2026-07-13")];
    const total = (d: { wh: number }[]) => d.reduce((s, x) => s + x.wh, 0);
    expect(total(winter)).toBeGreaterThan(1.5 * total(summer));
  });

  it("weekends differ: no early weekday rush, more at home late in the morning", async () => {
    const week = await client.curve(CONSUMER, "consumption", "2026-06-08", "2026-06-15"); // Monday to Sunday
    const at = (day: string, hour: number) => week.filter((p) => parisDayOf(p.start.getTime()) === day && localHour(p) === hour).map(watts);
    const avg = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
    expect(avg(at("2026-06-09", 7))).toBeGreaterThan(avg(at("2026-06-13", 7)) + 400);
    expect(avg(at("2026-06-13", 10))).toBeGreaterThan(avg(at("2026-06-09", 10)) + 400);
  });

  it("solar production: zero at night, a bell by day, larger in summer", async () => {
    const june = await client.curve(PRODUCER, "production", "2026-06-15", "2026-06-22");
    expect(june.filter((p) => localHour(p) < 5 || localHour(p) >= 23).every((p) => p.wh === 0)).toBe(true);
    expect(Math.max(...june.filter((p) => localHour(p) >= 12 && localHour(p) < 16).map(watts))).toBeGreaterThan(1000);
    const [summer, winter] = [await client.daily(PRODUCER, "production", "2026-06-01", "2026-07-01"), await client.daily(PRODUCER, "production", "2025-12-01", "2026-01-01")];
    const total = (d: { wh: number }[]) => d.reduce((s, x) => s + x.wh, 0);
    expect(total(summer)).toBeGreaterThan(3 * total(winter));
  });

  it("daily energy is the sum of the day's curve; raw (BRUT) for the last days, corrected (BEST) before", async () => {
    const curve = await client.curve(PRODUCER, "consumption", "2026-11-01", "2026-11-02");
    const [day] = await client.daily(PRODUCER, "consumption", "2026-11-01", "2026-11-02");
    expect(day.wh).toBe(Math.round(curve.reduce((s, p) => s + p.wh, 0)));
    expect(day.quality).toBe("BEST");
    expect((await client.curve(PRODUCER, "consumption", "2026-11-20", "2026-11-21"))[0].quality).toBe("BRUT");
    expect((await client.daily(PRODUCER, "consumption", "2026-11-20", "2026-11-21"))[0].quality).toBe("BRUT");
  });

  it("daily max power in VA, above the busiest half hour, with the moment it was reached", async () => {
    const max = await client.maxPower(PRODUCER, "2026-11-01", "2026-11-08");
    expect(max).toHaveLength(7);
    const curve = await client.curve(PRODUCER, "consumption", "2026-11-01", "2026-11-08");
    for (const m of max) {
      const day = byLocalDay(curve).get(m.day)!;
      expect(m.va).toBeGreaterThan(Math.max(...day.map(watts)));
      expect(parisDayOf(m.at!.getTime())).toBe(m.day);
    }
  });
});

describe("the contract", () => {
  it("9 kVA HC/HP with off-peak hours for the producer, 6 kVA Base for the consumer", async () => {
    expect(await client.contract(PRODUCER)).toMatchObject({ subscribedKva: 9, tariffOption: "HC/HP", offpeakHours: "HC (22H00-6H00)" });
    expect(await client.contract(CONSUMER)).toMatchObject({ subscribedKva: 6, tariffOption: "Base", offpeakHours: null });
  });
});
