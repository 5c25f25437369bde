import type { Caller } from "@/lib/auth/caller";
import { db, Prisma } from "@/lib/db";
import type { Location } from "@/lib/generated/prisma/client";
import { invalid, notFound } from "@/lib/errors";
import type { ListParams } from "@/lib/http/list";
import type { LocationListFilters } from "@/lib/validation/list-filters";
import type { DeviceWithMeasurements } from "@/lib/services/devices/devices";
import { ownedBy, ownerScope, resolveOwner } from "@/lib/services/access";
import { DEVICE_LOCATION_FK, violatedForeignKey } from "@/lib/services/devices/constraints";
import { DEVICE_COLUMNS, foldDevices, MEASUREMENT_COLUMNS } from "@/lib/services/devices/rows";
import { containsInsensitive, fromEpochMs, orderWithId, readPage, whereAll } from "@/lib/services/sql-page";
import type { LocationInput } from "@/lib/validation/location";

/** A location with its devices and their measurements (the service's shape; serializers read it). */
export type LocationWithDevices = Location & { devices: DeviceWithMeasurements[] };
/**
 * A location of a list: the same, its coordinates as numbers (PostgreSQL's JSON, read as
 * `Number(decimal)` would read them; the view shows numbers).
 */
export type LocationListRow = Omit<LocationWithDevices, "lat" | "lon"> & { lat: number; lon: number };
export const withDevices = { devices: { orderBy: { id: "asc" }, include: { measurements: { orderBy: { id: "asc" } } } } } as const;

export const LOCATION_SORTABLE = ["id", "name", "country", "lat", "lon", "owner_id", "created_at", "updated_at"] as const;

const columns: Record<(typeof LOCATION_SORTABLE)[number], Prisma.Sql> = {
  id: Prisma.sql`l.id`, name: Prisma.sql`l.name`, country: Prisma.sql`l.country`, lat: Prisma.sql`l.lat`, lon: Prisma.sql`l.lon`,
  owner_id: Prisma.sql`l.owner_id`, created_at: Prisma.sql`l.created_at`, updated_at: Prisma.sql`l.updated_at`,
};

/** A location's columns (alias `l`), then its devices' and their measurements' (lib/services/devices/rows.ts). */
const LOCATION_COLUMNS = Prisma.sql`l.id, l.name, l.country, l.lat, l.lon, l.owner_id, (extract(epoch FROM l.created_at) * 1000)::bigint, (extract(epoch FROM l.updated_at) * 1000)::bigint`;
const LOCATION_WIDTH = 8;

/**
 * Own locations (admin: all unless `onlyOwn`), with their devices and measurements: the page and
 * its total in one statement (lib/services/sql-page.ts), the page joined to its devices and their
 * measurements, one JSON array per joined row.
 */
export async function listLocations(
  caller: Caller,
  p: ListParams<(typeof LOCATION_SORTABLE)[number], LocationListFilters>,
  o: { onlyOwn?: boolean } = {},
): Promise<{ items: LocationListRow[]; total: number }> {
  const country = p.filters.country;
  if (country === null) return { items: [], total: 0 };
  const conditions: Prisma.Sql[] = [];
  const { ownerId } = ownerScope(caller, "ownerId", p.filters.owner_id, o);
  if (ownerId !== undefined) conditions.push(Prisma.sql`l.owner_id = ${ownerId}`);
  if (p.ids) conditions.push(Prisma.sql`l.id = ANY(${p.ids}::int[])`);
  if (country !== undefined) conditions.push(Prisma.sql`l.country = ${country}::"Country"`);
  if (p.q) conditions.push(containsInsensitive(Prisma.sql`l.name`, p.q));
  else if (p.filters.name !== undefined) conditions.push(Prisma.sql`l.name = ${p.filters.name}`);
  const where = whereAll(conditions);
  const orderBy = orderWithId(columns, p.sort.field, p.sort.order);
  const { rows, total } = await readPage(
    Prisma.sql`SELECT count(*)::int FROM locations l ${where}`,
    Prisma.sql`SELECT json_agg(json_build_array(${LOCATION_COLUMNS}, ${DEVICE_COLUMNS}, ${MEASUREMENT_COLUMNS}) ORDER BY ${orderBy}, d.id, m.id)
      FROM (SELECT * FROM locations l ${where} ORDER BY ${orderBy} LIMIT ${p.take} OFFSET ${p.skip}) l
      LEFT JOIN devices d ON d.location_id = l.id AND d.owner_id = l.owner_id
      LEFT JOIN measurements m ON m.device_id = d.id`,
  );
  const items: LocationListRow[] = [];
  let location: LocationListRow | undefined;
  for (const r of rows) {
    if (location?.id !== r[0]) {
      location = {
        id: r[0] as number,
        name: r[1] as string,
        country: r[2] as Location["country"],
        lat: r[3] as number,
        lon: r[4] as number,
        ownerId: r[5] as number,
        createdAt: fromEpochMs(r[6] as number),
        updatedAt: fromEpochMs(r[7] as number),
        devices: [],
      };
      items.push(location);
    }
  }
  const byId = new Map(items.map((l) => [l.id, l]));
  foldDevices(rows, LOCATION_WIDTH, (d, r) => byId.get(r[0] as number)!.devices.push(d));
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
        if (await tx.device.count({ where: { locationId: id } })) throw invalid([{ path: "owner_id", message: OWNER_CHANGE_REFUSED }]);
      }
      return tx.location.update({
        where: { id },
        data: { name: input.name, country: input.country, lat: input.lat, lon: input.lon, ownerId: input.owner_id ?? current.ownerId },
        include: withDevices,
      });
    });
  } catch (e) {
    if (violatedForeignKey(e) === DEVICE_LOCATION_FK) throw invalid([{ path: "owner_id", message: OWNER_CHANGE_REFUSED }]);
    throw e;
  }
}

/** DELETE: the location goes, its devices stay with no location. */
export async function deleteLocation(caller: Caller, id: number) {
  const { count } = await db.location.deleteMany({ where: { id, ...ownedBy(caller) } });
  if (!count) throw notFound("Location");
}
