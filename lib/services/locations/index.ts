import type { Caller } from "@/lib/auth/caller";
import { db, Prisma } from "@/lib/db";
import type { Location } from "@/lib/generated/prisma/client";
import { notFound, unprocessable } from "@/lib/http/errors";
import { orderByWithId, type ListParams } from "@/lib/http/list";
import type { LocationListFilters } from "@/lib/validation/list-filters";
import type { DeviceWithMeasurements } from "@/lib/services/devices";
import { ownedBy, ownerScope, resolveOwner } from "@/lib/services/access";
import { DEVICE_LOCATION_FK, violatedForeignKey } from "@/lib/services/devices/constraints";
import type { LocationInput } from "@/lib/validation/location";

/** A location with its devices and their measurements (the service's shape; serializers read it). */
export type LocationWithDevices = Location & { devices: DeviceWithMeasurements[] };
export const withDevices = { devices: { orderBy: { id: "asc" }, include: { measurements: { orderBy: { id: "asc" } } } } } as const;

export const LOCATION_SORTABLE = ["id", "name", "country", "lat", "lon", "owner_id", "created_at", "updated_at"] as const;

const columns: Record<(typeof LOCATION_SORTABLE)[number], keyof Prisma.LocationOrderByWithRelationInput> = {
  id: "id", name: "name", country: "country", lat: "lat", lon: "lon", owner_id: "ownerId", created_at: "createdAt", updated_at: "updatedAt",
};

/** Own locations (admin: all unless `onlyOwn`), with their devices and measurements. */
export async function listLocations(caller: Caller, p: ListParams<(typeof LOCATION_SORTABLE)[number], LocationListFilters>, o: { onlyOwn?: boolean } = {}) {
  const where: Prisma.LocationWhereInput = { ...ownerScope(caller, "ownerId", p.filters.owner_id, o) };
  if (p.ids) where.id = { in: p.ids };
  const country = p.filters.country;
  if (country === null) return { items: [], total: 0 };
  if (country !== undefined) where.country = country;
  if (p.filters.name !== undefined) where.name = p.filters.name;
  if (p.q) where.name = { contains: p.q, mode: "insensitive" };
  const orderBy = orderByWithId<Prisma.LocationOrderByWithRelationInput>(columns[p.sort.field], p.sort.order);
  // two statements on two pooled connections, no transaction held: a read needs no more
  const [items, total] = await Promise.all([
    db.location.findMany({ where, orderBy, skip: p.skip, take: p.take, include: withDevices }),
    db.location.count({ where }),
  ]);
  return { items, total };
}

export async function getLocationOrThrow(caller: Caller, id: number): Promise<LocationWithDevices> {
  const l = await db.location.findFirst({ where: { id, ...ownedBy(caller) }, include: withDevices });
  if (!l) throw notFound("Location");
  return l;
}

/** POST /api/v1/locations: for the caller (an admin may name another owner). */
export async function createLocation(caller: Caller, input: LocationInput) {
  const ownerId = await resolveOwner(caller, input.owner_id);
  return db.location.create({
    data: { ownerId, name: input.name, country: input.country, lat: input.lat, lon: input.lon },
    include: withDevices,
  });
}

const OWNER_CHANGE_REFUSED = "A location with devices cannot change owner";

/**
 * PUT /api/v1/locations/{id}: the whole object. Moving a location to another owner would leave its
 * devices with a stranger's location, so the check and the write run in one transaction on the
 * locked row: a device being created there meanwhile holds (or waits for) a lock on the row
 * through its foreign key, so the count sees it, or its insert fails once the owner changed. The
 * database's (location_id, owner_id) foreign key refuses the change on its own as well.
 */
export async function updateLocation(caller: Caller, id: number, input: LocationInput) {
  try {
    return await db.$transaction(async (tx) => {
      if (caller.isSuperuser) await tx.$queryRaw`SELECT id FROM locations WHERE id = ${id} FOR UPDATE`;
      else await tx.$queryRaw`SELECT id FROM locations WHERE id = ${id} AND owner_id = ${caller.id} FOR UPDATE`;
      const current = await tx.location.findFirst({ where: { id, ...ownedBy(caller) }, select: { ownerId: true } });
      if (!current) throw notFound("Location");
      if (input.owner_id != null && input.owner_id !== current.ownerId) {
        await resolveOwner(caller, input.owner_id);
        if (await tx.device.count({ where: { locationId: id } })) throw unprocessable([{ path: "owner_id", message: OWNER_CHANGE_REFUSED }]);
      }
      return tx.location.update({
        where: { id },
        data: { name: input.name, country: input.country, lat: input.lat, lon: input.lon, ownerId: input.owner_id ?? current.ownerId },
        include: withDevices,
      });
    });
  } catch (e) {
    if (violatedForeignKey(e) === DEVICE_LOCATION_FK) throw unprocessable([{ path: "owner_id", message: OWNER_CHANGE_REFUSED }]);
    throw e;
  }
}

/** DELETE: the location goes, its devices stay with no location. */
export async function deleteLocation(caller: Caller, id: number) {
  const { count } = await db.location.deleteMany({ where: { id, ...ownedBy(caller) } });
  if (!count) throw notFound("Location");
}
