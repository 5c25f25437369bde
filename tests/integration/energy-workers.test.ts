// Two worker processes (npm run worker) on one database and one queue, against Enedis over HTTP
// (its fake, tests/fakes/linky.ts, at Enedis' 5 calls per second): a whole backfill with no call
// made twice, no row twice, and the shared budget never exceeded.
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, afterEach, expect, it } from "vitest";
import { db } from "@/lib/db";
import { ENEDIS_CONSUMER, LinkyFake } from "../fakes/linky";
import { makeUser } from "../factories/users";
import { attachMeters, queueSync } from "@/lib/services/meters/meters";

const CONSUMER = ENEDIS_CONSUMER;
const fake = new LinkyFake();
const children: ChildProcess[] = [];
/** Kills a worker and waits until it is gone. */
const killed = (c: ChildProcess) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise((r) => (c.once("exit", r), c.kill("SIGKILL"))));
// gone for good before the next test empties the tables (a live worker's transactions deadlocked
// the TRUNCATE) and before the next file runs (a worker left behind would take that file's jobs)
afterEach(async () => {
  await Promise.all(children.splice(0).map(killed));
});
afterAll(async () => {
  await fake.stop();
});

function worker(extra: Record<string, string> = {}): ChildProcess {
  // one process (tsx as a loader, not its CLI, which would run the worker in a grandchild that a
  // SIGKILL of the child leaves running)
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("server/worker.mts")], {
    env: { ...process.env, ...fake.env(), LINKY_MAX_PER_SECOND: "5", LINKY_MAX_PER_HOUR: "1000", NODE_ENV: "production", ...extra },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr!.on("data", (d) => process.stderr.write(`[worker ${child.pid}] ${d}`));
  children.push(child);
  return child;
}

it("two worker processes backfill a meter without a duplicate call or row, within the shared budget", async () => {
  const calls: { at: number; key: string; path: string }[] = [];
  // the first call for daily values is held in flight (its chunk running) until the test lets it go
  let dailyArrived!: () => void;
  let releaseDaily!: () => void;
  const dailyInFlight = new Promise<void>((r) => (dailyArrived = r));
  const dailyReleased = new Promise<void>((r) => (releaseDaily = r));
  fake.hold = async (req) => {
    if (!/mesure_synchrone_auto|contrat|comptage/.test(req.path)) return;
    calls.push({ at: Date.now(), key: `${req.path}?${req.query.toString()}`, path: req.path });
    if (req.path.endsWith("/consommation_quotidienne")) {
      dailyArrived();
      await dailyReleased;
    }
  };
  await fake.start(); // it counts 5 calls per second per API, as Enedis does, and answers 429 past them

  const u = await makeUser();
  const integration = await db.integration.create({ data: { userId: u.id, name: "linky", resource: CONSUMER, sandbox: false } });
  const [meterId] = await db.$transaction((tx) => attachMeters(tx, u.id, integration.id, [CONSUMER], false));
  worker();
  worker();
  const started = Date.now();
  await queueSync([meterId]);
  // the hourly round (or a relink) asks for the same meter again while a window of its daily values
  // is being fetched: once that plan has run, the call goes on. Nothing may be fetched twice.
  await dailyInFlight;
  await queueSync([meterId]);
  const planPending = async () => (await db.$queryRaw<unknown[]>`SELECT 1 FROM pgboss.job WHERE name = 'meter-plan' AND state IN ('created', 'retry', 'active') LIMIT 1`).length > 0;
  while ((await planPending()) && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 50));
  releaseDaily();

  let meter = await db.meter.findUniqueOrThrow({ where: { id: meterId } });
  while (meter.syncState !== "done" && Date.now() - started < 100_000) {
    await new Promise((r) => setTimeout(r, 500));
    meter = await db.meter.findUniqueOrThrow({ where: { id: meterId } });
  }
  const seconds = (Date.now() - started) / 1000;
  expect(meter.syncState).toBe("done");
  expect(meter.lastError).toBeNull();

  // every day held once, every call made once
  expect(await db.meterDay.count({ where: { meterId, status: "complete" } })).toBe(745);
  const rows = await db.$queryRaw<{ n: bigint; distinct_ts: bigint }[]>`SELECT count(*) AS n, count(DISTINCT (kind, ts)) AS distinct_ts FROM energy.readings WHERE meter_id = ${meterId}`;
  expect(rows[0].n).toBe(rows[0].distinct_ts);
  const keys = calls.map((c) => c.key);
  expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);

  // the budget: never more than 5 measure calls in any second, across both processes
  const measure = calls.filter((c) => c.path.includes("mesure_synchrone_auto")).map((c) => c.at).sort((a, b) => a - b);
  let peak = 0;
  for (let i = 0, j = 0; i < measure.length; i++) {
    while (measure[i] - measure[j] >= 1000) j++;
    peak = Math.max(peak, i - j + 1);
  }
  expect(peak).toBeLessThanOrEqual(5);
  console.info(`[energy-workers] backfill of one PRM by two workers: ${calls.length} calls in ${seconds.toFixed(1)} s, peak ${peak} measure calls/s`);
}, 120_000);

it("a worker killed mid-backfill: another picks its jobs up and the history completes, each row once", async () => {
  fake.hold = null;
  const u = await makeUser();
  const integration = await db.integration.create({ data: { userId: u.id, name: "linky", resource: CONSUMER, sandbox: false } });
  const [meterId] = await db.$transaction((tx) => attachMeters(tx, u.id, integration.id, [CONSUMER], false));
  // a job whose worker died is taken as cut short after 4 s here (120 s by default) and tried
  // again 2 s later (30 s by default)
  const fast = { JOBS_EXPIRE_SECONDS: "4", JOBS_MAINTENANCE_SECONDS: "1", JOBS_RETRY_SECONDS: "2" };
  const first = worker(fast);
  await queueSync([meterId]);
  const done = () => db.meterDay.count({ where: { meterId, status: "complete" } });
  const until = Date.now() + 60_000;
  while ((await done()) < 100 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  first.kill("SIGKILL"); // mid-backfill, with chunks running
  const atKill = await done();
  expect(atKill).toBeGreaterThanOrEqual(100);
  expect(atKill).toBeLessThan(745);

  worker(fast);
  let meter = await db.meter.findUniqueOrThrow({ where: { id: meterId } });
  const started = Date.now();
  while (meter.syncState !== "done" && Date.now() - started < 100_000) {
    await new Promise((r) => setTimeout(r, 500));
    meter = await db.meter.findUniqueOrThrow({ where: { id: meterId } });
  }
  expect(meter.syncState).toBe("done");
  expect(await done()).toBe(745);
  const rows = await db.$queryRaw<{ n: bigint; distinct_ts: bigint }[]>`SELECT count(*) AS n, count(DISTINCT (kind, ts)) AS distinct_ts FROM energy.readings WHERE meter_id = ${meterId}`;
  expect(rows[0].n).toBe(rows[0].distinct_ts);
}, 150_000);
