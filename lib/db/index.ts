import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import type { PoolConfig } from "pg";
import { env, type Env } from "@/lib/env";
import { statementNames } from "./statement-names";

const globalForPrisma = globalThis as unknown as { foyerPrisma?: PrismaClient };

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

function client(): PrismaClient {
  if (!globalForPrisma.foyerPrisma) {
    // env() refuses to go on without DATABASE_URL: PrismaPg would silently use 127.0.0.1:5432.
    const e = env();
    const adapter = new PrismaPg(poolOptions(e), e.DB_PREPARED_STATEMENTS ? { statementNameGenerator: statementNames() } : {});
    globalForPrisma.foyerPrisma = new PrismaClient({
      adapter,
      transactionOptions: { maxWait: e.DB_CONNECT_TIMEOUT_MS, timeout: e.DB_STATEMENT_TIMEOUT_MS * 2 },
    });
  }
  return globalForPrisma.foyerPrisma;
}

/**
 * The one PrismaClient of the process, created on first use (not at import, so that `next build`
 * can load route modules without a database) and cached on globalThis so dev reloads reuse it.
 */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const c = client();
    const value = Reflect.get(c, prop, c);
    return typeof value === "function" ? value.bind(c) : value;
  },
});

/** Closes the pool (tests and scripts). */
export async function disconnectDb() {
  await globalForPrisma.foyerPrisma?.$disconnect();
  globalForPrisma.foyerPrisma = undefined;
}

export { Prisma } from "@/lib/generated/prisma/client";
export { isDatabaseUnavailable } from "./unavailable";
