import type { Caller } from "@/lib/auth/caller";
import { db, Prisma } from "@/lib/db";
import { notFound, unprocessable } from "@/lib/http/errors";
import { enumFilter, intFilter, orderByWithId, type ListParams } from "@/lib/http/list";
import { withDevices, type LocationWithDevices } from "@/lib/serializers/location";
import { ownedBy, resolveOwner } from "@/lib/services/access";
import { COUNTRIES, type LocationInput } from "@/lib/validation/location";

export const LOCATION_SORTABLE = ["id", "name", "country", "lat", "lon", "owner_id", "created_at", "updated_at"] as const;
export const LOCATION_FILTERABLE = ["owner_id", "country", "name"] as const;

const columns: Record<(typeof LOCATION_SORTABLE)[number], keyof Prisma.LocationOrderByWithRelationInput> = {
  id: "id", name: "name", country: "country", lat: "lat", lon: "lon", owner_id: "ownerId", created_at: "createdAt", updated_at: "updatedAt",
};

/** Own locations (admin: all unless `onlyOwn`), with their devices and measurements. */
export async function listLocations(caller: Caller, p: ListParams<(typeof LOCATION_SORTABLE)[number]>, o: { onlyOwn?: boolean } = {}) {
  const where: Prisma.LocationWhereInput = o.onlyOwn ? { ownerId: caller.id } : { ...ownedBy(caller) };
  if (p.ids) where.id = { in: p.ids };
  const owner = intFilter("owner_id", p.filters.owner_id);
  if (owner !== undefined) where.ownerId = caller.isSuperuser && !o.onlyOwn ? owner : owner === caller.id ? owner : -1;
  const country = enumFilter(COUNTRIES, p.filters.country);
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

/** PUT /api/v1/locations/{id}: the whole object. */
export async function updateLocation(caller: Caller, id: number, input: LocationInput) {
  const current = await getLocationOrThrow(caller, id);
  if (input.owner_id != null && input.owner_id !== current.ownerId) {
    // moving a location to another owner would leave its devices with a stranger's location
    await resolveOwner(caller, input.owner_id);
    const devices = await db.device.count({ where: { locationId: id } });
    if (devices) {
      throw unprocessable([{ path: "owner_id", message: "A location with devices cannot change owner" }]);
    }
  }
  return db.location.update({
    where: { id },
    data: { name: input.name, country: input.country, lat: input.lat, lon: input.lon, ownerId: input.owner_id ?? current.ownerId },
    include: withDevices,
  });
}

/** DELETE: the location goes, its devices stay with no location. */
export async function deleteLocation(caller: Caller, id: number) {
  const { count } = await db.location.deleteMany({ where: { id, ...ownedBy(caller) } });
  if (!count) throw notFound("Location");
}
