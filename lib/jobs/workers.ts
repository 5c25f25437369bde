// The background workers: the energy sync (planning, chunk fetches, the hourly round) and the
// Tempo colours' refresh. Started inside the server process (lib/server/start.ts, unless
// FOYER_WORKERS=false) or as a process of their own (npm run worker); any number of them share
// one queue.
import type PgBoss from "pg-boss";
import { db, inPgTransaction } from "@/lib/db";
import { linkyData, type LinkyData } from "@/lib/integrations/linky";
import { logError } from "@/lib/log";
import { queueSync } from "@/lib/services/meters/meters";
import { chunkKey, planMeter, runChunk, settleMeter, type ChunkJob, type SyncDeps } from "@/lib/services/meters/sync";
import { buildArchive } from "@/lib/services/archives/build";
import { sweepArchives } from "@/lib/services/archives/requests";
import { configuredTempoSource, runTempoRefresh, type TempoRefreshResult } from "@/lib/services/tariffs/tempo";
import { configuredCarbonSource, runCarbonRefresh, type CarbonRefreshResult } from "@/lib/services/carbon/intensity";
import { sendInvitations } from "@/lib/services/flex/invitations";
import { settleDueEvents } from "@/lib/services/flex/settlement";
import { measureAllAccuracy } from "@/lib/services/flex/accuracy";
import { comingWeek } from "@/lib/flex/offers";
import { offersRound, prepareAllOffers, prepareOffers } from "@/lib/services/flex/offers";
import { markLiveStale, refreshRollups } from "@/lib/services/community/rollup";
import { BudgetExhausted } from "./pacing";
import { jobs, QUEUES } from "./queue";

/** Chunk fetches running at once in one process (the shared budget paces them anyway). */
const CHUNK_WORKERS = 3;
/** The hourly round spreads meters over this many seconds, so that they do not all call at once. */
const SPREAD_SECONDS = 600;

async function sendChunks(boss: PgBoss, chunks: ChunkJob[], startAfterSeconds = 0) {
  for (const c of chunks) await boss.send(QUEUES.chunk, c, { singletonKey: chunkKey(c), startAfter: startAfterSeconds });
}

/** Plans one meter and queues its chunks. */
export async function handlePlan(boss: PgBoss, meterId: number, now = Date.now()) {
  await sendChunks(boss, await planMeter(meterId, now));
}

/**
 * pg-boss's worker that takes its next job as soon as one ends. pg-boss (10.x) waits out the
 * polling interval after every fetch, which capped a busy queue at about one job per interval per
 * worker (3 chunk workers: under 9 calls a second, so a budget raised above Enedis' 5, as the
 * sandbox's is, went unused); a worker that has just had a job now fetches again at once, paced by
 * the vendor's budget alone, and an idle one still polls at the interval.
 */
async function drain<T extends object>(boss: PgBoss, queue: string, options: PgBoss.WorkOptions, handler: (job: PgBoss.Job<T>) => Promise<unknown>) {
  // the worker's id is known once work() answers, before its first fetch can bring a job
  const self = { id: "" };
  self.id = await boss.work<T>(queue, options, async ([job]) => {
    try {
      await handler(job);
    } finally {
      if (self.id) boss.notifyWorker(self.id);
    }
  });
}

/** One chunk; a spent hourly budget puts it back for later instead of failing it. */
async function handleChunk(boss: PgBoss, job: { id: string; data: ChunkJob }, deps: SyncDeps) {
  try {
    await runChunk(job.data, deps);
  } catch (err) {
    if (err instanceof BudgetExhausted) {
      await boss.send(QUEUES.chunk, job.data, { singletonKey: chunkKey(job.data), startAfter: Math.ceil(err.retryAfterMs / 1000) });
      return;
    }
    throw err;
  }
  await settleLater(boss, job.data.meterId, await settleMeter(job.data.meterId, job.id));
}

/** How long after a "recheck" the meter's settling is checked again. */
const SETTLE_RECHECK_SECONDS = 2;

async function settleLater(boss: PgBoss, meterId: number, outcome: Awaited<ReturnType<typeof settleMeter>>) {
  if (outcome === "recheck") await boss.send(QUEUES.settle, { meterId }, { singletonKey: String(meterId), startAfter: SETTLE_RECHECK_SECONDS });
  // a meter's new days may settle a community event at once (one round a minute at most)
  if (outcome === "done") {
    await boss.send(QUEUES.flexSettle, {}, { singletonKey: "after-sync", singletonSeconds: 60 });
    // and its household's offers of the coming week can be prepared from the new days (sent, by its setting)
    await boss.send(QUEUES.flexOffers, { meterId }, { singletonKey: `meter-${meterId}`, singletonSeconds: 600 });
    // and the community's rollups take its new readings in
    await boss.send(QUEUES.communityRollup, {}, { singletonKey: "after-sync", singletonSeconds: 10 });
  }
}

/** The settle queue's job: the meter's settling checked again (and again later while chunks still run). */
export async function handleSettle(boss: PgBoss, meterId: number) {
  await settleLater(boss, meterId, await settleMeter(meterId));
}

/** The hourly round (08:00-20:00, Paris): every syncing meter planned again, spread out (one whose sync is still under way plans nothing: planMeter). */
export async function handleRound() {
  const meters = await db.meter.findMany({ where: { integrationId: { not: null }, syncState: { notIn: ["needs_relink", "stopped"] } }, select: { id: true } });
  for (const m of meters) await queueSync([m.id], m.id % SPREAD_SECONDS);
  return meters.length;
}

/** When the Tempo refresh runs (Paris): after RTE's publication of tomorrow's colour (about 10:40-11:00), and again later in case it was late. */
export const TEMPO_CRON = "30 11,17 * * *";

/** The tempo-refresh job: RTE's colours of the previous and current seasons up to tomorrow; says so when TEMPO_URL is unset. */
export async function handleTempoRefresh(source = configuredTempoSource(), now = Date.now()): Promise<TempoRefreshResult> {
  const result = await runTempoRefresh(db, source, now);
  const line = result.off
    ? { event: "tempo refresh off", reason: "TEMPO_URL is not set: no colour fetched, the stored (sample) colours stay" }
    : { event: "tempo refresh", from: result.from, to: result.to, written: result.written };
  console.info(JSON.stringify({ level: "info", time: new Date().toISOString(), ...line }));
  return result;
}

/** When the carbon refresh runs: hourly (ODRÉ's real-time dataset grows by the quarter hour). */
export const CARBON_CRON = "10 * * * *";

/** The carbon-refresh job: the grid's intensity since the last half hour stored; says so when CARBON_URL is unset. */
export async function handleCarbonRefresh(source = configuredCarbonSource(), now = Date.now()): Promise<CarbonRefreshResult> {
  const result = await runCarbonRefresh(source, now);
  const line = result.off
    ? { event: "carbon refresh off", reason: "CARBON_URL is not set: no intensity fetched, the bundled year and its estimates stay" }
    : { event: "carbon refresh", from: result.from, to: result.to, written: result.written };
  console.info(JSON.stringify({ level: "info", time: new Date().toISOString(), ...line }));
  return result;
}

/** When ended events are settled: every 15 minutes (a participant's Linky day comes any time the day after). */
const FLEX_SETTLE_CRON = "*/15 * * * *";
/** When the baselines' accuracy is measured: nightly, after the night's Linky days came (Paris). */
const FLEX_ACCURACY_CRON = "30 5 * * *";

/** When the coming week's offers are prepared: Thursday morning, three days before the first one expires (Sunday noon). */
const FLEX_OFFERS_CRON = "0 7 * * 4";
/** The community's rollups, in case a write came from outside the app (an import script, raw SQL). */
const COMMUNITY_ROLLUP_CRON = "*/5 * * * *";

/** The community-rollup job: what readings or membership made stale rebuilt (lib/services/community/rollup.ts). */
async function handleCommunityRollup() {
  await inPgTransaction((c) => markLiveStale(c));
  const done = await refreshRollups();
  if (done.households + done.months) console.info(JSON.stringify({ level: "info", time: new Date().toISOString(), event: "community rollup", ...done }));
  return done;
}

/** The flex-settle round: the invitations a failed queue left unsent, every ended event's settlement, then the offers' (expired, activated, settled). */
async function handleFlexRound(now = Date.now()) {
  const unsent = await db.flexEvent.findMany({ where: { invitedAt: null, cancelledAt: null, startsAt: { gt: new Date(now) } }, select: { id: true } });
  for (const e of unsent) await sendInvitations(e.id, now);
  const settled = await settleDueEvents(now);
  if (settled.events) console.info(JSON.stringify({ level: "info", time: new Date().toISOString(), event: "flex settlement", ...settled }));
  const offers = await offersRound(now);
  if (offers.expired + offers.activated + offers.settled) console.info(JSON.stringify({ level: "info", time: new Date().toISOString(), event: "flex offers round", ...offers }));
  return settled;
}

/** The flex-offers job: the coming week's offers of every household with a schedule, or of one meter's household after its sync. */
async function handleFlexOffers(meterId?: number, now = Date.now()) {
  if (meterId !== undefined) {
    const meter = await db.meter.findUnique({ where: { id: meterId }, select: { userId: true } });
    if (meter) await prepareOffers([meter.userId], comingWeek(now), now);
    return { households: meter ? 1 : 0 };
  }
  const prepared = await prepareAllOffers(now);
  console.info(JSON.stringify({ level: "info", time: new Date().toISOString(), event: "flex offers prepared", ...prepared }));
  return prepared;
}

/** The flex-accuracy job: every household's baseline tried on its recent days. */
async function handleFlexAccuracy(now = Date.now()) {
  const meters = await measureAllAccuracy(now);
  console.info(JSON.stringify({ level: "info", time: new Date().toISOString(), event: "flex accuracy", meters }));
  return meters;
}

const g = globalThis as unknown as { foyerWorkers?: Promise<void> };

/** Starts this process's workers once. `data` is the Linky client (the deployment's by default). */
export function startWorkers(data: LinkyData = linkyData()): Promise<void> {
  g.foyerWorkers ??= (async () => {
    const boss = await jobs(true);
    const deps: SyncDeps = { data };
    const quietly = (what: string) => (err: unknown) => {
      logError(what, err, {}, "warn");
      throw err; // the queue retries it
    };
    await drain<{ meterId: number }>(boss, QUEUES.plan, { pollingIntervalSeconds: 1 }, (job) => handlePlan(boss, job.data.meterId).catch(quietly("meter plan failed")));
    for (let i = 0; i < CHUNK_WORKERS; i++) {
      await drain<ChunkJob>(boss, QUEUES.chunk, { pollingIntervalSeconds: 0.5 }, (job) => handleChunk(boss, job, deps).catch(quietly("meter chunk failed")));
    }
    await drain<{ meterId: number }>(boss, QUEUES.settle, { pollingIntervalSeconds: 1 }, (job) => handleSettle(boss, job.data.meterId).catch(quietly("meter settle failed")));
    await boss.work(QUEUES.daily, async () => {
      await handleRound();
    });
    await boss.schedule(QUEUES.daily, "0 8-20 * * *", {}, { tz: "Europe/Paris" });
    await boss.work(QUEUES.tempo, async () => {
      await handleTempoRefresh().catch(quietly("tempo refresh failed"));
    });
    // one cron schedule for the whole database (pg-boss sends each slot once, whatever the
    // number of processes); the stately queue runs one refresh at a time
    await boss.schedule(QUEUES.tempo, TEMPO_CRON, {}, { tz: "Europe/Paris" });
    await boss.work(QUEUES.carbon, async () => {
      await handleCarbonRefresh().catch(quietly("carbon refresh failed"));
    });
    await boss.schedule(QUEUES.carbon, CARBON_CRON, {}, { tz: "Europe/Paris" });
    // "Download my data": one archive at a time per process; expired ones swept every hour
    await boss.work<{ archiveId: string }>(QUEUES.archive, { pollingIntervalSeconds: 1 }, async ([job]) => {
      await buildArchive(job.data.archiveId).catch(quietly("data archive failed"));
    });
    await boss.work(QUEUES.archiveSweep, async () => {
      await sweepArchives();
    });
    await boss.schedule(QUEUES.archiveSweep, "20 * * * *", {}, { tz: "Europe/Paris" });
    // community events: invitations once planned, settlement as the readings come, accuracy nightly
    await boss.work<{ eventId: number }>(QUEUES.flexInvite, { pollingIntervalSeconds: 2 }, async ([job]) => {
      await sendInvitations(job.data.eventId).catch(quietly("flex invitations failed"));
    });
    await boss.work(QUEUES.flexSettle, async () => {
      await handleFlexRound().catch(quietly("flex settlement failed"));
    });
    await boss.schedule(QUEUES.flexSettle, FLEX_SETTLE_CRON, {}, { tz: "Europe/Paris" });
    await boss.work(QUEUES.flexAccuracy, async () => {
      await handleFlexAccuracy().catch(quietly("flex accuracy failed"));
    });
    await boss.schedule(QUEUES.flexAccuracy, FLEX_ACCURACY_CRON, {}, { tz: "Europe/Paris" });
    await boss.work<{ meterId?: number }>(QUEUES.flexOffers, async ([job]) => {
      await handleFlexOffers(job?.data?.meterId).catch(quietly("flex offers failed"));
    });
    await boss.schedule(QUEUES.flexOffers, FLEX_OFFERS_CRON, {}, { tz: "Europe/Paris" });
    await boss.work(QUEUES.communityRollup, async () => {
      await handleCommunityRollup().catch(quietly("community rollup failed"));
    });
    await boss.schedule(QUEUES.communityRollup, COMMUNITY_ROLLUP_CRON, {}, { tz: "Europe/Paris" });
    await boss.send(QUEUES.communityRollup, {}, { singletonKey: "start", singletonSeconds: 60 });
    // a fresh deployment need not wait for 11:30: one refresh at start, at most one an hour across processes
    if (configuredTempoSource()) await boss.send(QUEUES.tempo, {}, { singletonKey: "start", singletonSeconds: 3600 });
    if (configuredCarbonSource()) await boss.send(QUEUES.carbon, {}, { singletonKey: "start", singletonSeconds: 3600 });
  })().catch((err) => {
    g.foyerWorkers = undefined;
    logError("the energy sync workers could not start", err, {}, "warn");
    throw err;
  });
  return g.foyerWorkers;
}
