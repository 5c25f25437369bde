// The sync of a meter's history: planning (lay out the days due, queue one job per vendor call)
// and the chunk jobs (one call under the shared budget, an idempotent upsert, the bookkeeping).
// Called by the job handlers (lib/jobs/workers.ts) with the Linky client injected.
import { db } from "@/lib/db";
import { LINKY_LIMITS, historyStart, LinkyError, type LinkyData } from "@/lib/integrations/linky";
import { addDays, daysBetween, parisDayOf } from "@/lib/time/paris";
import { heldRange, upsertCurve, upsertDaily, upsertMaxPower } from "@/lib/services/readings/store";
import type { ReadingSource } from "@/lib/services/readings/types";
import { takeVendorCall } from "@/lib/jobs/pacing";
import { beforeQueueStarted, QUEUES } from "@/lib/jobs/queue";
import { dropQueuedWork } from "./meters";

type ChunkWhat = "curve-consumption" | "curve-production" | "daily-consumption" | "daily-production" | "maxpower" | "contract";
export type ChunkJob = { meterId: number; what: ChunkWhat; from: string; to: string };
export type SyncDeps = { data: LinkyData; now?: () => number };

/** After this many "no data" answers over at least a day, a day is a gap (shown as such). */
const GAP_AFTER_ATTEMPTS = 3;
const CONTRACT_EVERY_DAYS = 30;

const API_OF: Record<ChunkWhat, string> = {
  "curve-consumption": "linky-measure",
  "curve-production": "linky-measure",
  "daily-consumption": "linky-measure",
  "daily-production": "linky-measure",
  maxpower: "linky-measure",
  contract: "linky-contract",
};

export const chunkKey = (j: ChunkJob) => `${j.meterId}:${j.what}:${j.from}`;

/**
 * Splits sorted days into runs of consecutive days, each at most `max` long, as [from, to) pairs,
 * newest first; runs are cut from the newest day back, so that the latest week is one call.
 */
function runsOf(days: string[], max: number): { from: string; to: string }[] {
  const runs: { from: string; to: string }[] = [];
  for (const day of [...days].reverse()) {
    const last = runs[runs.length - 1];
    if (last && last.from === addDays(day, 1) && daysBetween(day, last.to) <= max) last.from = day;
    else runs.push({ from: day, to: addDays(day, 1) });
  }
  return runs;
}

/** [from, to) cut into windows of at most `max` days. */
function windows(from: string, to: string, max: number) {
  const out: { from: string; to: string }[] = [];
  for (let d = from; d < to; d = addDays(d, max)) {
    const end = addDays(d, max);
    out.push({ from: d, to: end < to ? end : to });
  }
  return out;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The work due for a meter: the days of its curves from the vendor's depth to yesterday are laid
 * out (48, 46 or 50 points each), and every day not held nor known as a gap is queued in runs of
 * at most 7 days (newest first, so that recent history arrives first); the daily values and max
 * power since what is held; the contract data monthly.
 */
export async function planMeter(meterId: number, now = Date.now()): Promise<ChunkJob[]> {
  const meter = await db.meter.findUnique({ where: { id: meterId }, select: { id: true, integrationId: true, syncState: true, producer: true, contractSyncedAt: true } });
  if (!meter || !meter.integrationId || meter.syncState === "needs_relink" || meter.syncState === "stopped") return [];
  // a sync under way (chunks waiting or running) covers what this plan would lay out. Planning
  // again, as the hourly round or a relink can during a backfill, would fetch twice: the stately
  // queue lets a second job wait for a window while its first runs, and the daily values'
  // windows were cut from what was held then. The next round plans the meter once it is settled.
  const pending = await pendingWork(meterId);
  if (pending.waiting || pending.running) return [];
  const today = parisDayOf(now);
  const yesterday = addDays(today, -1);
  const series = meter.producer === false ? ["consumption"] : ["consumption", "production"];
  // one statement lays out every day; the points a local day has come from its length in Paris
  await db.$executeRaw`
    INSERT INTO meter_days (meter_id, series, day, expected)
    SELECT ${meterId}, s::"CurveSeries", d::date,
           (extract(epoch FROM ((d + interval '1 day')::timestamp AT TIME ZONE 'Europe/Paris') - (d::timestamp AT TIME ZONE 'Europe/Paris')) / 1800)::smallint
    FROM generate_series(${historyStart("curve", today)}::date, ${yesterday}::date, interval '1 day') d, unnest(${series}::text[]) s
    ON CONFLICT DO NOTHING`;
  const due = await db.meterDay.findMany({
    where: { meterId, status: { in: ["missing", "partial"] }, series: { in: series as ("consumption" | "production")[] } },
    select: { series: true, day: true },
    orderBy: [{ series: "asc" }, { day: "asc" }],
  });
  const jobs: ChunkJob[] = [];
  for (const s of series) {
    const days = due.filter((d) => d.series === s).map((d) => isoDay(d.day));
    for (const r of runsOf(days, LINKY_LIMITS.curveDays)) jobs.push({ meterId, what: `curve-${s}` as ChunkWhat, ...r });
  }
  const dailyKinds: [ChunkWhat, "daily_consumption" | "daily_production"][] = [["daily-consumption", "daily_consumption"]];
  if (meter.producer === true) dailyKinds.push(["daily-production", "daily_production"]);
  for (const [what, kind] of dailyKinds) {
    const held = await heldRange(meterId, kind);
    const from = held ? addDays(parisDayOf(held.last.getTime()), -3) : historyStart("daily", today);
    for (const w of windows(from, today, LINKY_LIMITS.dailyDays).reverse()) {
      jobs.push({ meterId, what, ...w });
      if (what === "daily-consumption") jobs.push({ meterId, what: "maxpower", ...w });
    }
  }
  if (!meter.contractSyncedAt || now - meter.contractSyncedAt.getTime() > CONTRACT_EVERY_DAYS * 86_400_000) {
    jobs.push({ meterId, what: "contract", from: today, to: today });
  }
  await db.meter.update({ where: { id: meterId }, data: { syncState: jobs.length ? "queued" : "done", ...(jobs.length ? {} : { lastSyncAt: new Date(now) }) } });
  return jobs;
}

type MeterForSync = { id: number; usagePointId: string; sandbox: boolean; integrationId: number | null; syncState: string; producer: boolean | null };

async function recordError(meterId: number, message: string, state: "failed" | "needs_relink" = "failed") {
  await db.meter.update({ where: { id: meterId }, data: { syncState: state, lastError: message.slice(0, 500), lastErrorAt: new Date() } });
}

/** The consent is gone: the meter and its integration say so, and the meter's queued work goes. */
async function consentLost(meter: MeterForSync) {
  await recordError(meter.id, "Enedis no longer accepts our access to this meter (consent withdrawn or expired): link Linky again", "needs_relink");
  if (meter.integrationId) await db.integration.update({ where: { id: meter.integrationId }, data: { needsRelink: true } });
  await dropQueuedWork([meter.id]);
}

/** Days of a curve window still due (missing or partial). */
async function dueDays(meterId: number, series: "consumption" | "production", from: string, to: string) {
  return db.meterDay.findMany({
    where: { meterId, series, day: { gte: new Date(`${from}T00:00:00Z`), lt: new Date(`${to}T00:00:00Z`) }, status: { in: ["missing", "partial"] } },
    select: { day: true, expected: true, attempts: true },
  });
}

/**
 * One chunk: skipped when nothing in it is due any more; else one vendor call under the shared
 * budget, the upsert, and the bookkeeping. Returns what happened, for logs and tests. Throws for
 * what should be retried later (rate limited, vendor unavailable): the queue retries with backoff.
 */
export async function runChunk(job: ChunkJob, deps: SyncDeps): Promise<"skipped" | "stored" | "no_data" | "consent" | "failed"> {
  const now = deps.now ?? Date.now;
  const meter = await db.meter.findUnique({ where: { id: job.meterId }, select: { id: true, usagePointId: true, sandbox: true, integrationId: true, syncState: true, producer: true } });
  if (!meter || !meter.integrationId || meter.syncState === "needs_relink" || meter.syncState === "stopped") return "skipped";
  const curve = job.what === "curve-consumption" ? "consumption" : job.what === "curve-production" ? "production" : null;
  const due = curve ? await dueDays(meter.id, curve, job.from, job.to) : null;
  if (due && !due.length) return "skipped";
  if (meter.syncState !== "running") await db.meter.update({ where: { id: meter.id }, data: { syncState: "running" } });

  await takeVendorCall(API_OF[job.what]);
  const source: ReadingSource = meter.sandbox ? "sandbox" : "enedis";
  try {
    if (curve) {
      const points = await deps.data.curve(meter.usagePointId, curve, job.from, job.to);
      const { days } = await upsertCurve(meter.id, curve, points, source);
      await bookDays(meter.id, curve, due!, new Map(days.map((d) => [d.day, d.points])), now());
      if (curve === "production" && points.length && meter.producer !== true) await db.meter.update({ where: { id: meter.id }, data: { producer: true } });
    } else if (job.what === "daily-consumption" || job.what === "daily-production") {
      const values = await deps.data.daily(meter.usagePointId, job.what === "daily-consumption" ? "consumption" : "production", job.from, job.to);
      await upsertDaily(meter.id, job.what === "daily-consumption" ? "consumption" : "production", values, source);
    } else if (job.what === "maxpower") {
      await upsertMaxPower(meter.id, await deps.data.maxPower(meter.usagePointId, job.from, job.to));
    } else {
      const c = await deps.data.contract(meter.usagePointId);
      await db.meter.update({ where: { id: meter.id }, data: { subscribedKva: c.subscribedKva, tariffOption: c.tariffOption?.slice(0, 100) ?? null, offpeakHours: c.offpeakHours?.slice(0, 200) ?? null, contractSyncedAt: new Date(now()) } });
    }
  } catch (err) {
    if (!(err instanceof LinkyError)) {
      // the meter (or its account) deleted while the vendor answered: nothing to store or retry
      if (!(await db.meter.count({ where: { id: meter.id } }))) return "skipped";
      throw err;
    }
    if (err.kind === "consent") {
      await consentLost(meter);
      return "consent";
    }
    if (err.kind === "no_data") {
      if (curve) await noDataFor(meter, curve, due!, now());
      return "no_data";
    }
    await recordError(meter.id, err.message);
    if (err.kind === "rate_limited" || err.kind === "unavailable" || err.kind === "malformed") throw err;
    return "failed"; // bad_request, not_subscribed: retrying the same call cannot help
  }
  await db.meter.updateMany({ where: { id: meter.id }, data: { lastSyncAt: new Date(now()), lastError: null, lastErrorAt: null } });
  return "stored";
}

/** The window's days after an answer: complete when every point of the day is held, else partial. */
async function bookDays(meterId: number, series: "consumption" | "production", due: { day: Date; expected: number; attempts: number }[], held: Map<string, number>, now: number) {
  if (!due.length) return;
  const days = due.map((d) => isoDay(d.day));
  const points = days.map((day) => held.get(day) ?? 0);
  const statuses = due.map((d, i) =>
    points[i] >= d.expected ? "complete" : points[i] > 0 ? "partial" : d.attempts + 1 >= GAP_AFTER_ATTEMPTS && isOld(days[i], now) ? "gap" : "missing",
  );
  // one statement for the chunk's days
  await db.$executeRaw`
    UPDATE meter_days m SET points = v.points, status = v.status::"DayStatus", attempts = m.attempts + 1, checked_at = ${new Date(now)}
    FROM unnest(${days}::date[], ${points}::smallint[], ${statuses}::text[]) AS v(day, points, status)
    WHERE m.meter_id = ${meterId} AND m.series = ${series}::"CurveSeries" AND m.day = v.day`;
}

/** A day is old enough to be called a gap once the vendor has had a full day more to publish it. */
const isOld = (day: string, now: number) => day < addDays(parisDayOf(now), -2);

/**
 * The vendor has nothing for the window. For a production curve never seen, the meter does not
 * produce: its production days go. Otherwise the days count one more attempt, and become gaps.
 */
async function noDataFor(meter: MeterForSync, series: "consumption" | "production", due: { day: Date; expected: number; attempts: number }[], now: number) {
  if (series === "production" && meter.producer !== true) {
    await db.meter.update({ where: { id: meter.id }, data: { producer: false } });
    await db.meterDay.deleteMany({ where: { meterId: meter.id, series: "production" } });
    return;
  }
  await bookDays(meter.id, series, due, new Map(), now);
}

/** A meter's chunk work besides the job `exceptId`: waiting (created, retry) and running (active). */
async function pendingWork(meterId: number, exceptId?: string): Promise<{ waiting: number; running: number }> {
  const rows = await db.$queryRaw<{ waiting: bigint; running: bigint }[]>`
    SELECT count(*) FILTER (WHERE state IN ('created', 'retry')) AS waiting, count(*) FILTER (WHERE state = 'active') AS running
    FROM pgboss.job
    WHERE name = ${QUEUES.chunk} AND state IN ('created', 'retry', 'active')
      AND split_part(singleton_key, ':', 1) = ${String(meterId)} AND (${exceptId ?? null}::uuid IS NULL OR id <> ${exceptId ?? null}::uuid)`.catch((err) => {
    // before the queue ever started, its schema does not exist: no work then
    if (beforeQueueStarted(err)) return [];
    throw err;
  });
  return { waiting: Number(rows[0]?.waiting ?? 0), running: Number(rows[0]?.running ?? 0) };
}

/**
 * After a chunk: a meter with nothing left to do is done (or stays failed with its error).
 * "recheck" when only other running chunks are left: each of them may be finishing at this very
 * moment and see this one still active, so the caller checks again a little later.
 */
export async function settleMeter(meterId: number, exceptJobId?: string): Promise<"done" | "waiting" | "recheck"> {
  const p = await pendingWork(meterId, exceptJobId);
  if (p.waiting) return "waiting";
  if (p.running) return "recheck";
  await db.meter.updateMany({ where: { id: meterId, syncState: { in: ["queued", "running"] } }, data: { syncState: "done" } });
  return "done";
}
