// Home's energy summary kept in memory (lib/services/energy/summary.ts: by meter, day, settings and the
// versions PostgreSQL's triggers keep in energy.changes): a repeated summary reads no readings,
// and any change to what it was computed from, made by another connection in raw SQL as another
// process or a script would, is in the next answer.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { db } from "@/lib/db";
import { parisDayStart } from "@/lib/time/paris";
import { deleteMeterReadings, upsertCurve } from "@/lib/services/readings/store";
import type { CurvePoint } from "@/lib/services/readings/types";
import type { TariffRow } from "@/lib/energy/tariff";
import { upsertTariffs } from "@/lib/services/tariffs/tariffs";
import { changeVersions, purgeOldChanges } from "@/lib/services/energy/changes";
import { GET as summaryGET } from "@/app/api/v1/energy/summary/route";
import { PATCH as meterPATCH } from "@/app/api/v1/meters/[id]/route";
import { createAccessToken } from "@/lib/auth/tokens";
import { call } from "../helpers/api";
import { makeCast, type TestUser } from "../factories/users";

const HALF_HOUR = 1_800_000;
vi.useFakeTimers({ toFake: ["Date"] });
vi.setSystemTime(new Date("2026-11-23T10:00:00Z")); // Paris today 2026-11-23

const SRC = "https://example.test/tariff";
// Base 0.20 €/kWh and 365 €/year (1 €/day at 6 kVA)
const ROWS: TariffRow[] = [{ supplier: "Test", option: "base", kva: 6, subscriptionEurPerYear: 365, prices: { base: 0.2 }, validFrom: "2025-01-01", validTo: null, source: SRC }];

function curveDays(from: string, to: string, wh = 250): CurvePoint[] {
  const points: CurvePoint[] = [];
  for (let t = parisDayStart(from); t < parisDayStart(to); t += HALF_HOUR) points.push({ start: new Date(t), stepMin: 30, wh, quality: "BRUT" });
  return points;
}

let owner: TestUser;
let meterId: number;
/** another connection, as another serving process, a job or a script would write */
let other: pg.Client;

beforeEach(async () => {
  ({ owner } = await makeCast());
  meterId = (await db.meter.create({ data: { userId: owner.id, usagePointId: "24880057139941", sandbox: true, producer: false, tariff: "base", tariffKva: 6 } })).id;
  await upsertTariffs(db, ROWS);
  await upsertCurve(meterId, "consumption", curveDays("2026-11-01", "2026-11-23"), "sandbox");
  other = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await other.connect();
});
afterEach(async () => {
  spy?.mockRestore();
  spy = undefined;
  await other.end();
});

const summary = async (token = owner.token) => {
  const r = await call(summaryGET, { path: "/api/v1/energy/summary", token });
  expect(r.status).toBe(200);
  return r.body.meters[0];
};

let spy: ReturnType<typeof vi.spyOn> | undefined;
/** the statements this process sends while `run` runs */
async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const q = args[0];
    if (this !== other) statements.push(typeof q === "string" ? q : ((q as { text?: string })?.text ?? String(q)));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
  try {
    return { result: await run(), statements };
  } finally {
    spy.mockRestore();
    spy = undefined;
  }
}

describe("Home's summary, kept until what it was computed from changes", () => {
  it("a repeated summary reads the meters and the versions, not the readings or the prices", async () => {
    const first = await summary();
    expect(first.month).toMatchObject({ kwh: 264, eur: 74.8, days_with_data: 22 });
    const { result, statements } = await statementsOf(summary);
    expect(result).toEqual(first);
    expect(statements.some((s) => /energy\.changes/.test(s))).toBe(true);
    expect(statements.filter((s) => /energy\.readings|tariffs|tempo_days/.test(s))).toEqual([]);
    expect(statements.length).toBeLessThanOrEqual(3);
  });

  it("readings written by another connection are in the next answer: inserted, changed, deleted", async () => {
    expect((await summary()).month.kwh).toBe(264);
    // the 23rd's half hours are not over; yesterday's value doubled (500 Wh), then deleted
    await other.query(`UPDATE energy.readings SET wh = 500 WHERE meter_id = $1 AND kind = 1 AND ts >= $2 AND ts < $3`, [meterId, new Date(parisDayStart("2026-11-22")), new Date(parisDayStart("2026-11-23"))]);
    const changed = await summary();
    expect(changed.yesterday.kwh).toBe(24);
    expect(changed.month.kwh).toBe(276);
    await other.query(`DELETE FROM energy.readings WHERE meter_id = $1 AND ts >= $2`, [meterId, new Date(parisDayStart("2026-11-22"))]);
    expect((await summary()).yesterday.kwh).toBeNull();
    await other.query(
      `INSERT INTO energy.readings (meter_id, kind, ts, wh, step_min, quality, source) VALUES ($1, 11, $2, 10000, 1440, 0, 2)`,
      [meterId, new Date(parisDayStart("2026-10-02"))],
    );
    expect((await summary()).last_month).toMatchObject({ kwh: 10, days_with_data: 1 });
    await deleteMeterReadings(meterId);
    expect((await summary()).month).toMatchObject({ kwh: null, days_with_data: 0 });
  });

  it("prices, Tempo colours and the household's settings changed are in the next answer", async () => {
    expect((await summary()).month.eur).toBe(74.8);
    await other.query(`UPDATE tariffs SET price_base = 0.3`);
    expect((await summary()).month.eur).toBe(101.2); // 264 kWh at 0.30 + 22 days at 1 €
    const patched = await call(meterPATCH, { method: "PATCH", path: `/api/v1/meters/${meterId}`, params: { id: String(meterId) }, token: owner.token, json: { tariff: "tempo" } });
    expect(patched.status).toBe(200);
    expect((await summary()).month.eur).not.toBe(101.2); // no Tempo prices held
    const before = (await changeVersions(owner.id)).prices;
    await other.query(`INSERT INTO tempo_days (day, colour, source) VALUES ('2026-11-02', 'red', 'test')`);
    expect((await changeVersions(owner.id)).prices).not.toBe(before);
  });

  it("a statement that writes nothing leaves the versions as they were", async () => {
    const before = await changeVersions(owner.id);
    await upsertCurve(meterId, "consumption", curveDays("2026-11-01", "2026-11-23"), "sandbox"); // the same values
    await upsertTariffs(db, ROWS);
    await other.query(`DELETE FROM energy.readings WHERE meter_id = $1 AND ts < '2000-01-01'`, [meterId]);
    const after = await changeVersions(owner.id);
    expect(after.meters.get(meterId)).toBe(before.meters.get(meterId));
    expect(after.meters.get(meterId)).not.toBe("");
  });

  it("a meter created between the versions' read and the meters' is summed up with the others", async () => {
    const first = await summary();
    // the meters' read held until the versions are read, then a meter added as another process would
    let versionsRead!: () => void;
    const versions = new Promise<void>((resolve) => (versionsRead = resolve));
    let added: number | undefined;
    const original = pg.Client.prototype.query as (...a: unknown[]) => unknown;
    spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const q = args[0];
      const text = typeof q === "string" ? q : ((q as { text?: string })?.text ?? "");
      if (this !== other && /energy\.changes/.test(text)) {
        const sent = original.apply(this, args);
        void Promise.resolve(sent).finally(versionsRead);
        return sent;
      }
      if (this !== other && added === undefined && /"meters"/.test(text) && /"user_id"/.test(text)) {
        return (async () => {
          await versions;
          added = (await other.query<{ id: number }>(`INSERT INTO meters (user_id, usage_point_id, updated_at) VALUES ($1, '24880057139942', now()) RETURNING id`, [owner.id])).rows[0].id;
          return original.apply(this, args);
        })();
      }
      return original.apply(this, args);
    } as never);
    const r = await call(summaryGET, { path: "/api/v1/energy/summary", token: owner.token });
    spy.mockRestore();
    spy = undefined;
    expect(added).toBeDefined();
    expect(r.status).toBe(200);
    expect(r.body.meters).toHaveLength(2);
    expect(r.body.meters[0]).toEqual(first);
    expect(r.body.meters[1]).toMatchObject({ id: added, usage_point_id: "24880057139942", month: { kwh: null, days_with_data: 0 } });
  });

  it("another day is another summary", async () => {
    expect((await summary()).yesterday).toMatchObject({ day: "2026-11-22", kwh: 12 });
    vi.setSystemTime(new Date("2026-11-24T10:00:00Z"));
    try {
      const token = await createAccessToken(await db.user.findUniqueOrThrow({ where: { id: owner.id } })); // the day before's has expired
      expect((await summary(token)).yesterday).toMatchObject({ day: "2026-11-23", kwh: null });
    } finally {
      vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
    }
  });
});

describe("purgeOldChanges", () => {
  it("keeps the newest change of each scope, and none of a meter that is gone", async () => {
    const gone = (await db.meter.create({ data: { userId: owner.id, usagePointId: "24880057139942", sandbox: true } })).id;
    await upsertCurve(gone, "consumption", curveDays("2026-11-01", "2026-11-02"), "sandbox");
    await other.query(`DELETE FROM meters WHERE id = $1`, [gone]);
    await upsertCurve(meterId, "consumption", curveDays("2026-11-01", "2026-11-02", 300), "sandbox");
    const before = await changeVersions(owner.id);
    await purgeOldChanges();
    const rows = (await other.query<{ scope: number; n: number }>(`SELECT scope, count(*)::int AS n FROM energy.changes GROUP BY scope ORDER BY scope`)).rows;
    expect(rows).toEqual([{ scope: 0, n: 1 }, { scope: meterId, n: 1 }]);
    expect(await changeVersions(owner.id)).toEqual(before);
  });
});
