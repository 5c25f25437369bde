// A household's consent to real-time sharing with the grid partner (docs/sharing.md): given and
// withdrawn in one click, each change a dated row with the text's version; the consenting
// households in one statement, for the partner API (the next request after a withdrawal already
// leaves the household out); what partners read of the household.
import type { Caller } from "@/lib/auth/caller";
import { db, Prisma } from "@/lib/db";
import { conflict } from "@/lib/errors";
import { SHARING_CONSENT } from "@/lib/privacy/sharing";

export type ConsentState = { given: boolean; version: number | null; at: Date | null; currentVersion: number; history: { given: boolean; version: number; at: Date }[] };

export async function consentOf(userId: number): Promise<ConsentState> {
  const rows = await db.sharingConsent.findMany({ where: { userId }, orderBy: { id: "desc" }, take: 50 });
  const last = rows[0];
  return {
    given: Boolean(last?.given && last.version === SHARING_CONSENT.version),
    version: last?.version ?? null,
    at: last?.createdAt ?? null,
    currentVersion: SHARING_CONSENT.version,
    history: rows.map((r) => ({ given: r.given, version: r.version, at: r.createdAt })),
  };
}

/** Gives (for the text's current version) or withdraws; the same answer again adds no row. */
export async function setConsent(caller: Caller, given: boolean, version?: number): Promise<ConsentState> {
  if (given && version !== SHARING_CONSENT.version) {
    throw conflict(`The consent text has changed (version ${SHARING_CONSENT.version}): read it again before consenting`, "sharing_version");
  }
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(7265002, ${caller.id})`;
    const last = await tx.sharingConsent.findFirst({ where: { userId: caller.id }, orderBy: { id: "desc" } });
    const inForce = Boolean(last?.given && last.version === SHARING_CONSENT.version);
    if (inForce === given) return;
    await tx.sharingConsent.create({ data: { userId: caller.id, given, version: given ? SHARING_CONSENT.version : (last?.version ?? SHARING_CONSENT.version) } });
  });
  return consentOf(caller.id);
}

/** The households whose consent to the current text is in force (of `among`, when given). */
export async function consentingUsers(among?: number[]): Promise<number[]> {
  const rows = await db.$queryRaw<{ user_id: number }[]>`
    SELECT c.user_id FROM (
      SELECT DISTINCT ON (user_id) user_id, given, version FROM sharing_consents
      ${among ? Prisma.sql`WHERE user_id = ANY(${among}::int[])` : Prisma.sql``}
      ORDER BY user_id, id DESC
    ) c JOIN users u ON u.id = c.user_id
    WHERE c.given AND c.version = ${SHARING_CONSENT.version} AND u.is_active
    ORDER BY c.user_id`;
  return rows.map((r) => r.user_id);
}

/** What partners read of the household, newest first. */
export async function accessLogOf(userId: number, take = 200) {
  return db.partnerAccess.findMany({ where: { userId }, orderBy: { id: "desc" }, take, select: { what: true, at: true, partner: { select: { name: true } } } });
}
