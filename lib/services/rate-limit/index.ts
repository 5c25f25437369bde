import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

export type Limit = { bucket: string; key: string; max: number; windowMs: number };

/**
 * Throws 429 (with Retry-After) when `max` hits of this bucket and key fall inside the window.
 * Kept in PostgreSQL so that several app instances share the counts; a refused request is not
 * recorded, so it does not extend the window.
 */
export async function assertUnderLimit(limits: Limit[]): Promise<void> {
  const now = Date.now();
  let retryAfter = 0;
  for (const l of limits) {
    const since = new Date(now - l.windowMs);
    const hits = await db.rateLimitHit.findMany({
      where: { bucket: l.bucket, key: l.key, createdAt: { gt: since } },
      orderBy: { createdAt: "desc" },
      take: l.max,
      select: { createdAt: true },
    });
    if (hits.length >= l.max) {
      // the window reopens when the oldest of the last `max` hits leaves it
      const oldest = hits[hits.length - 1].createdAt.getTime();
      retryAfter = Math.max(retryAfter, Math.ceil((oldest + l.windowMs - now) / 1000));
    }
  }
  if (retryAfter > 0) {
    throw new ApiError(429, "Too many attempts, please try again later", { headers: { "Retry-After": String(Math.max(1, retryAfter)) } });
  }
}

export async function recordHits(limits: Pick<Limit, "bucket" | "key">[]): Promise<void> {
  await db.rateLimitHit.createMany({ data: limits.map((l) => ({ bucket: l.bucket, key: l.key })) });
  // now and then, forget hits older than any window (a day is longer than every limit)
  if (Math.random() < 0.01) await db.rateLimitHit.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - 86_400_000) } } });
}
