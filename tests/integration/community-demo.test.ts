// The demo community (prisma/demo-community.ts) against a real PostgreSQL: about 50 households with
// two years of curves that the operator's view, the keys, Enedis' reconciliation and the
// comparisons show. In a file of its own (docs/community.md, "Known limits": inside
// community.test.ts, one full run found a year with only its last month rolled up, not explained).
import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { upsertTariffs } from "@/lib/services/tariffs/tariffs";
import { GET as summaryGET } from "@/app/api/v1/community/summary/route";
import { GET as coefficientsGET } from "@/app/api/v1/community/coefficients/route";
import { GET as importsGET } from "@/app/api/v1/community/acc_imports/route";
import { GET as compareGET } from "@/app/api/v1/users/me/homes_like_mine/route";
import { call } from "../helpers/api";
import { makeUser } from "../factories/users";

vi.useFakeTimers({ toFake: ["Date"] });
vi.setSystemTime(new Date("2026-12-06T10:00:00Z"));

describe("the demo community", () => {
  it("seeds about 50 households with two years of curves that the view, the keys and the comparisons show", { timeout: 300_000 }, async () => {
    await upsertTariffs(db);
    const { ensureDemoCommunity } = await import("@/prisma/demo-community");
    const admin = await makeUser({ admin: true });
    const demo = await makeUser();
    await db.meter.create({ data: { userId: demo.id, usagePointId: "24880057139941", sandbox: true, producer: true, syncState: "done", tariff: "hphc", tariffKva: 6 } });
    const t0 = performance.now();
    await ensureDemoCommunity(demo.id, admin.id);
    console.info(`demo community seeded in ${Math.round(performance.now() - t0)} ms`);
    // again: nothing doubled
    await ensureDemoCommunity(demo.id, admin.id);
    expect(await db.communityMember.count()).toBe(51);
    const year = await call(summaryGET, { path: "/api/v1/community/summary?from=2025-12-01&to=2026-12-01&by=month", token: admin.token });
    expect(year.body.withheld).toBe(false);
    // it once found only the last month rolled up in a full run (docs/community.md, "Known limits"):
    // should it again, the rollups' state and whoever else is on the database say more
    if (year.body.series.length !== 12) console.info(await rollupState());
    expect(year.body.series).toHaveLength(12);
    // households of about 4,300 kWh a year on average (the French average: 4,287)
    const perHousehold = year.body.totals.consumption_wh / 1000 / 48;
    expect(perHousehold).toBeGreaterThan(3000);
    expect(perHousehold).toBeLessThan(7000);
    expect(year.body.totals.self_consumption).toBeGreaterThan(0.3);
    expect(year.body.totals.surplus_wh).toBeGreaterThan(0);
    // Enedis' file of last month: Foyer lacks two days of one household, said in words
    const [imp] = await db.accImport.findMany();
    const rec = await call(importsGET, { path: "/api/v1/community/acc_imports", token: admin.token });
    expect(rec.body).toHaveLength(1);
    const { GET: oneGET } = await import("@/app/api/v1/community/acc_imports/[id]/route");
    const r = await call(oneGET, { path: `/api/v1/community/acc_imports/${imp.id}`, params: { id: String(imp.id) }, token: admin.token });
    expect(r.body.findings.map((f: { code: string }) => f.code)).toContain("foyer_missing_days");
    // the coefficient file of this month adds up to 100
    const coef = await call(coefficientsGET, { path: "/api/v1/community/coefficients?month=2026-12", token: admin.token });
    expect(coef.status).toBe(200);
    // the demo household's comparison has its group (its own curve comes from its Linky sync: none here)
    const cmp = await call(compareGET, { path: "/api/v1/users/me/homes_like_mine", token: demo.token });
    expect(cmp.body.status).toBe("ok");
    expect(cmp.body.monthly.status).toBe("no_data");
  });
});

/** What the rollups hold per month, what is left to roll up, the queued jobs, and the other sessions on the database. */
async function rollupState(): Promise<string> {
  const { pgQuery } = await import("@/lib/db");
  const q = (sql: string) => pgQuery(sql).then((r) => JSON.stringify(r.rows), (e: Error) => e.message);
  return [
    `household months: ${await q("SELECT month::text, count(*)::int FROM community.household_months GROUP BY 1 ORDER BY 1")}`,
    `half hours: ${await q("SELECT to_char(ts AT TIME ZONE 'Europe/Paris', 'YYYY-MM') AS m, count(*)::int FROM community.half_hours GROUP BY 1 ORDER BY 1")}`,
    `stale: ${await q("SELECT user_id, month::text FROM community.stale ORDER BY 2, 1 LIMIT 30")}`,
    `jobs: ${await q("SELECT name, state, created_on::text, started_on::text, completed_on::text FROM pgboss.job ORDER BY created_on")}`,
    `sessions: ${await q("SELECT application_name, state, left(query, 80) AS query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")}`,
  ].join("\n");
}
