// The carbon-refresh job against ODRÉ faked on 127.0.0.1 (tests/fakes/odre.ts): the window it asks
// for, the half hours it stores (overwritten when fetched again), off without CARBON_URL; and My
// Energy reading the stored half hours before the bundled year, crediting RTE for them. The
// intensities here are made up for the test.
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { OdreFake } from "../fakes/odre";

// CARBON_URL must be in the environment before lib/env.ts first reads it
const odre = new OdreFake();
await odre.start();
process.env.CARBON_URL = odre.origin;
afterAll(() => odre.stop());

const { db } = await import("@/lib/db");
const { OdreCarbonSource } = await import("@/lib/energy/carbon");
const { configuredCarbonSource, storedIntensity, storeIntensity } = await import("@/lib/services/carbon/intensity");
const { handleCarbonRefresh, CARBON_CRON } = await import("@/lib/jobs/workers");
const { parisDayStart } = await import("@/lib/time/paris");
const { upsertCurve } = await import("@/lib/services/readings/store");
const { GET: energyGET } = await import("@/app/api/v1/meters/[id]/energy/route");
const { GET: summaryGET } = await import("@/app/api/v1/energy/summary/route");
const { call } = await import("../helpers/api");
const { makeCast } = await import("../factories/users");

const HALF_HOUR = 1_800_000;
/** 2026-11-20 10:07 UTC */
const NOW = Date.parse("2026-11-20T10:07:00Z");
/** Quarter hours of éCO2mix from `fromIso`, `n` of them, the value `g(i)`. */
const quarters = (fromIso: string, n: number, g: (i: number) => number | null) =>
  Array.from({ length: n }, (_, i) => ({ date_heure: new Date(Date.parse(fromIso) + i * 15 * 60_000).toISOString().replace(".000Z", "+00:00"), taux_co2: g(i) }));
const rows = async () => (await db.$queryRaw<{ start: Date; g: number; source: string }[]>`SELECT start, g_per_kwh AS g, source FROM energy.carbon_intensity ORDER BY start`).map((r) => [r.start.toISOString(), r.g, r.source]);

beforeEach(() => {
  odre.seen.length = 0;
  odre.failWith = null;
});

describe("the source", () => {
  it("is ODRÉ's real-time éCO2mix at CARBON_URL, and none without it", () => {
    const s = configuredCarbonSource();
    expect(s).toBeInstanceOf(OdreCarbonSource);
    expect(s!.dataset).toBe("eco2mix-national-tr");
    expect(configuredCarbonSource("")).toBeNull();
  });
});

describe("the job's handler", () => {
  it("fetches the last 14 days the first time, then from the last half hour stored; a re-fetch overwrites", async () => {
    // 2026-11-20 08:00Z to 09:30Z: quarter hours 40, 42 (half hour 41), 50, 52 (51), ...
    odre.records["eco2mix-national-tr"] = quarters("2026-11-20T08:00:00Z", 8, (i) => 40 + 10 * Math.floor(i / 2) + 2 * (i % 2));
    const first = await handleCarbonRefresh(configuredCarbonSource(), NOW);
    expect(first).toEqual({ off: false, from: "2026-11-06T10:00:00.000Z", to: "2026-11-20T10:00:00.000Z", written: 4 });
    expect(await rows()).toEqual([
      ["2026-11-20T08:00:00.000Z", 41, "odre:eco2mix-national-tr"],
      ["2026-11-20T08:30:00.000Z", 51, "odre:eco2mix-national-tr"],
      ["2026-11-20T09:00:00.000Z", 61, "odre:eco2mix-national-tr"],
      ["2026-11-20T09:30:00.000Z", 71, "odre:eco2mix-national-tr"],
    ]);
    // 14 days in 7-day windows
    expect(odre.seen.map((s) => s.query.get("where"))).toEqual([
      "date_heure >= date'2026-11-06T10:00:00Z' AND date_heure < date'2026-11-13T10:00:00Z'",
      "date_heure >= date'2026-11-13T10:00:00Z' AND date_heure < date'2026-11-20T10:00:00Z'",
    ]);
    // an hour later: from the last half hour stored (its second quarter was late), 09:30 now 75
    odre.seen.length = 0;
    odre.records["eco2mix-national-tr"] = quarters("2026-11-20T09:30:00Z", 4, (i) => [70, 80, 90, 94][i]);
    const next = await handleCarbonRefresh(configuredCarbonSource(), NOW + 3_600_000);
    expect(next).toEqual({ off: false, from: "2026-11-20T09:30:00.000Z", to: "2026-11-20T11:00:00.000Z", written: 2 });
    expect((await rows()).slice(3)).toEqual([
      ["2026-11-20T09:30:00.000Z", 75, "odre:eco2mix-national-tr"],
      ["2026-11-20T10:00:00.000Z", 92, "odre:eco2mix-national-tr"],
    ]);
  });

  it("off without a source: nothing fetched, said in the log", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    try {
      expect(await handleCarbonRefresh(null, NOW)).toEqual({ off: true });
      expect(info.mock.calls[0][0]).toMatch(/"event":"carbon refresh off".*CARBON_URL is not set/);
    } finally {
      info.mockRestore();
    }
    expect(odre.seen).toHaveLength(0);
    expect(await rows()).toEqual([]);
  });

  it("ODRÉ down: the run fails (the queue retries), nothing half-written", async () => {
    odre.failWith = { status: 503, body: "<html>Maintenance</html>" };
    await expect(handleCarbonRefresh(configuredCarbonSource(), NOW)).rejects.toMatchObject({ name: "CarbonSourceError", kind: "unavailable" });
    expect(await rows()).toEqual([]);
  });

  it("runs hourly", () => {
    expect(CARBON_CRON).toBe("10 * * * *");
  });

  it("the table refuses what is not a half hour's positive intensity", async () => {
    await expect(storeIntensity([{ start: new Date("2026-11-20T08:15:00Z"), gPerKwh: 40 }], "test")).rejects.toThrow(/carbon_intensity_half_hour_check/);
    await expect(storeIntensity([{ start: new Date("2026-11-20T08:00:00Z"), gPerKwh: 0 }], "test")).rejects.toThrow(/carbon_intensity_g_check/);
    await expect(storeIntensity([{ start: new Date("2026-11-20T08:00:00Z"), gPerKwh: 40 }], "")).rejects.toThrow(/carbon_intensity_source_check/);
  });
});

describe("My Energy with stored half hours", () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));

  it("reads them before the estimate, per half hour, and credits RTE beside the bundled year", async () => {
    const { owner } = await makeCast();
    const meterId = (await db.meter.create({ data: { userId: owner.id, usagePointId: "24880057139941", sandbox: true, producer: false } })).id;
    const day = parisDayStart("2026-11-16");
    const curve = [];
    for (let t = day; t < day + 86_400_000; t += HALF_HOUR) curve.push({ start: new Date(t), stepMin: 30, wh: 500, quality: "BRUT" as const });
    await upsertCurve(meterId, "consumption", curve, "sandbox");
    // the first 12 half hours of 16 November measured at 100 g/kWh
    await storeIntensity(Array.from({ length: 12 }, (_, i) => ({ start: new Date(day + i * HALF_HOUR), gPerKwh: 100 })), "odre:eco2mix-national-tr");
    expect((await storedIntensity("2026-11-16", "2026-11-17")).size).toBe(12);

    const r = await call(energyGET, { path: `/api/v1/meters/${meterId}/energy?from=2026-11-16&to=2026-11-17&bucket=hour`, params: { id: String(meterId) }, token: owner.token });
    expect(r.status).toBe(200);
    // 00:00-06:00: 1 kWh an hour at 100 g, measured
    expect(r.body.series.slice(0, 6).map((p: { co2_kg: number; co2_estimated: boolean }) => [p.co2_kg, p.co2_estimated])).toEqual(Array(6).fill([0.1, false]));
    expect(r.body.series[6].co2_estimated).toBe(true);
    expect(r.body.carbon).toMatchObject({
      estimated: true, estimated_share: 0.75, provider: "Electricity Maps",
      fetched: { provider: "RTE éCO2mix via ODRÉ", licence: "Licence Ouverte 2.0", credit: "Carbon intensity: RTE éCO2mix via ODRÉ (Licence Ouverte 2.0)", share: 0.25 },
    });
    // without stored rows there, no RTE credit
    const other = await call(energyGET, { path: `/api/v1/meters/${meterId}/energy?from=2026-11-17&to=2026-11-18`, params: { id: String(meterId) }, token: owner.token });
    expect(other.body.carbon.fetched).toBeNull();
    // Home's summary: this month holds 16 November, so RTE is credited there too
    const s = await call(summaryGET, { path: "/api/v1/energy/summary", token: owner.token });
    expect(s.body.meters[0].carbon).toMatchObject({ estimated: true, fetched: { provider: "RTE éCO2mix via ODRÉ", licence: "Licence Ouverte 2.0" } });
  });
});
