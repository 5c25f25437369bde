// The Data Connect 2026 client (lib/integrations/linky/data.ts) against Enedis' documented answers
// (tests/fixtures/enedis, served over HTTP by tests/fakes/enedis-2026.ts): parsing, the
// application token, and the classification of every error it may meet.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetApplicationTokens } from "@/lib/integrations/linky/app-token";
import { LinkyDataClient, tariffOptionOf } from "@/lib/integrations/linky/data";
import { classifyLinkyAnswer, LinkyError } from "@/lib/integrations/linky/errors";
import { VendorError } from "@/lib/integrations/oauth";
import { EnedisFake, fixture, fixtureText, type Answer } from "../fakes/enedis-2026";
import { ENEDIS_CONSUMER, ENEDIS_PRODUCER, LinkyFake } from "../fakes/linky";

const PRM = "99999999999991";
const M = "mesure_synchrone_auto/v2";
const gateway = new EnedisFake();
let client: LinkyDataClient;

beforeAll(async () => {
  await gateway.start();
});
afterAll(() => gateway.stop());
beforeEach(() => {
  gateway.reset();
  gateway.tokensIssued = 0;
  resetApplicationTokens();
  client = new LinkyDataClient(gateway.config());
});

const iso = (d: Date | null) => d?.toISOString() ?? null;
type Points = { grandeur: { points: { v: string; d: string }[] }[] };

describe("load curves", () => {
  it("asks with pointId, dateDebut, dateFin and the application's token; answers UTC interval starts and Wh", async () => {
    gateway.on(`${M}/courbe_de_charge_consommation`, { file: "curve-consumption-2026-09-29.json" });
    const points = await client.curve(PRM, "consumption", "2026-09-29", "2026-10-01");
    const [call] = gateway.calls();
    expect(call.path).toBe(`${M}/courbe_de_charge_consommation`);
    expect(Object.fromEntries(call.query)).toEqual({ pointId: PRM, dateDebut: "2026-09-29", dateFin: "2026-10-01" });
    expect(call.authorization).toBe("Bearer app-token-1");
    const grant = gateway.seen.find((s) => s.path === "oauth2/v3/token")!;
    expect(Object.fromEntries(grant.form)).toEqual({ grant_type: "client_credentials", client_id: "app-client", client_secret: "app-secret" });

    const raw = fixture<Points>("curve-consumption-2026-09-29.json").grandeur[0].points;
    expect(points).toHaveLength(96);
    expect(points[0]).toEqual({ start: new Date("2026-09-28T22:00:00Z"), stepMin: 30, wh: Number(raw[0].v) / 2, quality: "BRUT" });
    expect(iso(points[95].start)).toBe("2026-09-30T21:30:00.000Z");
    expect(points.map((p) => p.wh * 2)).toEqual(raw.map((p) => Number(p.v)));
  });

  it("reads the fall-back day as 50 half hours and the spring-forward day as 46", async () => {
    gateway.on(`${M}/courbe_de_charge_consommation`, { file: "curve-fall-back-2026-10-25.json" }, { file: "curve-spring-forward-2026-03-29.json" });
    const fall = await client.curve(PRM, "consumption", "2026-10-25", "2026-10-26");
    const spring = await client.curve(PRM, "consumption", "2026-03-29", "2026-03-30");
    expect(fall).toHaveLength(50);
    expect(new Set(fall.map((p) => p.start.getTime())).size).toBe(50);
    expect(fall.map((p) => p.start.toISOString()).slice(3, 7)).toEqual(["2026-10-24T23:30:00.000Z", "2026-10-25T00:00:00.000Z", "2026-10-25T00:30:00.000Z", "2026-10-25T01:00:00.000Z"]);
    expect(fall[0].quality).toBe("BEST");
    expect(spring).toHaveLength(46);
    expect(iso(spring[45].start)).toBe("2026-03-29T21:30:00.000Z");
  });

  it("takes the step from each point (10 minutes: Wh = W × 10/60) and reads production", async () => {
    gateway.on(`${M}/courbe_de_charge_consommation`, { file: "curve-10min-2026-09-29.json" });
    gateway.on(`${M}/courbe_de_charge_production`, { file: "curve-production-2026-04-01.json" });
    const tenMin = await client.curve(PRM, "consumption", "2026-09-29", "2026-09-30");
    expect(tenMin).toHaveLength(144);
    expect(tenMin[0].stepMin).toBe(10);
    expect(tenMin[0].wh).toBeCloseTo(Number(fixture<Points>("curve-10min-2026-09-29.json").grandeur[0].points[0].v) / 6, 9);
    const solar = await client.curve(PRM, "production", "2026-04-01", "2026-04-02");
    expect(solar).toHaveLength(48);
    expect(solar[0].wh).toBe(0);
    expect(Math.max(...solar.map((p) => p.wh))).toBeGreaterThan(500);
    expect(gateway.calls().at(-1)!.path).toBe(`${M}/courbe_de_charge_production`);
  });

  it("an answer with no series or an empty one is no points; a point without a value is left out", async () => {
    const body = fixture<Points & Record<string, unknown>>("curve-fall-back-2026-10-25.json");
    const holed = structuredClone(body);
    (holed.grandeur[0].points[3] as { v: unknown }).v = null;
    gateway.on(`${M}/courbe_de_charge_consommation`, { body: { ...body, grandeur: [] } }, { body: holed });
    expect(await client.curve(PRM, "consumption", "2026-10-25", "2026-10-26")).toEqual([]);
    expect(await client.curve(PRM, "consumption", "2026-10-25", "2026-10-26")).toHaveLength(49);
  });

  it("refuses a request Enedis would refuse, without calling it", async () => {
    await expect(client.curve(PRM, "consumption", "2026-10-01", "2026-10-09")).rejects.toMatchObject({ kind: "bad_request" });
    await expect(client.curve(PRM, "consumption", "2026-10-01", "2026-10-01")).rejects.toMatchObject({ kind: "bad_request" });
    await expect(client.curve("123", "consumption", "2026-10-01", "2026-10-02")).rejects.toMatchObject({ kind: "bad_request" });
    await expect(client.curve(PRM, "consumption", "2026-02-30", "2026-03-02")).rejects.toMatchObject({ kind: "bad_request" });
    await expect(client.daily(PRM, "consumption", "2025-01-01", "2026-01-02")).rejects.toMatchObject({ kind: "bad_request" });
    expect(gateway.seen).toHaveLength(0);
  });
});

describe("daily values and max power", () => {
  it("reads daily energy as local days in Wh", async () => {
    gateway.on(`${M}/consommation_quotidienne`, { file: "daily-consumption.json" });
    gateway.on(`${M}/production_quotidienne`, { file: "daily-production.json" });
    expect(await client.daily(PRM, "consumption", "2026-09-29", "2026-10-01")).toEqual([
      { day: "2026-09-29", wh: 31207, quality: "BRUT" },
      { day: "2026-09-30", wh: 29864, quality: "BRUT" },
    ]);
    expect((await client.daily(PRM, "production", "2026-04-01", "2026-04-04")).map((d) => d.wh)).toEqual([2104, 11870, 955]);
  });

  it("asks max power with mesuresPas=P1D and grandeurPhysique=PMA; `at` is the moment it was reached, in UTC", async () => {
    gateway.on(`${M}/puissance_conso_max_quotidienne`, { file: "max-power.json" });
    const max = await client.maxPower(PRM, "2026-10-24", "2026-10-27");
    expect(Object.fromEntries(gateway.calls()[0].query)).toMatchObject({ mesuresPas: "P1D", grandeurPhysique: "PMA" });
    expect(max).toEqual([
      { day: "2026-10-24", va: 4212, at: new Date("2026-10-24T17:41:07Z") },
      // the repeated hour: the first of the two instants
      { day: "2026-10-25", va: 3876, at: new Date("2026-10-25T00:17:44Z") },
      { day: "2026-10-26", va: 5930, at: new Date("2026-10-26T06:05:12Z") },
    ]);
  });
});

describe("the contract", () => {
  it("reads subscribed power and tariff from situation_contrat_auto, off-peak slots from comptage_auto, the PRM in the path", async () => {
    gateway.on(`situation_contrat_auto/v1/${PRM}`, { file: "situation-contrat-consumer.json" });
    gateway.on(`comptage_auto/v1/${PRM}`, { file: "comptage.json" });
    const c = await client.contract(PRM);
    expect(c).toMatchObject({ subscribedKva: 12, tariffOption: "HC/HP", offpeakHours: "HC (22H00-6H00)" });
    expect(c.raw).toEqual({ situation: fixture("situation-contrat-consumer.json"), metering: fixture("comptage.json") });
    expect(gateway.calls().every((s) => [...s.query.keys()].length === 0)).toBe(true);
  });

  it("keeps the withdrawal contract of a self-consuming PRM, and goes on when comptage_auto is not subscribed (403 900908)", async () => {
    const prm = "99999999999992";
    gateway.on(`situation_contrat_auto/v1/${prm}`, { file: "situation-contrat-self-consumption.json" });
    gateway.on(`comptage_auto/v1/${prm}`, { status: 403, file: "error-403-not-subscribed.json" });
    expect(await client.contract(prm)).toMatchObject({ subscribedKva: 6, tariffOption: "Base", offpeakHours: null, raw: { metering: null } });
  });

  it("a refused situation_contrat_auto is the error, classified", async () => {
    gateway.on(`situation_contrat_auto/v1/${PRM}`, { status: 403, file: "error-403-not-holder.json" });
    await expect(client.contract(PRM)).rejects.toMatchObject({ kind: "consent" });
  });

  it.each([
    ["Tarif BT<=36kVA Moyenne Utilisation heures pleines heures creuses", null, "HC/HP"],
    ["Tarif BT<=36kVA Courte Utilisation sans différenciation temporelle", null, "Base"],
    ["Tarif Bleu Base", null, "Base"],
    ["Something new", null, "Something new"],
    [null, "HC (22H00-6H00)", "HC/HP"],
    [null, null, null],
  ])("tariff option of %j (off-peak %j): %j", (tariff, offpeak, option) => {
    expect(tariffOptionOf(tariff, offpeak)).toBe(option);
  });
});

describe("errors", () => {
  const curve = () => client.curve(PRM, "consumption", "2026-09-29", "2026-10-01");
  it.each<[string, Answer, string, string?]>([
    ["429 SLA dépassé", { status: 429, file: "error-429.json" }, "rate_limited", "429"],
    ["403 not the holder", { status: 403, file: "error-403-not-holder.json" }, "consent", "403"],
    ["403 900908 not subscribed", { status: 403, file: "error-403-not-subscribed.json" }, "not_subscribed", "900908"],
    ["404 no measure", { status: 404, file: "error-404-no-data.json" }, "no_data", "404"],
    ["400 ADAM-ERR0123 before commissioning", { status: 400, file: "error-adam-err0123.json" }, "no_data", "ADAM-ERR0123"],
    ["400 ADAM-ERR0002 dates", { status: 400, file: "error-adam-err0002.json" }, "bad_request", "ADAM-ERR0002"],
    ["400 parameter", { status: 400, file: "error-400.json" }, "bad_request", "400"],
    ["500 technical", { status: 500, file: "error-500.json" }, "unavailable", "500"],
    ["503 HTML outage page", { status: 503, file: "outage.html" }, "unavailable"],
    ["200 HTML maintenance page", { status: 200, file: "outage.html" }, "unavailable"],
    ["302 to a login page", { status: 302, body: "", headers: { location: "https://example.org/login", "content-type": "text/plain" } }, "unavailable"],
    ["504 empty body", { status: 504, body: "", headers: { "content-type": "text/plain" } }, "unavailable"],
    ["200 truncated JSON", { status: 200, body: '{"idPrm": "1", "grandeur": [', headers: { "content-type": "application/json" } }, "malformed"],
    ["200 JSON of another shape", { body: { meter_reading: {} } }, "malformed"],
    ["200 a value that is no number", { body: { grandeur: [{ grandeurMetier: "CONS", unite: "W", points: [{ v: "lots", d: "2026-09-29 00:30:00", p: "PT30M" }] }] } }, "malformed"],
    ["200 a time stamp that is no time", { body: { grandeur: [{ grandeurMetier: "CONS", unite: "W", points: [{ v: "12", d: "yesterday", p: "PT30M" }] }] } }, "malformed"],
    ["200 an unexpected unit", { body: { grandeur: [{ grandeurMetier: "CONS", unite: "MWh", points: [{ v: "12", d: "2026-09-29 00:30:00" }] }] } }, "malformed"],
  ])("%s → %s", async (_, answer, kind, code) => {
    gateway.on(`${M}/courbe_de_charge_consommation`, answer);
    const err = await curve().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LinkyError);
    expect(err).toBeInstanceOf(VendorError);
    expect(err).toMatchObject({ kind, vendor: "linky" });
    if (code) expect((err as LinkyError).error).toBe(code);
    expect((err as LinkyError).retryable).toBe(kind === "rate_limited" || kind === "unavailable");
  });

  it("keeps Enedis' words and the Retry-After of a 429", async () => {
    gateway.on(`${M}/courbe_de_charge_consommation`, { status: 429, file: "error-429.json", headers: { "retry-after": "2" } });
    await expect(curve()).rejects.toMatchObject({ kind: "rate_limited", status: 429, errorDescription: "SLA dépassé", retryAfterMs: 2000 });
  });

  it("a gateway that does not answer in time is unavailable (timeout), one that is not there too", async () => {
    gateway.on(`${M}/courbe_de_charge_consommation`, { delayMs: 2_000, file: "curve-consumption-2026-09-29.json" });
    const slow = new LinkyDataClient(gateway.config(), { timeoutMs: 200 });
    await expect(slow.curve(PRM, "consumption", "2026-09-29", "2026-10-01")).rejects.toMatchObject({ kind: "unavailable", error: "timeout" });
    const gone = new LinkyDataClient({ ...gateway.config(), apiUrl: "http://127.0.0.1:9", tokenUrl: "http://127.0.0.1:9/oauth2/v3/token" });
    await expect(gone.curve(PRM, "consumption", "2026-09-29", "2026-10-01")).rejects.toMatchObject({ kind: "unavailable", error: "unreachable" });
  });

  it("classifies answers it was never shown without throwing anything else", () => {
    const odd: [number, string, string | null][] = [
      [418, "", null],
      [403, "null", "application/json"],
      [400, "[1,2]", "application/json"],
      [404, '{"code": 404}', "application/json"],
      [429, "Too Many Requests", "text/plain"],
      [500, '{"error": {"code": "x", "message": "y"}}', "application/json"],
      [200, "<?xml version='1.0'?><fault/>", "application/xml"],
    ];
    for (const [status, text, type] of odd) expect(classifyLinkyAnswer(status, text, type)).toBeInstanceOf(LinkyError);
    expect(classifyLinkyAnswer(200, "{}", "application/json")).toBeNull();
  });
});

describe("the application token", () => {
  it("is fetched once for many calls, also at the same moment", async () => {
    gateway.on(`${M}/consommation_quotidienne`, { file: "daily-consumption.json" });
    await Promise.all(Array.from({ length: 5 }, () => client.daily(PRM, "consumption", "2026-09-29", "2026-10-01")));
    await client.daily(PRM, "consumption", "2026-09-29", "2026-10-01");
    expect(gateway.tokensIssued).toBe(1);
    expect(new Set(gateway.calls().map((c) => c.authorization))).toEqual(new Set(["Bearer app-token-1"]));
  });

  it("is renewed shortly before it expires", async () => {
    let now = Date.parse("2026-11-23T10:00:00Z");
    const timed = new LinkyDataClient(gateway.config(), { now: () => now });
    gateway.on(`${M}/consommation_quotidienne`, { file: "daily-consumption.json" });
    await timed.daily(PRM, "consumption", "2026-09-29", "2026-10-01");
    now += (12_599 - 120) * 1000;
    await timed.daily(PRM, "consumption", "2026-09-29", "2026-10-01");
    expect(gateway.tokensIssued).toBe(1);
    now += 90 * 1000;
    await timed.daily(PRM, "consumption", "2026-09-29", "2026-10-01");
    expect(gateway.tokensIssued).toBe(2);
    expect(gateway.calls().at(-1)!.authorization).toBe("Bearer app-token-2");
  });

  it("refused by the API (401) is renewed and the call made again, once", async () => {
    gateway.on(`${M}/consommation_quotidienne`, { status: 401, body: { code: "900901", message: "Invalid Credentials" } }, { file: "daily-consumption.json" });
    expect(await client.daily(PRM, "consumption", "2026-09-29", "2026-10-01")).toHaveLength(2);
    expect(gateway.tokensIssued).toBe(2);
    gateway.on(`${M}/consommation_quotidienne`, { status: 401, body: { code: "900901", message: "Invalid Credentials" } });
    await expect(client.daily(PRM, "consumption", "2026-09-29", "2026-10-01")).rejects.toMatchObject({ kind: "not_subscribed", status: 401 });
  });

  it("the application's credentials refused is not_subscribed; the token endpoint down is unavailable", async () => {
    gateway.tokenAnswer = { status: 401, body: { error: "invalid_client", error_description: "Client authentication failed" } };
    await expect(client.curve(PRM, "consumption", "2026-09-29", "2026-10-01")).rejects.toMatchObject({ kind: "not_subscribed", error: "invalid_client" });
    gateway.tokenAnswer = { status: 503, file: "outage.html" };
    await expect(client.curve(PRM, "consumption", "2026-09-29", "2026-10-01")).rejects.toMatchObject({ kind: "unavailable" });
    gateway.tokenAnswer = { status: 200, body: { token_type: "Bearer" } };
    await expect(client.curve(PRM, "consumption", "2026-09-29", "2026-10-01")).rejects.toMatchObject({ kind: "malformed" });
    expect(gateway.calls()).toHaveLength(0);
  });
});

describe("against the Enedis fake of the integration tests (tests/fakes/linky.ts)", () => {
  const enedis = new LinkyFake();
  beforeAll(() => enedis.start());
  afterAll(() => enedis.stop());

  it("answers any period in the published shapes, 5 calls a second per API (then 429), and outages as HTML", async () => {
    let now = Date.parse("2026-11-23T12:00:00Z");
    enedis.now = () => now;
    const http = new LinkyDataClient(enedis.config(), { now: () => now });
    for (let i = 0; i < 5; i++) expect(await http.curve(ENEDIS_PRODUCER, "production", "2026-06-01", "2026-06-02")).toHaveLength(48);
    await expect(http.curve(ENEDIS_PRODUCER, "production", "2026-06-01", "2026-06-02")).rejects.toMatchObject({ kind: "rate_limited" });
    expect(enedis.requests("/courbe_de_charge_production")).toHaveLength(6);
    expect(enedis.requests("/oauth2/v3/token")[0].form.get("grant_type")).toBe("client_credentials");
    now += 1000;
    // the spring-forward and fall-back days: 46 and 50 half hours
    expect(await http.curve(ENEDIS_CONSUMER, "consumption", "2026-03-29", "2026-03-30")).toHaveLength(46);
    expect(await http.curve(ENEDIS_CONSUMER, "consumption", "2026-10-25", "2026-10-26")).toHaveLength(50);
    enedis.failWith = { status: 503, body: fixtureText("outage.html") };
    await expect(http.daily(ENEDIS_PRODUCER, "consumption", "2026-06-01", "2026-06-02")).rejects.toMatchObject({ kind: "unavailable" });
    enedis.reset();
  });
});
