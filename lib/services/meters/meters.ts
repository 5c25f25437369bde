// Meters (Linky usage points) of a household: made when Linky is linked, their sync state and
// progress (from the per-day bookkeeping), "Sync now", and stopping on unlink.
import { db, Prisma } from "@/lib/db";
import type { Caller } from "@/lib/auth/caller";
import { conflict, notFound } from "@/lib/errors";
import { ownedBy } from "@/lib/services/access";
import { beforeQueueStarted, jobs, QUEUES } from "@/lib/jobs/queue";
import { logError } from "@/lib/log";

type Tx = Prisma.TransactionClient;

/** What prices a meter's readings: its contract data, the household's settings and off-peak sets (My Energy reads these too). */
export const METER_TARIFF_SELECT = {
  id: true,
  usagePointId: true,
  producer: true,
  subscribedKva: true,
  tariffOption: true,
  offpeakHours: true,
  tariff: true,
  tariffKva: true,
  offpeakSlots: { select: { validFrom: true, ranges: true } },
} as const satisfies Prisma.MeterSelect;

const METER_SELECT = {
  ...METER_TARIFF_SELECT,
  userId: true,
  integrationId: true,
  sandbox: true,
  syncState: true,
  lastSyncAt: true,
  lastError: true,
  lastErrorAt: true,
  createdAt: true,
} satisfies Prisma.MeterSelect;

type MeterRow = Prisma.MeterGetPayload<{ select: typeof METER_SELECT }>;
type MeterProgress = { daysDue: number; daysDone: number; gaps: number; oldestDay: string | null; newestDay: string | null };
export type MeterWithProgress = MeterRow & { progress: MeterProgress };

/**
 * The meters of a Linky integration after a (re)link: one row per usage point, kept across
 * unlinks (its history stays), attached to this integration and queued for sync again.
 */
export async function attachMeters(tx: Tx, userId: number, integrationId: number, usagePointIds: string[], sandbox: boolean): Promise<number[]> {
  const ids: number[] = [];
  for (const usagePointId of usagePointIds) {
    const m = await tx.meter.upsert({
      where: { userId_usagePointId: { userId, usagePointId } },
      create: { userId, integrationId, usagePointId, sandbox, syncState: "queued" },
      update: { integrationId, sandbox, syncState: "queued", lastError: null, lastErrorAt: null },
      select: { id: true },
    });
    ids.push(m.id);
  }
  // usage points the new consent no longer names stop syncing (their history stays)
  await tx.meter.updateMany({ where: { integrationId, id: { notIn: ids } }, data: { integrationId: null, syncState: "stopped" } });
  return ids;
}

/** Queues the planning of these meters (a plan already queued for one is not queued twice). */
export async function queueSync(meterIds: number[], startAfterSeconds = 0): Promise<void> {
  if (!meterIds.length) return;
  const boss = await jobs();
  await Promise.all(
    meterIds.map((meterId) => boss.send(QUEUES.plan, { meterId }, { singletonKey: String(meterId), startAfter: startAfterSeconds })),
  );
}

/** `queueSync` after a commit: a failure to queue is logged, and the hourly round catches up. */
export function queueSyncSoon(meterIds: number[]) {
  void queueSync(meterIds).catch((err) => logError("could not queue a meter sync", err, {}, "warn"));
}

/** Before an integration goes: its meters stop syncing and their queued work is dropped. */
export async function stopMetersOf(integrationId: number): Promise<void> {
  const meters = await db.meter.findMany({ where: { integrationId }, select: { id: true } });
  await db.meter.updateMany({ where: { integrationId }, data: { syncState: "stopped" } });
  await dropQueuedWork(meters.map((m) => m.id));
}

/** Removes the queued (not yet running) jobs of these meters. */
export async function dropQueuedWork(meterIds: number[]): Promise<void> {
  if (!meterIds.length) return;
  const keys = meterIds.map(String);
  // pg-boss keeps its jobs in schema pgboss; ours carry the meter id as (the prefix of) their key
  await db.$executeRaw`DELETE FROM pgboss.job WHERE name IN (${QUEUES.plan}, ${QUEUES.chunk}, ${QUEUES.settle}) AND state IN ('created', 'retry')
    AND split_part(singleton_key, ':', 1) = ANY(${keys}::text[])`.catch((err) => {
    // before the queue ever started, its schema does not exist: nothing is queued then
    if (!beforeQueueStarted(err)) throw err;
  });
}

type Sql = Tx | typeof db;

/**
 * Removes every job of the queue, in any state and in its archive, whose data names one of these
 * meters (`{meterId, ...}`: plan and chunk jobs, and any later kind that follows the rule). A job
 * running now finishes against a meter that is gone: the workers skip a missing meter. Safe
 * inside a transaction (it checks that the queue's schema exists instead of failing on it).
 */
export async function purgeMeterJobs(sql: Sql, meterIds: number[]): Promise<number> {
  if (!meterIds.length) return 0;
  const [{ job, archive }] = await sql.$queryRaw<{ job: boolean; archive: boolean }[]>`
    SELECT to_regclass('pgboss.job') IS NOT NULL AS job, to_regclass('pgboss.archive') IS NOT NULL AS archive`;
  const keys = meterIds.map(String);
  let n = 0;
  if (job) n += await sql.$executeRaw`DELETE FROM pgboss.job WHERE data->>'meterId' = ANY(${keys}::text[])`;
  if (archive) n += await sql.$executeRaw`DELETE FROM pgboss.archive WHERE data->>'meterId' = ANY(${keys}::text[])`;
  return n;
}

export type MetersRemoved = { meters: number; readings: number; maxPower: number; jobs: number };

/**
 * Deletes meters with everything that hangs on them: their queued (and past) jobs, readings and
 * daily max power in `energy` (explicitly, to count them; the foreign keys would cascade too),
 * per-day bookkeeping and off-peak slots (cascade), then the rows. Run it in the caller's
 * transaction; the statement timeout is raised for it, since ten years of a meter is 350,000
 * readings.
 */
export async function deleteMetersIn(tx: Tx, meterIds: number[]): Promise<MetersRemoved> {
  if (!meterIds.length) return { meters: 0, readings: 0, maxPower: 0, jobs: 0 };
  await tx.$queryRaw`SELECT set_config('statement_timeout', '60s', true)`;
  const jobs = await purgeMeterJobs(tx, meterIds);
  const readings = await tx.$executeRaw`DELETE FROM energy.readings WHERE meter_id = ANY(${meterIds}::int[])`;
  const maxPower = await tx.$executeRaw`DELETE FROM energy.daily_max_power WHERE meter_id = ANY(${meterIds}::int[])`;
  const { count: meters } = await tx.meter.deleteMany({ where: { id: { in: meterIds } } });
  return { meters, readings, maxPower, jobs };
}

/**
 * Days due, done and gaps (over both curves of a producing meter), and the range of consumption
 * held, per meter, from the per-day bookkeeping.
 */
async function progressOf(meterIds: number[]): Promise<Map<number, MeterProgress>> {
  const out = new Map<number, MeterProgress>();
  if (!meterIds.length) return out;
  const rows = await db.$queryRaw<{ meter_id: number; due: bigint; done: bigint; gaps: bigint; oldest: string | null; newest: string | null }[]>`
    SELECT d.meter_id,
           count(*) AS due,
           count(*) FILTER (WHERE d.status IN ('complete', 'gap')) AS done,
           count(*) FILTER (WHERE d.status = 'gap') AS gaps,
           -- the days holding readings, of either curve: a partial day (an import's, or one Enedis
           -- sent incomplete) is held too, and is what an export or My Energy shows
           to_char(min(d.day) FILTER (WHERE d.points > 0), 'YYYY-MM-DD') AS oldest,
           to_char(max(d.day) FILTER (WHERE d.points > 0), 'YYYY-MM-DD') AS newest
    FROM meter_days d
    WHERE d.meter_id = ANY(${meterIds}::int[])
    GROUP BY d.meter_id`;
  for (const r of rows) {
    out.set(r.meter_id, { daysDue: Number(r.due), daysDone: Number(r.done), gaps: Number(r.gaps), oldestDay: r.oldest, newestDay: r.newest });
  }
  return out;
}

const NO_PROGRESS: MeterProgress = { daysDue: 0, daysDone: 0, gaps: 0, oldestDay: null, newestDay: null };

async function withProgress(rows: MeterRow[]): Promise<MeterWithProgress[]> {
  const p = await progressOf(rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, progress: p.get(r.id) ?? NO_PROGRESS }));
}

/** GET /api/v1/meters: the caller's meters with their sync progress. */
export async function listMeters(caller: Caller): Promise<MeterWithProgress[]> {
  const rows = await db.meter.findMany({ where: { userId: caller.id }, select: METER_SELECT, orderBy: { id: "asc" } });
  return withProgress(rows);
}

/** One meter of the caller (an admin's too): someone else's is not found. */
export async function getMeterOrThrow(caller: Caller, id: number): Promise<MeterWithProgress> {
  const row = await db.meter.findFirst({ where: { id, ...ownedBy(caller, "userId") }, select: METER_SELECT });
  if (!row) throw notFound("Meter");
  return (await withProgress([row]))[0];
}

/**
 * POST /api/v1/meters/{id}/sync ("Sync now"): a catch-up is queued, unless one is already
 * queued (never a second parallel sync). A meter whose consent is gone, or that is unlinked,
 * cannot sync (409).
 */
export async function requestSync(caller: Caller, id: number): Promise<MeterWithProgress> {
  const meter = await getMeterOrThrow(caller, id);
  if (meter.syncState === "needs_relink" || !meter.integrationId) {
    throw conflict(meter.integrationId ? "Link Linky again to sync this meter: Enedis no longer accepts our access" : "This meter is no longer linked: link Linky again to sync it");
  }
  await queueSync([id]);
  await db.meter.updateMany({ where: { id, syncState: { in: ["done", "failed"] } }, data: { syncState: "queued" } });
  return getMeterOrThrow(caller, id);
}
