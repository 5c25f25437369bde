// The database's own guards on devices (prisma/migrations/*_harden_integrity): services turn their
// refusals into the same answers as their own checks.
import { Prisma } from "@/lib/db";

/** (location_id, owner_id) → locations (id, owner_id): a device's location is its owner's. */
export const DEVICE_LOCATION_FK = "devices_location_id_owner_id_fkey";
/** (integration_id, owner_id) → integrations (id, user_id): a device's integration is its owner's. */
export const DEVICE_INTEGRATION_FK = "devices_integration_id_owner_id_fkey";

/** The constraint a foreign-key violation names (Prisma's P2003 through the pg adapter), if any. */
export function violatedForeignKey(e: unknown): string | undefined {
  if (!(e instanceof Prisma.PrismaClientKnownRequestError) || e.code !== "P2003") return undefined;
  const cause = (e.meta?.driverAdapterError as { cause?: { constraint?: { index?: string } } } | undefined)?.cause;
  return cause?.constraint?.index;
}
