// The database's own guards on devices (prisma/migrations/*_harden_integrity): services turn their
// refusals into the same answers as their own checks.
import { Prisma } from "@/lib/db";
import { conflict, invalid } from "@/lib/errors";
import { isUniqueViolation } from "@/lib/db/constraints";
import { INTEGRATION_NOT_OWNERS, LOCATION_NOT_OWNERS } from "@/lib/services/access";

/** (location_id, owner_id) → locations (id, owner_id): a device's location is its owner's. */
export const DEVICE_LOCATION_FK = "devices_location_id_owner_id_fkey";
/** (integration_id, owner_id) → integrations (id, user_id): a device's integration is its owner's. */
const DEVICE_INTEGRATION_FK = "devices_integration_id_owner_id_fkey";

/** The constraint a foreign-key violation names (Prisma's P2003 through the pg adapter), if any. */
export function violatedForeignKey(e: unknown): string | undefined {
  if (!(e instanceof Prisma.PrismaClientKnownRequestError) || e.code !== "P2003") return undefined;
  const cause = (e.meta?.driverAdapterError as { cause?: { constraint?: { index?: string } } } | undefined)?.cause;
  return cause?.constraint?.index;
}

/**
 * A duplicate device or measurement is a 409. The database's composite foreign keys keep a
 * device's location and integration its owner's: when one changed owner or went away after the
 * service checked it, the write is refused with the same 422 as the check.
 */
export function rethrowRefused(e: unknown, message: string): never {
  if (isUniqueViolation(e)) throw conflict(message);
  const fk = violatedForeignKey(e);
  if (fk === DEVICE_LOCATION_FK) throw invalid([{ path: "location_id", message: LOCATION_NOT_OWNERS }]);
  if (fk === DEVICE_INTEGRATION_FK) throw invalid([{ path: "integration_id", message: INTEGRATION_NOT_OWNERS }]);
  throw e;
}
