import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

export type Limit = { bucket: string; key: string; max: number; windowMs: number };

/** Keys are bounded before they reach the index (a client chooses e-mails). */
const MAX_KEY = 320;

/**
 * Takes one attempt from each limit, atomically: under a transaction-scoped advisory lock per
 * bucket and key, it counts the hits inside the window and, if every limit has room, records one
 * hit per limit; otherwise it throws 429 (with Retry-After) and records nothing, so that a refused
 * request does not extend the window. Concurrent requests on one key queue on the lock, so no
 * more than `max` of them ever get through, whatever the number of app processes.
 * Returns the ids of the recorded hits, for `refund` when the attempt turns out not to count
 * (a successful login).
 */
export async function consume(limits: Limit[]): Promise<bigint[]> {
  const keyed = limits
    .map((l) => ({ ...l, key: l.key.slice(0, MAX_KEY) }))
    // one order for every caller: two requests never wait on each other's locks crosswise
    .sort((a, b) => (a.bucket + "\u0001" + a.key < b.bucket + "\u0001" + b.key ? -1 : 1));
  return db.$transaction(async (tx) => {
    let retryAfter = 0;
    for (const l of keyed) {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${l.bucket + "\u0001" + l.key}, 0))`;
      const since = new Date(Date.now() - l.windowMs);
      const hits = await tx.rateLimitHit.findMany({
        where: { bucket: l.bucket, key: l.key, createdAt: { gt: since } },
        orderBy: { createdAt: "desc" },
        take: l.max,
        select: { createdAt: true },
      });
      if (hits.length >= l.max) {
        // the window reopens when the oldest of the last `max` hits leaves it
        const oldest = hits[hits.length - 1].createdAt.getTime();
        retryAfter = Math.max(retryAfter, Math.ceil((oldest + l.windowMs - Date.now()) / 1000));
      }
    }
    if (retryAfter > 0) {
      throw new ApiError(429, "Too many attempts, please try again later", { headers: { "Retry-After": String(Math.max(1, retryAfter)) } });
    }
    const rows = await tx.rateLimitHit.createManyAndReturn({ data: keyed.map((l) => ({ bucket: l.bucket, key: l.key })), select: { id: true } });
    return rows.map((r) => r.id);
  });
}

/** Gives back hits taken by `consume` (the attempt did not count, e.g. the password was right). */
export async function refund(ids: bigint[]): Promise<void> {
  if (ids.length) await db.rateLimitHit.deleteMany({ where: { id: { in: ids } } });
}

/** Forgets hits older than any window (a day is longer than every limit): run by the maintenance loop. */
export async function purgeOldHits(now = Date.now()): Promise<number> {
  const { count } = await db.rateLimitHit.deleteMany({ where: { createdAt: { lt: new Date(now - 86_400_000) } } });
  return count;
}
