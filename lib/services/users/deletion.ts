// Deleting an account, in one place: what it would remove (the dry run My Account shows), and the
// removal itself, used by the user deleting their own account and by an admin deleting a user.
import type { Caller } from "@/lib/auth/caller";
import { db, Prisma } from "@/lib/db";
import { forbidden, notFound } from "@/lib/errors";
import { logInfo } from "@/lib/log";
import { confirmPassword } from "@/lib/services/auth/sign-in";
import { revokeVendorTokens, vendorRevokes } from "@/lib/services/integrations/vendor-accounts";
import { deleteMetersIn, purgeMeterJobs } from "@/lib/services/meters/meters";

const LAST_ADMIN = "You are the last administrator: make another user an administrator before deleting this account";

/** GET /api/v1/users/me/deletion: what deleting the account removes. */
export type DeletionSummary = {
  meters: number;
  /** distinct (meter, Paris day) pairs holding at least one reading */
  reading_days: number;
  /** rows of energy.readings (curve points and daily totals) */
  readings: number;
  devices: number;
  measurements: number;
  locations: number;
  schedules: number;
  integrations: number;
  /** per integration: whether the vendor is asked to revoke its tokens (else they are only forgotten) */
  vendor_tokens: { integration_id: number; name: string; revoked_at_vendor: boolean }[];
  /** the only active admin: such an account cannot be deleted (403) until another admin exists */
  last_admin: boolean;
};

/** Whether this user is an active admin and no other active admin exists. */
async function isLastAdmin(sql: Prisma.TransactionClient | typeof db, userId: number): Promise<boolean> {
  const me = await sql.user.findUnique({ where: { id: userId }, select: { isSuperuser: true, isActive: true } });
  if (!me?.isSuperuser || !me.isActive) return false;
  const others = await sql.user.count({ where: { isSuperuser: true, isActive: true, id: { not: userId } } });
  return others === 0;
}

export async function deletionSummary(caller: Caller): Promise<DeletionSummary> {
  const userId = caller.id;
  const meterIds = (await db.meter.findMany({ where: { userId }, select: { id: true } })).map((m) => m.id);
  const [devices, measurements, locations, schedules, integrations, readings, lastAdmin] = await Promise.all([
    db.device.count({ where: { ownerId: userId } }),
    db.measurement.count({ where: { device: { ownerId: userId } } }),
    db.location.count({ where: { ownerId: userId } }),
    db.schedule.count({ where: { userId } }),
    db.integration.findMany({ where: { userId }, select: { id: true, name: true, sandbox: true }, orderBy: { id: "asc" } }),
    meterIds.length
      ? db.$queryRaw<{ readings: bigint; days: bigint }[]>`
          SELECT count(*) AS readings, count(DISTINCT (meter_id, (ts AT TIME ZONE 'Europe/Paris')::date)) AS days
          FROM energy.readings WHERE meter_id = ANY(${meterIds}::int[])`
      : Promise.resolve([{ readings: BigInt(0), days: BigInt(0) }]),
    isLastAdmin(db, userId),
  ]);
  return {
    meters: meterIds.length,
    reading_days: Number(readings[0].days),
    readings: Number(readings[0].readings),
    devices,
    measurements,
    locations,
    schedules,
    integrations: integrations.length,
    vendor_tokens: integrations.map((i) => ({ integration_id: i.id, name: i.name, revoked_at_vendor: vendorRevokes(i) })),
    last_admin: lastAdmin,
  };
}

/**
 * Removes a user and everything they own, the one way it is done. In order: the vendors are asked
 * to revoke the user's tokens (Enedis; a vendor's failure is logged and does not stop the rest);
 * then, in one transaction, under a lock that serialises admins' deletions (so that two last
 * admins cannot delete each other at once): the last active admin is refused (403), the queue's
 * jobs naming the user's meters go, their readings in `energy` go, and the user row goes with
 * every row that references it (locations, devices and measurements, schedules, integrations and
 * their tokens, meters, consents in flight, reset tokens, "Download my data" archives), plus the
 * rate-limit rows keyed by the user. Any token or session of the user answers 401 from then on
 * (no user to load). Jobs a worker queued meanwhile are purged again after the commit. One log line, ids and counts only.
 */
export async function removeUser(userId: number, by: "self" | "admin"): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw notFound("User");
  if (await isLastAdmin(db, userId)) throw forbidden(LAST_ADMIN, "last_admin");
  const revocation = await revokeVendorTokens({ userId });
  const result = await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('foyer:user-deletion', 0))`;
      const row = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
      if (!row) throw notFound("User");
      if (await isLastAdmin(tx, userId)) throw forbidden(LAST_ADMIN, "last_admin");
      const meterIds = (await tx.meter.findMany({ where: { userId }, select: { id: true } })).map((m) => m.id);
      const [integrations, devices, locations, schedules] = await Promise.all([
        tx.integration.count({ where: { userId } }),
        tx.device.count({ where: { ownerId: userId } }),
        tx.location.count({ where: { ownerId: userId } }),
        tx.schedule.count({ where: { userId } }),
      ]);
      const removed = await deleteMetersIn(tx, meterIds);
      await tx.rateLimitHit.deleteMany({
        // buckets keyed by the user's id end in "-user" (lib/services/rate-limit)
        where: { OR: [{ bucket: "login-email", key: row.email }, { bucket: { endsWith: "-user" }, key: String(userId) }] },
      });
      await tx.user.delete({ where: { id: userId } });
      return { meterIds, integrations, devices, locations, schedules, ...removed };
    },
    { timeout: 90_000 },
  );
  // a plan job that ran during the transaction may have queued chunks for a meter now gone
  const late = await purgeMeterJobs(db, result.meterIds);
  logInfo({
    event: "account_deleted",
    user: userId,
    by,
    meters: result.meters,
    readings: result.readings,
    max_power_days: result.maxPower,
    jobs: result.jobs + late,
    integrations: result.integrations,
    devices: result.devices,
    locations: result.locations,
    schedules: result.schedules,
    ...revocation,
  });
}

/**
 * POST /api/v1/users/me/delete: the caller's own account, after their password (400 `Incorrect
 * password`, limited like logins, and nothing is touched); the last active admin gets 403.
 */
export async function deleteOwnAccount(caller: Caller, password: string, ip: string): Promise<void> {
  await confirmPassword(caller.id, password, ip);
  await removeUser(caller.id, "self");
}

/** DELETE /api/v1/users/{id} (admin): the user and everything they own; an admin's own account is 403 here. */
export async function deleteUser(caller: Caller, id: number): Promise<void> {
  if (caller.id === id) throw forbidden("You cannot delete your own account");
  await removeUser(id, "admin");
}
