// The energy history's sync against Enedis over HTTP (its fake, tests/fakes/linky.ts): backfill,
// re-runs that change nothing, DST days, gaps, a revoked consent, the vendor's 429, and the
// queue's workers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// the shared budget out of the way for the backfill tests (one test below sets its own)
Object.assign(process.env, { LINKY_MAX_PER_SECOND: "1000", LINKY_MAX_PER_HOUR: "100000" });

const { db } = await import("@/lib/db");
const { ENEDIS_CONSUMER, ENEDIS_PRODUCER, LinkyFake } = await import("../fakes/linky");
const { fixtureOf } = await import("../fakes/http-fake");
const { makeUser } = await import("../factories/users");
const { LinkyDataClient } = await import("@/lib/integrations/linky");
const { attachMeters, getMeterOrThrow } = await import("@/lib/services/meters/meters");
const { planMeter, runChunk } = await import("@/lib/services/meters/sync");
const { aggregate } = await import("@/lib/services/readings/store");

const [PRODUCER, CONSUMER] = [ENEDIS_PRODUCER, ENEDIS_CONSUMER];
// a fixed clock: Monday 23 November 2026, 10:00 in Paris
const NOW = Date.parse("2026-11-23T09:00:00Z");

const fake = new LinkyFake();
beforeAll(async () => {
  await fake.start();
  fake.now = () => NOW;
  fake.maxPerSecond = 0;
});
afterAll(() => fake.stop());

const data = () => new LinkyDataClient(fake.config(), { now: () => NOW });

async function meterFor(prm: string) {
  const u = await makeUser();
  const integration = await db.integration.create({ data: { userId: u.id, name: "linky", resource: prm, sandbox: false } });
  const [id] = await db.$transaction((tx) => attachMeters(tx, u.id, integration.id, [prm], false));
  return { user: u, integrationId: integration.id, meterId: id };
}

async function runAll(meterId: number) {
  const chunks = await planMeter(meterId, NOW);
  const outcomes: Record<string, number> = {};
  for (const c of chunks) {
    const r = await runChunk(c, { data: data(), now: () => NOW });
    outcomes[r] = (outcomes[r] ?? 0) + 1;
  }
  return { chunks, outcomes };
}

const readingsOf = async (meterId: number) =>
  Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM energy.readings WHERE meter_id = ${meterId}`)[0].n);

describe("a meter deleted while the vendor answers", () => {
  it("skips the chunk quietly (no foreign-key failure, no retry)", async () => {
    const { meterId } = await meterFor(CONSUMER);
    const chunk = (await planMeter(meterId, NOW)).find((c) => c.what === "curve-consumption")!;
    const client = data();
    // the account's deletion lands between the vendor's answer and the upsert
    const deleting = Object.assign(Object.create(Object.getPrototypeOf(client)), client, {
      curve: async (...args: Parameters<typeof client.curve>) => {
        const points = await client.curve(...args);
        await db.meter.delete({ where: { id: meterId } });
        return points;
      },
    });
    expect(await runChunk(chunk, { data: deleting, now: () => NOW })).toBe("skipped");
    expect(await readingsOf(meterId)).toBe(0);
  });
});

describe("backfill", () => {
  it("fetches a consumer's whole history in 7-day calls, DST days included, and a re-run changes nothing", async () => {
    const { meterId, user } = await meterFor(CONSUMER);
    const first = await runAll(meterId);
    const curveCalls = first.chunks.filter((c) => c.what === "curve-consumption");
    // 24 months and 15 days (2024-11-08 .. 2026-11-22) in windows of at most 7 days
    expect(curveCalls.length).toBe(Math.ceil(745 / 7));
    expect(curveCalls.every((c) => c.from < c.to)).toBe(true);
    const days = await db.meterDay.groupBy({ by: ["series", "status"], where: { meterId }, _count: true });
    // the meter does not produce: its production days went after the vendor's "no data"
    expect(days).toEqual([{ series: "consumption", status: "complete", _count: 745 }]);
    const meter = await db.meter.findUniqueOrThrow({ where: { id: meterId } });
    expect(meter.producer).toBe(false);
    // the consumer's contract (tests/fixtures/enedis/situation-contrat-consumer.json)
    expect(meter.subscribedKva).toBe(12);
    // DST days: 46 points on 29 March 2026, 50 on 26 October 2025
    const dst = await db.meterDay.findMany({ where: { meterId, day: { in: [new Date("2026-03-29"), new Date("2025-10-26")] } }, orderBy: { day: "asc" } });
    expect(dst.map((d) => [d.expected, d.points])).toEqual([[50, 50], [46, 46]]);
    const held = await readingsOf(meterId);
    expect(held).toBeGreaterThan(745 * 48 - 10);

    const view = await getMeterOrThrow({ id: user.id, isSuperuser: false } as never, meterId);
    expect(view.progress).toMatchObject({ daysDue: 745, daysDone: 745, gaps: 0, oldestDay: "2024-11-08", newestDay: "2026-11-22" });

    // the same day's energy from the curve matches the vendor's own daily total
    const day = await aggregate(meterId, "consumption", new Date("2026-11-01T23:00:00Z"), new Date("2026-11-02T23:00:00Z"), "day");
    const daily = await aggregate(meterId, "daily_consumption", new Date("2026-11-01T23:00:00Z"), new Date("2026-11-02T23:00:00Z"), "day");
    expect(day).toHaveLength(1);
    expect(Math.round(day[0].wh)).toBe(Math.round(daily[0].wh));

    // again: only the recent daily windows and no curve call; nothing changes
    const again = await runAll(meterId);
    expect(again.chunks.filter((c) => c.what.startsWith("curve-"))).toEqual([]);
    expect(await readingsOf(meterId)).toBe(held);
  }, 120_000);

  it("keeps production for the producing meter", async () => {
    const { meterId } = await meterFor(PRODUCER);
    const chunks = await planMeter(meterId, NOW);
    // newest first: the latest week of each curve is fetched before older ones
    const prod = chunks.filter((c) => c.what === "curve-production");
    expect(prod[0]).toMatchObject({ from: "2026-11-16", to: "2026-11-23" });
    expect(await runChunk(prod[0], { data: data(), now: () => NOW })).toBe("stored");
    expect((await db.meter.findUniqueOrThrow({ where: { id: meterId } })).producer).toBe(true);
    const complete = await db.meterDay.count({ where: { meterId, series: "production", status: "complete" } });
    expect(complete).toBe(7);
  });
});

describe("gaps, consent and limits", () => {
  it("re-fetches a day the vendor left out, and calls it a gap only after three empty answers", async () => {
    const { meterId } = await meterFor(CONSUMER);
    fake.holes = new Set(["2026-11-10"]);
    try {
      const week = { meterId, what: "curve-consumption" as const, from: "2026-11-09", to: "2026-11-16" };
      await planMeter(meterId, NOW);
      expect(await runChunk(week, { data: data(), now: () => NOW })).toBe("stored");
      const hole = () => db.meterDay.findUniqueOrThrow({ where: { meterId_series_day: { meterId, series: "consumption", day: new Date("2026-11-10") } } });
      expect(await hole()).toMatchObject({ status: "missing", attempts: 1, points: 0 });
      // the next plan queues just that day again
      const replanned = (await planMeter(meterId, NOW)).filter((c) => c.what === "curve-consumption" && c.from <= "2026-11-10" && c.to > "2026-11-10");
      expect(replanned).toEqual([{ meterId, what: "curve-consumption", from: "2026-11-10", to: "2026-11-11" }]);
      expect(await runChunk(replanned[0], { data: data(), now: () => NOW })).toBe("no_data");
      expect(await runChunk(replanned[0], { data: data(), now: () => NOW })).toBe("no_data");
      expect(await hole()).toMatchObject({ status: "gap", attempts: 3 });
      expect((await planMeter(meterId, NOW)).some((c) => c.what === "curve-consumption" && c.from === "2026-11-10")).toBe(false);
    } finally {
      fake.holes = new Set();
    }
  });

  it("stops on a revoked consent: the meter and its integration need a new link", async () => {
    const { meterId, integrationId } = await meterFor(PRODUCER);
    fake.revoked = new Set([PRODUCER]);
    try {
      const [first] = await planMeter(meterId, NOW);
      expect(await runChunk(first, { data: data(), now: () => NOW })).toBe("consent");
      expect(await db.meter.findUniqueOrThrow({ where: { id: meterId } })).toMatchObject({ syncState: "needs_relink" });
      expect((await db.integration.findUniqueOrThrow({ where: { id: integrationId } })).needsRelink).toBe(true);
      expect(await planMeter(meterId, NOW)).toEqual([]);
    } finally {
      fake.revoked = new Set();
    }
  });

  it("backs off on the vendor's 429: the chunk is retried later, the error is shown", async () => {
    const { meterId } = await meterFor(CONSUMER);
    const [first] = await planMeter(meterId, NOW);
    fake.failWith = { status: 429, body: fixtureOf("enedis", "error-429.json") };
    try {
      await expect(runChunk(first, { data: data(), now: () => NOW })).rejects.toMatchObject({ kind: "rate_limited" });
      const m = await db.meter.findUniqueOrThrow({ where: { id: meterId } });
      expect(m.syncState).toBe("failed");
      expect(m.lastError).toBeTruthy();
    } finally {
      fake.failWith = null;
    }
    expect(await runChunk(first, { data: data(), now: () => NOW })).toBe("stored");
    expect((await db.meter.findUniqueOrThrow({ where: { id: meterId } })).lastError).toBeNull();
  });
});

describe("the queue", () => {
  it("unlinking stops the meter, drops its queued work and keeps its history", async () => {
    const { jobs, stopJobs, QUEUES } = await import("@/lib/jobs/queue");
    const { handlePlan } = await import("@/lib/jobs/workers");
    const { deleteIntegration } = await import("@/lib/services/integrations/vendor-accounts");
    const { meterId, integrationId, user } = await meterFor(CONSUMER);
    const boss = await jobs();
    await handlePlan(boss, meterId, NOW);
    const queued = () => db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${QUEUES.chunk} AND state = 'created' AND split_part(singleton_key, ':', 1) = ${String(meterId)}`;
    expect(Number((await queued())[0].n)).toBeGreaterThan(100);
    // queuing the same plan again adds no chunk twice: one queued job per window
    const keys = () => db.$queryRaw<{ n: bigint; keys: bigint }[]>`SELECT count(*) AS n, count(DISTINCT singleton_key) AS keys FROM pgboss.job WHERE name = ${QUEUES.chunk} AND state = 'created' AND split_part(singleton_key, ':', 1) = ${String(meterId)}`;
    const before = await keys();
    expect(before[0].n).toBe(before[0].keys);
    await handlePlan(boss, meterId, NOW);
    expect(await keys()).toEqual(before);

    await deleteIntegration({ id: user.id, isSuperuser: false } as never, integrationId);
    expect(Number((await queued())[0].n)).toBe(0);
    expect(await db.meter.findUniqueOrThrow({ where: { id: meterId } })).toMatchObject({ syncState: "stopped", integrationId: null });
    await stopJobs(2000);
  });

  it("plans nothing for a meter whose sync is under way, and plans it again once settled", async () => {
    const { jobs, stopJobs, QUEUES } = await import("@/lib/jobs/queue");
    const { meterId } = await meterFor(CONSUMER);
    const boss = await jobs();
    const [first] = await planMeter(meterId, NOW);
    const id = await boss.send(QUEUES.chunk, first, { singletonKey: `${meterId}:${first.what}:${first.from}` });
    // waiting, then running: a second plan (the hourly round, a relink) queues nothing and leaves the state
    for (const state of ["created", "active"]) {
      await db.$executeRaw`UPDATE pgboss.job SET state = ${state}::pgboss.job_state WHERE id = ${id}::uuid`;
      expect(await planMeter(meterId, NOW)).toEqual([]);
      expect((await db.meter.findUniqueOrThrow({ where: { id: meterId } })).syncState).toBe("queued");
    }
    await db.$executeRaw`UPDATE pgboss.job SET state = 'completed' WHERE id = ${id}::uuid`;
    expect((await planMeter(meterId, NOW)).length).toBeGreaterThan(100);
    await stopJobs(2000);
  });

  it("two last chunks finishing together: each sees the other still active, and a later check settles the meter", async () => {
    const { jobs, stopJobs, QUEUES } = await import("@/lib/jobs/queue");
    const { handleSettle } = await import("@/lib/jobs/workers");
    const { settleMeter } = await import("@/lib/services/meters/sync");
    const { meterId } = await meterFor(CONSUMER);
    await db.meter.update({ where: { id: meterId }, data: { syncState: "running" } });
    const boss = await jobs();
    const a = await boss.send(QUEUES.chunk, { meterId }, { singletonKey: `${meterId}:a` });
    const b = await boss.send(QUEUES.chunk, { meterId }, { singletonKey: `${meterId}:b` });
    await db.$executeRaw`UPDATE pgboss.job SET state = 'active' WHERE id IN (${a}::uuid, ${b}::uuid)`;
    // both handlers end before pg-boss marks either complete: neither may settle, both ask again
    expect(await settleMeter(meterId, a!)).toBe("recheck");
    expect(await settleMeter(meterId, b!)).toBe("recheck");
    expect((await db.meter.findUniqueOrThrow({ where: { id: meterId } })).syncState).toBe("running");
    // pg-boss completes both; the queued re-check finds nothing left
    await db.$executeRaw`UPDATE pgboss.job SET state = 'completed' WHERE id IN (${a}::uuid, ${b}::uuid)`;
    await handleSettle(boss, meterId);
    expect((await db.meter.findUniqueOrThrow({ where: { id: meterId } })).syncState).toBe("done");
    // a chunk still waiting settles the meter itself when it runs: no re-check needed
    await db.meter.update({ where: { id: meterId }, data: { syncState: "running" } });
    await boss.send(QUEUES.chunk, { meterId }, { singletonKey: `${meterId}:c` });
    expect(await settleMeter(meterId)).toBe("waiting");
    await stopJobs(2000);
  });

  it("the hourly round plans every syncing meter, spread out, and leaves stopped ones alone", async () => {
    const { handleRound } = await import("@/lib/jobs/workers");
    const a = await meterFor(CONSUMER);
    const b = await meterFor(PRODUCER);
    await db.meter.update({ where: { id: b.meterId }, data: { syncState: "needs_relink" } });
    expect(await handleRound()).toBe(1);
    const plans = await db.$queryRaw<{ key: string; delay: number }[]>`
      SELECT singleton_key AS key, extract(epoch FROM start_after - created_on)::int AS delay FROM pgboss.job WHERE name = 'meter-plan' AND state = 'created'`;
    expect(plans.map((p) => p.key)).toEqual([String(a.meterId)]);
    expect(plans[0].delay).toBe(a.meterId % 600);
    const { stopJobs } = await import("@/lib/jobs/queue");
    await stopJobs(2000);
  });

  it("plans and unlinks before the queue ever started (no pgboss schema yet)", async () => {
    const { stopJobs } = await import("@/lib/jobs/queue");
    const { dropQueuedWork } = await import("@/lib/services/meters/meters");
    await stopJobs(2000);
    await db.$executeRawUnsafe("DROP SCHEMA IF EXISTS pgboss CASCADE");
    const { meterId } = await meterFor(CONSUMER);
    // nothing can be pending: the plan lays the meter out as usual, and dropping its work is a no-op
    expect((await planMeter(meterId, NOW)).length).toBeGreaterThan(100);
    await expect(dropQueuedWork([meterId])).resolves.toBeUndefined();
    // a query failing on another relation is not taken for that
    const { beforeQueueStarted } = await import("@/lib/jobs/queue");
    const other = await db.$queryRaw`SELECT 1 FROM pgboss_elsewhere.job`.catch((e: unknown) => e);
    expect(beforeQueueStarted(other)).toBe(false);
  });
});
