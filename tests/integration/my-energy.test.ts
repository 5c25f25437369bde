// My Energy's endpoints (docs/my-energy.md) against a real PostgreSQL with a known history written
// through the readings store: DST days, gaps, bucket choice and limits, comparisons, costs worked
// by hand, self-consumption, ownership, the tariff settings and Home's summary.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { addDays, parisDayOf, parisDayStart } from "@/lib/integrations/linky/time";
import { upsertCurve, upsertDaily, upsertMaxPower, type CurvePoint } from "@/lib/services/readings";
import type { TariffRow } from "@/lib/energy/tariff";
import { upsertTariffs } from "@/lib/services/tariffs";
import { GET as energyGET } from "@/app/api/v1/meters/[id]/energy/route";
import { GET as comparisonGET } from "@/app/api/v1/meters/[id]/tariff-comparison/route";
import { GET as meterGET, PATCH as meterPATCH } from "@/app/api/v1/meters/[id]/route";
import { GET as summaryGET } from "@/app/api/v1/energy/summary/route";
import { call } from "../helpers/api";
import { makeCast, type TestUser } from "../factories/users";

const HALF_HOUR = 1_800_000;

/** The 30-minute points of Paris days [from, to), with a value from `wh`. */
function curveDays(from: string, to: string, wh: (t: number) => number = () => 100): CurvePoint[] {
  const points: CurvePoint[] = [];
  for (let t = parisDayStart(from); t < parisDayStart(to); t += HALF_HOUR) points.push({ start: new Date(t), stepMin: 30, wh: wh(t), quality: "BRUT" });
  return points;
}

const SRC = "https://example.test/tariff";
/** Hand-checkable prices: Base 0.20 €/kWh and 365 €/year (1 €/day in 2026 at 6 kVA); HP 0.25, HC 0.10 with 730 €/year. */
const ROWS: TariffRow[] = [
  { supplier: "Test", option: "base", kva: 6, subscriptionEurPerYear: 365, prices: { base: 0.2 }, validFrom: "2025-01-01", validTo: null, source: SRC },
  { supplier: "Test", option: "hphc", kva: 6, subscriptionEurPerYear: 730, prices: { hp: 0.25, hc: 0.1 }, validFrom: "2025-01-01", validTo: null, source: SRC },
];

let owner: TestUser, other: TestUser, admin: TestUser;
let meterId: number;

async function makeMeter(userId: number, data: Record<string, unknown> = {}) {
  return (await db.meter.create({ data: { userId, usagePointId: "24880057139941", sandbox: true, producer: false, ...data } })).id;
}

const energy = (q: Record<string, string>, who: TestUser | null = owner, id = meterId) =>
  call(energyGET, { path: `/api/v1/meters/${id}/energy?${new URLSearchParams(q)}`, params: { id: String(id) }, token: who?.token });

beforeEach(async () => {
  ({ owner, other, admin } = await makeCast());
  meterId = await makeMeter(owner.id);
  await upsertTariffs(db, ROWS);
});

describe("GET /api/v1/meters/{id}/energy", () => {
  it("a day in hours: sums of the half hours, gaps as null", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2026-11-02", "2026-11-03", () => 250), "sandbox");
    const r = await energy({ from: "2026-11-02", to: "2026-11-03" });
    expect(r.status).toBe(200);
    expect(r.body.bucket).toBe("hour");
    expect(r.body.series).toHaveLength(24);
    expect(r.body.series[0]).toMatchObject({ start: "2026-11-01T23:00:00.000Z", end: "2026-11-02T00:00:00.000Z", consumption_kwh: 0.5, complete: true, production_kwh: null });
    expect(r.body.totals).toMatchObject({ consumption_kwh: 12, days: 1, days_with_data: 1, missing_days: [] });
  });
});
