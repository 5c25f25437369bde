import { PrismaPg } from "@prisma/adapter-pg";
import pg, { type PoolConfig } from "pg";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { env, type Env } from "@/lib/env";
import { statementNames } from "./statement-names";

type Connection = { prisma: PrismaClient; pool: pg.Pool; names?: ReturnType<typeof statementNames> };
const globalForPrisma = globalThis as unknown as { foyerDb?: Connection };

/**
 * The pg pool's options from the environment. Every wait is bounded, so that a database that is
 * down, frozen or overloaded yields a 503 within seconds (lib/db/unavailable.ts) instead of a
 * request that hangs. The pool keeps DB_POOL_MIN connections however long they idle: after a quiet
 * spell the next requests do not each wait for a new connection (PostgreSQL's start of a backend,
 * then this process's statements prepared again: 60-120 ms of delay for the first requests on a
 * 2-core machine, measured by `npm run bench:api` at a fixed rate).
 */
export function poolOptions(e: Env): PoolConfig {
  return {
    connectionString: e.DATABASE_URL,
    application_name: "foyer",
    max: e.DB_POOL_MAX,
    min: Math.min(e.DB_POOL_MIN, e.DB_POOL_MAX),
    idleTimeoutMillis: e.DB_POOL_IDLE_MS,
    // connecting, and waiting for a free connection of the pool
    connectionTimeoutMillis: e.DB_CONNECT_TIMEOUT_MS,
    // the server cancels a statement that runs too long...
    statement_timeout: e.DB_STATEMENT_TIMEOUT_MS,
    lock_timeout: e.DB_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: e.DB_STATEMENT_TIMEOUT_MS * 2,
    // ...and the client gives up on a server that does not answer at all (frozen)
    query_timeout: e.DB_STATEMENT_TIMEOUT_MS + 1000,
    keepAlive: true,
  };
}

function connection(): Connection {
  if (!globalForPrisma.foyerDb) {
    // env() refuses to go on without DATABASE_URL: PrismaPg would silently use 127.0.0.1:5432.
    const e = env();
    const pool = new pg.Pool(poolOptions(e));
    // an idle connection that breaks (the server restarted) is dropped by the pool; unheard, the
    // pool's 'error' would end the process (Prisma listens too, but only once it has connected)
    pool.on("error", () => undefined);
    const names = e.DB_PREPARED_STATEMENTS ? statementNames() : undefined;
    const adapter = new PrismaPg(pool, names && { statementNameGenerator: names });
    const prisma = new PrismaClient({
      adapter,
      transactionOptions: { maxWait: e.DB_CONNECT_TIMEOUT_MS, timeout: e.DB_STATEMENT_TIMEOUT_MS * 2 },
    });
    globalForPrisma.foyerDb = { prisma, pool, names };
  }
  return globalForPrisma.foyerDb;
}

/**
 * The one PrismaClient of the process, created on first use (not at import, so that `next build`
 * can load route modules without a database) and cached on globalThis so dev reloads reuse it.
 */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const c = connection().prisma;
    const value = Reflect.get(c, prop, c);
    return typeof value === "function" ? value.bind(c) : value;
  },
});

/**
 * The rows of one read statement, sent through the pool Prisma's adapter uses, as pg parses them
 * (json as objects, int4 as numbers, int8 as strings), prepared once per connection as Prisma's own
 * are. For the reads every request makes (the caller's row, a list's page): through `$queryRaw` the
 * same statement cost 2.5 times the CPU (0.19 against 0.075 ms a request for the two) and left
 * more for V8's old generation (docs/performance.md, "The API's slow tail"). The statement is still
 * written with `Prisma.sql` (every value a parameter); the pool's timeouts bound it, and its errors
 * are pg's, which isDatabaseUnavailable reads as Prisma's.
 */
export async function readRows<T>(query: Prisma.Sql): Promise<T[]> {
  const { pool, names } = connection();
  const values = query.values as unknown[];
  const name = names?.({ sql: query.text, args: values }) || undefined;
  return (await pool.query<T & pg.QueryResultRow>({ name, text: query.text, values })).rows;
}

/** One statement through the pool, with pg's own parsing (bytea as Buffer): the community's rollups (lib/services/community). */
export function pgQuery<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<T>> {
  return connection().pool.query<T>(text, values);
}

/**
 * A transaction on one connection of the pool, with pg's own client: for the writes of many rows at
 * once as arrays (the telemetry ingest: lib/services/telemetry/store.ts), where Prisma's
 * interactive transaction adds a round of its own per statement. Rolled back when `fn` throws.
 */
export async function inPgTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await connection().pool.connect();
  let broken = false;
  // the server may end the connection while the transaction waits between statements (an idle
  // transaction past its timeout, a restart): pg then emits 'error' on the client, which ends the
  // process when nobody listens (the pool listens only to idle clients); the next statement fails
  const onError = () => (broken = true);
  client.on("error", onError);
  try {
    await client.query("BEGIN");
    const out = await fn(client);
    await client.query("COMMIT");
    return out;
  } catch (err) {
    // a connection that cannot even roll back is dropped, not handed to the next caller
    await client.query("ROLLBACK").catch(() => (broken = true));
    throw err;
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}

/** Closes the pool (tests and scripts). */
export async function disconnectDb() {
  const current = globalForPrisma.foyerDb;
  globalForPrisma.foyerDb = undefined;
  if (!current) return;
  await current.prisma.$disconnect();
  await current.pool.end();
}

export { Prisma } from "@/lib/generated/prisma/client";
export { isDatabaseUnavailable } from "./unavailable";
