// Ownership, in one place: what a caller may see, and whose objects a body may name.
import type { Caller } from "@/lib/auth/caller";
import { db } from "@/lib/db";
import { forbidden, unprocessable } from "@/lib/http/errors";

/** A `where` fragment limiting rows to the caller's own (admins see everything). */
export function ownedBy(caller: Caller, field: "ownerId" | "userId" = "ownerId"): Record<string, number> {
  return caller.isSuperuser ? {} : { [field]: caller.id };
}

/**
 * The owner a body names: the caller by default; a non-admin naming anyone else gets 403; an
 * admin naming a user that does not exist gets 422 on `path`.
 */
export async function resolveOwner(caller: Caller, ownerId: number | null | undefined, path = "owner_id"): Promise<number> {
  if (ownerId == null || ownerId === caller.id) return caller.id;
  if (!caller.isSuperuser) throw forbidden("You can only create or move objects for yourself");
  const exists = await db.user.count({ where: { id: ownerId } });
  if (!exists) throw unprocessable([{ path, message: "This user does not exist" }]);
  return ownerId;
}

export const LOCATION_NOT_OWNERS = "This location does not exist or does not belong to the device's owner";
export const INTEGRATION_NOT_OWNERS = "This integration does not exist or does not belong to the device's owner";

/** 422 unless the location exists and belongs to `ownerId`. */
export async function assertLocationOf(ownerId: number, locationId: number | null | undefined, path = "location_id") {
  if (locationId == null) return;
  const n = await db.location.count({ where: { id: locationId, ownerId } });
  if (!n) throw unprocessable([{ path, message: LOCATION_NOT_OWNERS }]);
}

/** 422 unless the integration exists and belongs to `ownerId`. */
export async function assertIntegrationOf(ownerId: number, integrationId: number | null | undefined, path = "integration_id") {
  if (integrationId == null) return;
  const n = await db.integration.count({ where: { id: integrationId, userId: ownerId } });
  if (!n) throw unprocessable([{ path, message: INTEGRATION_NOT_OWNERS }]);
}
