// The job queue: pg-boss 10 (the last release for Node 20) on the app's PostgreSQL, schema
// `pgboss`. Every process that sends jobs starts it; worker processes also supervise (expire,
// retry, archive) and run the cron schedules. Several processes on one database share the queue:
// a job is handed to one worker at a time (SKIP LOCKED), and one that a crash interrupted is
// handed out again when it expires.
import PgBoss from "pg-boss";
import { env } from "@/lib/env";
import { logError } from "@/lib/log";

export const QUEUES = {
  /** lay out a meter's days and queue what is due */
  plan: "meter-plan",
  /** one vendor call and its upsert */
  chunk: "meter-chunk",
  /** the hourly round: every syncing meter planned again (yesterday, gaps) */
  daily: "meter-daily",
  /**
   * a meter's settling checked again: two last chunks finishing together each see the other still
   * active (pg-boss completes a job after its handler returns), so neither would mark it done
   */
  settle: "meter-settle",
  /** Tempo colours from RTE (TEMPO_URL), twice a day: lib/services/tariffs/tempo.ts */
  tempo: "tempo-refresh",
  /** the grid's carbon intensity from ODRÉ (CARBON_URL), hourly: lib/services/carbon/intensity.ts */
  carbon: "carbon-refresh",
  /** "Download my data": one ZIP built (lib/services/archives) */
  archive: "data-archive",
  /** hourly: expired and abandoned archives removed */
  archiveSweep: "data-archive-sweep",
  /** a community event's invitations e-mailed (lib/services/flex/invitations.ts) */
  flexInvite: "flex-invite",
  /** every 15 minutes: ended events settled as their readings come (lib/services/flex/settlement.ts) */
  flexSettle: "flex-settle",
  /** nightly: each household's baseline accuracy (lib/services/flex/accuracy.ts) */
  flexAccuracy: "flex-accuracy",
  /** Thursday morning: the coming week's offers prepared from the schedules, sent for the households that let Foyer (lib/services/flex/offers.ts) */
  flexOffers: "flex-offers",
  /** the community's rollups rebuilt where readings or membership changed: after a meter sync, a membership change, and every 5 minutes (lib/services/community/rollup.ts) */
  communityRollup: "community-rollup",
} as const;

const g = globalThis as unknown as { foyerBoss?: Promise<PgBoss>; foyerBossWorkers?: boolean };

async function create(workers: boolean): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: env().DATABASE_URL,
    schema: "pgboss",
    application_name: "foyer-jobs",
    max: 4,
    supervise: workers,
    schedule: workers,
    migrate: true,
    // how often a supervising process looks for jobs cut short by a crash (and archives)
    maintenanceIntervalSeconds: env().JOBS_MAINTENANCE_SECONDS,
  });
  boss.on("error", (err) => {
    // the database shutting down with the app (57P01) is the expected end, not news
    if ((err as { code?: string }).code === "57P01") return;
    logError("job queue error", err, {}, "warn");
  });
  await boss.start();
  // stately: at most one queued and one running job per key (a window is never queued twice)
  // a job still active after JOBS_EXPIRE_SECONDS (its worker died) fails by timeout and is retried
  const queue = { policy: "stately" as const, retryLimit: 8, retryDelay: env().JOBS_RETRY_SECONDS, retryBackoff: true, expireInSeconds: env().JOBS_EXPIRE_SECONDS };
  for (const [name, extra] of [[QUEUES.plan, {}], [QUEUES.chunk, {}], [QUEUES.settle, {}], [QUEUES.daily, { retryLimit: 2 }], [QUEUES.tempo, { retryLimit: 3, retryDelay: 300 }], [QUEUES.carbon, { retryLimit: 2, retryDelay: 300 }],
    // a build that crashed its process is started over (a few minutes for ten years of several meters)
    [QUEUES.archive, { retryLimit: 2, expireInSeconds: Math.max(900, env().JOBS_EXPIRE_SECONDS) }],
    [QUEUES.archiveSweep, { retryLimit: 1 }], [QUEUES.flexInvite, { retryLimit: 3 }], [QUEUES.flexSettle, { retryLimit: 1 }], [QUEUES.flexAccuracy, { retryLimit: 2 }], [QUEUES.flexOffers, { retryLimit: 2 }], [QUEUES.communityRollup, { retryLimit: 2 }]] as const) {
    await boss.createQueue(name, { name, ...queue, ...extra });
    // a queue made by an earlier version or setting takes this process's settings
    await boss.updateQueue(name, { name, ...queue, ...extra });
  }
  return boss;
}

/** The error of a query on the queue's tables before any process ever started the queue (its schema does not exist yet). */
export const beforeQueueStarted = (err: unknown) => /relation "pgboss\.job" does not exist/.test(String((err as { message?: string })?.message ?? err));

/** The process's queue, started on first use (sending only, unless `startWorkers` came first). */
export async function jobs(workers = false): Promise<PgBoss> {
  // one that only sent jobs so far cannot supervise nor run cron: a worker process replaces it
  if (workers && g.foyerBoss && !g.foyerBossWorkers) await stopJobs();
  if (!g.foyerBoss) {
    g.foyerBossWorkers = workers;
    g.foyerBoss = create(workers).catch((e) => {
      g.foyerBoss = undefined;
      throw e;
    });
  }
  return g.foyerBoss;
}

/** Stops the queue (tests, shutdown): running jobs finish first, up to `timeout` ms. */
export async function stopJobs(timeout = 10_000) {
  const boss = await g.foyerBoss?.catch(() => undefined);
  g.foyerBoss = undefined;
  await boss?.stop({ graceful: true, wait: true, timeout, close: true });
}
