// What a refused write means, as Prisma reports PostgreSQL's constraint violations: a database
// fact services turn into their own answers (a duplicate is a conflict).
import { Prisma } from "@/lib/generated/prisma/client";

/** True for PostgreSQL's unique violation, as Prisma reports it. */
export function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";
}
