// The contract's v5 `meter_reading` rebuilt from 2026 points (lib/integrations/linky/meter-reading.ts)
// is the v5 answer: same values, same interval-end stamps, DST days included. Held to Enedis'
// published shapes (tests/fixtures/enedis: the 2026 curves and the v5 answers of the same days),
// served by tests/fakes/enedis-2026.ts and tests/fakes/linky.ts, not by our sandbox (whose own
// v5 and 2026 paths are compared in tests/unit/sandbox.test.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callbackUrl } from "@/lib/integrations/config";
import { resetApplicationTokens } from "@/lib/integrations/linky/app-token";
import { LinkyClient, type MeterReading } from "@/lib/integrations/linky/client";
import { LinkyDataClient } from "@/lib/integrations/linky/data";
import { meterReadingOf } from "@/lib/integrations/linky/meter-reading";
import { EnedisFake, fixture } from "../fakes/enedis-2026";
import { ENEDIS_PRODUCER, LinkyFake } from "../fakes/linky";

type Curve2026 = { idPrm: string; grandeur: { points: { v: string; d: string }[] }[] };
const CURVE = { consumption: "mesure_synchrone_auto/v2/courbe_de_charge_consommation", production: "mesure_synchrone_auto/v2/courbe_de_charge_production" };

beforeEach(() => resetApplicationTokens());

describe("meterReadingOf, against the published answers", () => {
  const gateway = new EnedisFake();
  beforeAll(() => gateway.start());
  afterAll(() => gateway.stop());
  beforeEach(() => gateway.reset());

  it.each([
    ["production", "curve-production-2026-04-01.json", "v5-production-load-curve.json"],
    ["consumption", "curve-consumption-2026-09-29.json", "v5-consumption-load-curve.json"],
  ] as const)("%s: the 2026 curve's points make the v5 answer of the same day", async (kind, curve, v5file) => {
    const v5 = fixture<{ meter_reading: MeterReading }>(v5file).meter_reading;
    gateway.on(CURVE[kind], { file: curve });
    const points = await new LinkyDataClient(gateway.config()).curve(v5.usage_point_id, kind, v5.start, v5.end);
    // the 2026 consumption fixture runs over two days: the v5 answer is the first
    const rebuilt = meterReadingOf(v5.usage_point_id, v5.start, v5.end, points.slice(0, v5.interval_reading.length));
    expect(rebuilt.interval_reading).toHaveLength(48);
    expect(rebuilt).toEqual(v5);
  });

  it.each([
    ["curve-fall-back-2026-10-25.json", "2026-10-25", 50],
    ["curve-spring-forward-2026-03-29.json", "2026-03-29", 46],
  ])("%s (%s): %i readings, the 2026 stamps and values as they were (02:00 twice or never)", async (file, day, n) => {
    const published = fixture<Curve2026>(file);
    gateway.on(CURVE.consumption, { file });
    const next = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    const points = await new LinkyDataClient(gateway.config()).curve(published.idPrm, "consumption", day, next);
    const rebuilt = meterReadingOf(published.idPrm, day, next, points);
    expect(rebuilt.interval_reading).toHaveLength(n);
    expect(rebuilt.interval_reading.map((r) => [r.date, r.value])).toEqual(published.grandeur[0].points.map((p) => [p.d, p.v]));
    expect(rebuilt.quality).toBe("BEST");
  });
});

describe("meterReadingOf, against Enedis' v5 and 2026 APIs over any period (tests/fakes/linky.ts)", () => {
  const enedis = new LinkyFake();
  const now = Date.parse("2026-11-23T12:00:00Z");
  let householdToken = "";
  beforeAll(async () => {
    await enedis.start();
    enedis.now = () => now;
    enedis.maxPerSecond = 0;
    const redirectUri = callbackUrl(enedis.appUrl, "linky");
    const v5 = new LinkyClient(enedis.config());
    const consent = await fetch(`${v5.authorizeUrl({ state: "s", redirectUri })}&approve=1`, { redirect: "manual" });
    const code = new URL(consent.headers.get("location")!).searchParams.get("code")!;
    householdToken = (await v5.exchangeCode({ code, redirectUri })).accessToken;
  });
  afterAll(() => enedis.stop());

  it.each([
    ["2026-10-24", "2026-10-27", 146],
    ["2026-03-28", "2026-03-30", 94],
    ["2026-06-01", "2026-06-03", 96],
  ])("%s to %s: the v5 answer's readings (%i)", async (start, end, n) => {
    const config = enedis.config();
    const old = await new LinkyClient(config).loadCurve(householdToken, "production", ENEDIS_PRODUCER, start, end);
    const points = await new LinkyDataClient(config, { now: () => now }).curve(ENEDIS_PRODUCER, "production", start, end);
    const rebuilt = meterReadingOf(ENEDIS_PRODUCER, start, end, points);
    expect(rebuilt.interval_reading).toHaveLength(n);
    expect(rebuilt.interval_reading).toEqual(old.interval_reading);
    expect(rebuilt).toMatchObject({ usage_point_id: ENEDIS_PRODUCER, start, end, quality: old.quality, reading_type: { unit: "W" } });
  });
});

describe("meterReadingOf", () => {
  it("is BRUT unless every point is BEST, and empty for no points", () => {
    const p = (quality: string) => ({ start: new Date("2026-01-01T00:00:00Z"), stepMin: 30, wh: 100.4, quality });
    expect(meterReadingOf("1", "2026-01-01", "2026-01-02", [p("BEST"), p("BRUT")]).quality).toBe("BRUT");
    expect(meterReadingOf("1", "2026-01-01", "2026-01-02", [p("BEST")]).interval_reading).toEqual([{ value: "201", date: "2026-01-01 01:30:00", interval_length: "PT30M", measure_type: "B" }]);
    expect(meterReadingOf("1", "2026-01-01", "2026-01-02", [])).toMatchObject({ quality: "BRUT", interval_reading: [] });
  });
});
