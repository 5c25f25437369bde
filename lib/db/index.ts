import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

const globalForPrisma = globalThis as unknown as { foyerPrisma?: PrismaClient };

function client(): PrismaClient {
  if (!globalForPrisma.foyerPrisma) {
    // env() refuses to go on without DATABASE_URL: PrismaPg would silently use 127.0.0.1:5432
    const adapter = new PrismaPg({ connectionString: env().DATABASE_URL, max: 10 });
    globalForPrisma.foyerPrisma = new PrismaClient({ adapter });
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
export type { User } from "@/lib/generated/prisma/client";
