import { afterAll, beforeEach, inject } from "vitest";
import { Mailbox } from "./mailbox";

/** The SMTP server this test file's e-mails go to. */
export const mailbox = new Mailbox();
await mailbox.start();

// the app's environment for route handlers under test (lib/env.ts reads it on first use)
Object.assign(process.env, {
  DATABASE_URL: inject("databaseUrl"),
  SECRET_KEY: inject("secretKey"),
  APP_URL: "http://foyer.test",
  BCRYPT_ROUNDS: "4",
  NODE_ENV: "test",
  SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
});

const { db, disconnectDb } = await import("@/lib/db");

/** Every table but Prisma's own, emptied before each test. */
beforeEach(async () => {
  mailbox.messages.length = 0;
  const rows = await db.$queryRaw<{ tablename: string }[]>`select tablename from pg_tables where schemaname = 'public' and tablename <> '_prisma_migrations'`;
  if (rows.length) await db.$executeRawUnsafe(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
  // the job queue's jobs and cron schedules too, once a test has started it (readings go with their
  // meters, by cascade): a schedule a file's workers left would have any later queue send its jobs
  await db.$executeRawUnsafe(`DO $$ BEGIN IF to_regclass('pgboss.job') IS NOT NULL THEN DELETE FROM pgboss.job; END IF; IF to_regclass('pgboss.schedule') IS NOT NULL THEN DELETE FROM pgboss.schedule; END IF; END $$`);
  // the grid carbon intensity fetched (energy schema: not a public table)
  await db.$executeRawUnsafe(`TRUNCATE energy.carbon_intensity`);
  // the ingest's queued rollups (telemetry schema, no foreign key: the samples go by cascade)
  await db.$executeRawUnsafe(`TRUNCATE telemetry.rollup_queue`);
  // the community's rollups without a household (the others go with their users, by cascade)
  await db.$executeRawUnsafe(`TRUNCATE community.half_hours, community.stale`);
});

afterAll(async () => {
  // a test that linked Linky started the job queue (its own pool): close it
  await (await import("@/lib/jobs/queue")).stopJobs(2000);
  await mailbox.stop();
  await disconnectDb();
});
