import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { BoundedMap } from "@/lib/server/bounded-map";
import { TOO_MANY_ATTEMPTS } from "@/lib/shared/refusals.mjs";

/**
 * A bucket keyed by a user's id is named `<something>-user` (the account's deletion clears those);
 * one keyed by the client's address, `<something>-client`.
 */
export type Limit = { bucket: string; key: string; max: number; windowMs: number };

/** Keys are bounded before they reach the index (a client chooses e-mails). */
const MAX_KEY = 320;

/**
 * Keys this process has seen refused, with the time their window reopens: while it holds, a
 * request on the key is refused from memory, without a database round trip (a flood of refused
 * attempts then costs one database check per key every MEMO_MS). Safe, because a full window only
 * reopens when its oldest hit leaves it. Bounded: the oldest entries go first.
 */
const blocked = new BoundedMap<string, number>(10_000);
/** How long a refusal is answered from memory before the database is asked again. */
const MEMO_MS = 2000;
/**
 * The refusal (429). `clientUntil`: when a `-client` limit refused, the time until which every request of
 * this client to this endpoint is refused anyway; the server in front answers them itself until then
 * (server/refusals.ts), told by REFUSED_CLIENT_HEADER (the error's `holdClientMs`), which it removes.
 */
function tooMany(retryAfterSeconds: number, clientUntil = 0): DomainError {
  const hold = clientUntil - Date.now();
  return new DomainError("too_many", TOO_MANY_ATTEMPTS, { retryAfterSeconds: Math.max(1, retryAfterSeconds), holdClientMs: hold > 0 ? hold : undefined });
}
/** A limit's key in memory and in its advisory lock: bucket and key. */
const idOf = (l: { bucket: string; key: string }) => l.bucket + "\u0001" + l.key;
/** A limit on the client's address: its refusal holds for every request of that client to the endpoint. */
const isClientLimit = (l: { bucket: string }) => l.bucket.endsWith("-client");

/** The time until which `limits` are refused from memory (0: they are not), and until which a client's limit is. */
function refusedFromMemory(limits: Limit[], now: number): { until: number; clientUntil: number } {
  let until = 0;
  let clientUntil = 0;
  for (const l of limits) {
    const t = blocked.get(idOf(l));
    if (t === undefined) continue;
    if (t <= now) blocked.delete(idOf(l));
    else {
      until = Math.max(until, t);
      if (isClientLimit(l)) clientUntil = Math.max(clientUntil, t);
    }
  }
  return { until, clientUntil };
}

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
    .sort((a, b) => (idOf(a) < idOf(b) ? -1 : 1));
  const memo = refusedFromMemory(keyed, Date.now());
  if (memo.until) throw tooMany(Math.ceil((memo.until - Date.now()) / 1000), memo.clientUntil);
  return db.$transaction(async (tx) => {
    let retryAfter = 0;
    let clientUntil = 0;
    for (const l of keyed) {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${idOf(l)}, 0))`;
      const since = new Date(Date.now() - l.windowMs);
      const hits = await tx.rateLimitHit.findMany({
        where: { bucket: l.bucket, key: l.key, createdAt: { gt: since } },
        orderBy: { createdAt: "desc" },
        take: l.max,
        select: { createdAt: true },
      });
      if (hits.length >= l.max) {
        // the window reopens when the oldest of the last `max` hits leaves it
        const reopens = hits[hits.length - 1].createdAt.getTime() + l.windowMs;
        const memoUntil = Math.min(reopens, Date.now() + MEMO_MS);
        blocked.set(idOf(l), memoUntil);
        if (isClientLimit(l)) clientUntil = Math.max(clientUntil, memoUntil);
        retryAfter = Math.max(retryAfter, Math.ceil((reopens - Date.now()) / 1000));
      }
    }
    if (retryAfter > 0) throw tooMany(retryAfter, clientUntil);
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
