// Ownership, in one place: what a caller may see, and whose objects a body may name.
import type { Caller } from "@/lib/auth/caller";
import { db } from "@/lib/db";
import { forbidden, invalid } from "@/lib/errors";
import { NO_ROW } from "@/lib/validation/list-filters";

/** A `where` fragment limiting rows to the caller's own (admins see everything). */
export function ownedBy(caller: Caller, field: "ownerId" | "userId" = "ownerId"): Record<string, number> {
  return caller.isSuperuser ? {} : { [field]: caller.id };
}

/**
 * The rows a list shows, narrowed to `?owner_id=` (or `user_id`) when asked: an admin sees
 * everyone's and may name anyone; anyone else sees their own, and naming another user matches
 * nothing (not a 403: a filter that finds no row). `onlyOwn` (the "my" lists) treats an admin as
 * a household.
 */
export function ownerScope(caller: Caller, field: "ownerId" | "userId", requested: number | undefined, o: { onlyOwn?: boolean } = {}): Record<string, number> {
  const everyone = caller.isSuperuser && !o.onlyOwn;
  if (requested === undefined) return everyone ? {} : { [field]: caller.id };
  return { [field]: everyone || requested === caller.id ? requested : NO_ROW };
}

/** The users a caller may see: an admin every one, anyone else only themself. */
export const userScope = (caller: Caller): { id?: number } => (caller.isSuperuser ? {} : { id: caller.id });

/** Whether a caller may see (and so address) this user: self or admin; anyone else's id is answered as missing. */
export const mayAddressUser = (caller: Caller, id: number) => caller.isSuperuser || caller.id === id;

/**
 * What a user may change of an account (PUT /api/v1/users/{id}): an admin anything; a user their
 * own first and last name only (repeating unchanged values of the other fields is allowed).
 */
export function assertUserChangeAllowed(
  caller: Caller,
  current: { email: string; isActive: boolean; isSuperuser: boolean },
  input: { email?: string; is_active?: boolean; is_superuser?: boolean; password?: string },
) {
  if (caller.isSuperuser) return;
  const changes =
    (input.email !== undefined && input.email !== current.email) ||
    (input.is_active !== undefined && input.is_active !== current.isActive) ||
    (input.is_superuser !== undefined && input.is_superuser !== current.isSuperuser) ||
    input.password !== undefined;
  if (changes) throw forbidden("You may change only your first and last name");
}

/**
 * The owner a body names: the caller by default; a non-admin naming anyone else gets 403; an
 * admin naming a user that does not exist gets 422 on `path`.
 */
export async function resolveOwner(caller: Caller, ownerId: number | null | undefined, path = "owner_id"): Promise<number> {
  if (ownerId == null || ownerId === caller.id) return caller.id;
  if (!caller.isSuperuser) throw forbidden("You can only create or move objects for yourself");
  const exists = await db.user.count({ where: { id: ownerId } });
  if (!exists) throw invalid([{ path, message: "This user does not exist" }]);
  return ownerId;
}

export const LOCATION_NOT_OWNERS = "This location does not exist or does not belong to the device's owner";
export const INTEGRATION_NOT_OWNERS = "This integration does not exist or does not belong to the device's owner";

/** 422 unless the location exists and belongs to `ownerId`. */
export async function assertLocationOf(ownerId: number, locationId: number | null | undefined, path = "location_id") {
  if (locationId == null) return;
  const n = await db.location.count({ where: { id: locationId, ownerId } });
  if (!n) throw invalid([{ path, message: LOCATION_NOT_OWNERS }]);
}

/** 422 unless the integration exists and belongs to `ownerId`. */
export async function assertIntegrationOf(ownerId: number, integrationId: number | null | undefined, path = "integration_id") {
  if (integrationId == null) return;
  const n = await db.integration.count({ where: { id: integrationId, userId: ownerId } });
  if (!n) throw invalid([{ path, message: INTEGRATION_NOT_OWNERS }]);
}
