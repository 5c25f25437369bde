// "Download my data" (issue 12): a ZIP of everything a user has in Foyer, asked for in My Account,
// built in the background by the job queue (./build.ts), stored as parts in PostgreSQL (so that
// any app process can serve what any worker process built), offered as a link that expires, a
// few a day. docs/data-rights.md.
import type { Caller } from "@/lib/auth/caller";
import { db } from "@/lib/db";
import type { DataArchive } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { conflict, DomainError, isDomainError, notFound } from "@/lib/errors";
import { jobs, QUEUES } from "@/lib/jobs/queue";
import { consume } from "@/lib/services/rate-limit/sliding-window";

/** The bucket of the per-user daily limit (also cleared when the account is deleted). */
const ARCHIVE_BUCKET = "archive-user";
const DAY_MS = 86_400_000;
/** An archive still queued or running after this long is taken as abandoned by the sweep. */
const STALE_MS = 6 * 3_600_000;

export type ArchiveView = {
  id: string;
  status: DataArchive["status"];
  /** 0-100 */
  progress: number;
  /** what is being written ("Readings of meter 24880057139941 (CSV)"), or why it failed */
  step: string | null;
  size_bytes: number | null;
  created_at: string;
  ready_at: string | null;
  /** the download link stops working then */
  expires_at: string | null;
  /** set once ready */
  download_url: string | null;
};

export type ArchiveList = {
  items: ArchiveView[];
  /** DATA_ARCHIVES_MAX_PER_DAY */
  per_day: number;
  /** how many more may be asked for now (the 24 hours roll) */
  left_today: number;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toArchiveView(a: DataArchive): ArchiveView {
  return {
    id: a.id,
    status: a.status,
    progress: a.progress,
    step: a.step,
    size_bytes: a.sizeBytes == null ? null : Number(a.sizeBytes),
    created_at: a.createdAt.toISOString(),
    ready_at: iso(a.readyAt),
    expires_at: iso(a.expiresAt),
    download_url: a.status === "ready" ? `/api/v1/users/me/archives/${a.id}/download` : null,
  };
}

/** Ids are UUIDs: anything else is simply not found (never a database error). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Archives the user can still see: not expired (an expired one waits for the sweep, unseen). */
const visible = (userId: number, now: Date) => ({ userId, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] });

async function ownArchive(caller: Caller, id: string, now = new Date()): Promise<DataArchive> {
  if (!UUID.test(id)) throw notFound("Archive");
  const a = await db.dataArchive.findFirst({ where: { id, ...visible(caller.id, now) } });
  if (!a) throw notFound("Archive");
  return a;
}

async function usedToday(userId: number, now: Date): Promise<number> {
  return db.rateLimitHit.count({ where: { bucket: ARCHIVE_BUCKET, key: String(userId), createdAt: { gt: new Date(now.getTime() - DAY_MS) } } });
}

/** GET /api/v1/users/me/archives: the user's archives, newest first, and what the limit leaves. */
export async function listArchives(caller: Caller, now = new Date()): Promise<ArchiveList> {
  const [rows, used] = await Promise.all([
    db.dataArchive.findMany({ where: visible(caller.id, now), orderBy: { createdAt: "desc" }, take: 10 }),
    usedToday(caller.id, now),
  ]);
  const perDay = env().DATA_ARCHIVES_MAX_PER_DAY;
  return { items: rows.map(toArchiveView), per_day: perDay, left_today: Math.max(0, perDay - used) };
}

/** GET /api/v1/users/me/archives/{id}: one archive (the page polls it while it is built). */
export async function getArchive(caller: Caller, id: string): Promise<ArchiveView> {
  return toArchiveView(await ownArchive(caller, id));
}

/**
 * POST /api/v1/users/me/archives: a new archive, queued (`created`), or the one already being
 * built (asking twice never builds twice, and does not count). Past DATA_ARCHIVES_MAX_PER_DAY in
 * 24 hours: 429 with Retry-After.
 */
export async function requestArchive(caller: Caller): Promise<{ archive: ArchiveView; created: boolean }> {
  const inFlight = await db.dataArchive.findFirst({ where: { userId: caller.id, status: { in: ["queued", "running"] } }, orderBy: { createdAt: "desc" } });
  if (inFlight) return { archive: toArchiveView(inFlight), created: false };
  const perDay = env().DATA_ARCHIVES_MAX_PER_DAY;
  try {
    await consume([{ bucket: ARCHIVE_BUCKET, key: String(caller.id), max: perDay, windowMs: DAY_MS }]);
  } catch (err) {
    if (isDomainError(err, "too_many")) {
      const { retryAfterSeconds, holdClientMs } = err;
      throw new DomainError("too_many", `You can download your data ${perDay} times a day: please try again later`, { retryAfterSeconds, holdClientMs });
    }
    throw err;
  }
  const archive = await db.dataArchive.create({ data: { userId: caller.id, step: "Waiting for its turn" } });
  const boss = await jobs();
  await boss.send(QUEUES.archive, { archiveId: archive.id }, { singletonKey: archive.id });
  return { archive: toArchiveView(archive), created: true };
}

/** DELETE /api/v1/users/me/archives/{id}: the archive and its bytes (a running build stops at its next part). */
export async function deleteArchive(caller: Caller, id: string): Promise<void> {
  const a = await ownArchive(caller, id);
  await db.dataArchive.deleteMany({ where: { id: a.id } });
}

export type ArchiveDownload = { filename: string; sizeBytes: number; chunks: AsyncGenerator<Uint8Array, void, undefined> };

/** The stored parts in order, one statement each (1 MiB), read as the client takes them. */
async function* partsOf(archiveId: string): AsyncGenerator<Uint8Array, void, undefined> {
  for (let seq = 0; ; seq++) {
    const part = await db.dataArchivePart.findUnique({ where: { archiveId_seq: { archiveId, seq } }, select: { bytes: true } });
    if (!part) return;
    yield part.bytes;
  }
}

/**
 * GET /api/v1/users/me/archives/{id}/download: the ZIP, streamed from its parts. 409 while it is
 * being built or when it failed; an expired one is gone (404), like another user's.
 */
export async function openArchiveDownload(caller: Caller, id: string): Promise<ArchiveDownload> {
  const a = await ownArchive(caller, id);
  if (a.status === "failed") throw conflict("This download could not be prepared: please ask for a new one", "archive_failed");
  if (a.status !== "ready") throw conflict("Your data is still being prepared", "archive_not_ready");
  return { filename: `foyer-my-data-${a.createdAt.toISOString().slice(0, 10)}.zip`, sizeBytes: Number(a.sizeBytes ?? 0), chunks: partsOf(a.id) };
}

/**
 * The sweep (hourly job): expired archives, failed ones older than a day and builds abandoned for
 * hours go with their bytes. Returns how many.
 */
export async function sweepArchives(now = new Date()): Promise<number> {
  const { count } = await db.dataArchive.deleteMany({
    where: {
      OR: [
        { expiresAt: { lte: now } },
        { status: "failed", createdAt: { lt: new Date(now.getTime() - DAY_MS) } },
        { status: { in: ["queued", "running"] }, createdAt: { lt: new Date(now.getTime() - STALE_MS) } },
      ],
    },
  });
  return count;
}
