// The app's pool keeps DB_POOL_MIN connections open however long they idle, and closes the others
// after DB_POOL_IDLE_MS (lib/db/index.ts poolOptions): after a quiet spell the next requests do
// not each wait for PostgreSQL to start a backend. Measured on the test cluster through
// pg_stat_activity, with a pool of its own built from the same options (short idle time).
import { afterEach, describe, expect, it } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { db, disconnectDb, poolOptions, Prisma, readRows } from "@/lib/db";
import { env } from "@/lib/env";

const IDLE_MS = 300;
let client: PrismaClient | undefined;
afterEach(async () => {
  await client?.$disconnect();
  client = undefined;
});

/** The backends connected under this application name. */
async function backends(name: string): Promise<number> {
  const [r] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${name}`;
  return r.n;
}

/** A client on the app's pool options with `min` and a short idle time, opened `open` connections wide. */
async function poolWith(min: number, name: string, open: number): Promise<PrismaClient> {
  const options = { ...poolOptions({ ...env(), DB_POOL_MIN: min, DB_POOL_IDLE_MS: IDLE_MS }), application_name: name };
  client = new PrismaClient({ adapter: new PrismaPg(options) });
  // `open` statements at once: each needs a connection of its own
  await Promise.all(Array.from({ length: open }, () => client!.$queryRaw`SELECT pg_sleep(0.1)::text`));
  return client;
}

async function settle(name: string, expected: number): Promise<number> {
  // well past the idle time: the pool's timers have closed what they close
  await new Promise((r) => setTimeout(r, IDLE_MS * 3));
  for (let i = 0; i < 20; i++) {
    const n = await backends(name);
    if (n === expected) return n;
    await new Promise((r) => setTimeout(r, 100));
  }
  return backends(name);
}

describe("the database pool", () => {
  it("keeps DB_POOL_MIN connections through a quiet spell and closes the rest", async () => {
    await poolWith(2, "foyer-pool-test-min", 5);
    expect(await backends("foyer-pool-test-min")).toBe(5);
    expect(await settle("foyer-pool-test-min", 2)).toBe(2);
  });

  it("closes every idle connection with DB_POOL_MIN=0 (what it did before)", async () => {
    await poolWith(0, "foyer-pool-test-none", 3);
    expect(await backends("foyer-pool-test-none")).toBe(3);
    expect(await settle("foyer-pool-test-none", 0)).toBe(0);
  });

  it("never keeps more than DB_POOL_MAX", () => {
    expect(poolOptions({ ...env(), DB_POOL_MIN: 50, DB_POOL_MAX: 10 }).min).toBe(10);
    expect(poolOptions(env())).toMatchObject({ min: 2, idleTimeoutMillis: 30_000, application_name: "foyer" });
  });

  it("lives through an idle connection the server ends before Prisma's first statement, and reads again", async () => {
    // the app's connection anew, read first through readRows (the caller's row does that): Prisma
    // has not connected, so only the pool's own listener hears the error of the idle connection
    await disconnectDb();
    const [{ pid }] = await readRows<{ pid: number }>(Prisma.sql`SELECT pg_backend_pid() AS pid`);
    const other = new pg.Client({ connectionString: env().DATABASE_URL });
    await other.connect();
    try {
      await other.query("SELECT pg_terminate_backend($1)", [pid]);
    } finally {
      await other.end();
    }
    // the pool hears of it (its 'error'), unheard it would end the process
    await new Promise((r) => setTimeout(r, 300));
    const [{ v }] = await readRows<{ v: number }>(Prisma.sql`SELECT 41 + ${1} AS v`);
    expect(v).toBe(42);
  });
});
