// Devices: one device table (and its measurement table) behind the device_info, user_devices and
// admin devices views; the measurements on their own (device_measurement_metadata) are in
// ./measurements.ts.
import type { Caller } from "@/lib/auth/caller";
import { db, Prisma } from "@/lib/db";
import type { Device, Measurement } from "@/lib/generated/prisma/client";
import { conflict, notFound } from "@/lib/errors";
import type { ListParams } from "@/lib/http/list";
import type { DeviceListFilters } from "@/lib/validation/list-filters";
import { assertIntegrationOf, assertLocationOf, ownedBy, ownerScope, resolveOwner } from "@/lib/services/access";
import { rethrowRefused } from "./constraints";
import { DEVICE_COLUMNS, foldDevices, MEASUREMENT_COLUMNS } from "./rows";
import { containsInsensitive, orderWithId, readPage, whereAll } from "@/lib/services/sql-page";
import {
  measurementLimit,
  measurementLimitMessage,
  type AdminDeviceUpdate,
  type ChannelInput,
  type DeviceInfoCreate,
  type DeviceInfoUpdate,
  type UserDeviceInput,
} from "@/lib/validation/device";

type Tx = Prisma.TransactionClient;

/** A measurement as the device views read it (every column but updated_at). */
export type MeasurementRow = Omit<Measurement, "updatedAt">;
/** A device with what every view shows of it (the service's shape; serializers read it). */
export type DeviceWithMeasurements = Device & { measurements: MeasurementRow[] };
/** Rows to load with a device for every view. */
export const withMeasurements = { measurements: { orderBy: { id: "asc" } } } as const;

const DEVICE_EXISTS = "A device with this Device ID already exists";

export const DEVICE_SORTABLE = ["id", "device_id", "device_type", "phase_m", "owner_id", "location_id", "created_at", "updated_at"] as const;
export const ADMIN_DEVICE_SORTABLE = ["id", "name", "type", "data_source", "measurement_type", "user_id", "location_id"] as const;

const deviceColumns: Record<string, Prisma.Sql> = {
  id: Prisma.sql`d.id`, device_id: Prisma.sql`d.device_id`, name: Prisma.sql`d.device_id`, device_type: Prisma.sql`d.device_type`,
  type: Prisma.sql`d.device_type`, phase_m: Prisma.sql`d.phase_m`, measurement_type: Prisma.sql`d.phase_m`, owner_id: Prisma.sql`d.owner_id`,
  user_id: Prisma.sql`d.owner_id`, location_id: Prisma.sql`d.location_id`, data_source: Prisma.sql`d.data_source`,
  created_at: Prisma.sql`d.created_at`, updated_at: Prisma.sql`d.updated_at`,
};

/**
 * Own devices (admin: all), filtered by the view's field names, sorted and paged: the page and
 * its total in one statement (lib/services/sql-page.ts), the page joined to its measurements.
 */
export async function listDevices(caller: Caller, p: ListParams<string, DeviceListFilters>): Promise<{ items: DeviceWithMeasurements[]; total: number }> {
  const f = p.filters;
  const type = f.device_type === undefined ? f.type : f.device_type;
  const source = f.data_source;
  const phase = f.phase_m === undefined ? f.measurement_type : f.phase_m;
  // a value outside its list matches nothing
  if (type === null || source === null || phase === null) return { items: [], total: 0 };
  const conditions: Prisma.Sql[] = [];
  const { ownerId } = ownerScope(caller, "ownerId", f.owner_id ?? f.user_id);
  if (ownerId !== undefined) conditions.push(Prisma.sql`d.owner_id = ${ownerId}`);
  if (p.ids) conditions.push(Prisma.sql`d.id = ANY(${p.ids}::int[])`);
  if (f.location_id !== undefined) conditions.push(Prisma.sql`d.location_id = ${f.location_id}`);
  if (f.integration_id !== undefined) conditions.push(Prisma.sql`d.integration_id = ${f.integration_id}`);
  if (type !== undefined) conditions.push(Prisma.sql`d.device_type = ${type}::"DeviceType"`);
  if (source !== undefined) conditions.push(Prisma.sql`d.data_source = ${source}::"DataSource"`);
  if (phase !== undefined) conditions.push(Prisma.sql`d.phase_m = ${phase}::"Phase"`);
  const deviceId = f.device_id ?? f.name;
  if (p.q) conditions.push(containsInsensitive(Prisma.sql`d.device_id`, p.q));
  else if (deviceId !== undefined) conditions.push(Prisma.sql`d.device_id = ${deviceId}`);
  const where = whereAll(conditions);
  const field = Object.hasOwn(deviceColumns, p.sort.field) ? p.sort.field : "id";
  const orderBy = orderWithId(deviceColumns, field, p.sort.order);
  const { rows, total } = await readPage(
    Prisma.sql`SELECT count(*)::int FROM devices d ${where}`,
    Prisma.sql`SELECT json_agg(json_build_array(${DEVICE_COLUMNS}, ${MEASUREMENT_COLUMNS}) ORDER BY ${orderBy}, m.id)
      FROM (SELECT * FROM devices d ${where} ORDER BY ${orderBy} LIMIT ${p.take} OFFSET ${p.skip}) d
      LEFT JOIN measurements m ON m.device_id = d.id`,
  );
  const items: DeviceWithMeasurements[] = [];
  foldDevices(rows, 0, (d) => items.push(d));
  return { items, total };
}

/** A device the caller may see, with its measurements; anyone else's is not found. */
export async function getDeviceOrThrow(caller: Caller, id: number, tx: Tx | typeof db = db): Promise<DeviceWithMeasurements> {
  const d = await tx.device.findFirst({ where: { id, ...ownedBy(caller) }, include: withMeasurements });
  if (!d) throw notFound("Device");
  return d;
}

/**
 * Locks the row of a device the caller may see, before anything about it is read: concurrent
 * writes to the device or its measurements queue up, and the reads that follow (type, phase,
 * measurement count) see the latest committed values. A device the caller cannot see is not
 * locked; the read that follows answers for it.
 */
export async function lockDevice(tx: Tx, caller: Caller, id: number) {
  if (caller.isSuperuser) await tx.$queryRaw`SELECT id FROM devices WHERE id = ${id} FOR UPDATE`;
  else await tx.$queryRaw`SELECT id FROM devices WHERE id = ${id} AND owner_id = ${caller.id} FOR UPDATE`;
}

function assertFits(count: number, type: string | null | undefined, phase: string | null | undefined) {
  const limit = measurementLimit(type, phase);
  if (count > limit) throw conflict(measurementLimitMessage(limit));
}

/** POST /api/v1/device_info */
export async function createDeviceInfo(caller: Caller, input: DeviceInfoCreate): Promise<DeviceWithMeasurements> {
  const ownerId = await resolveOwner(caller, input.owner_id);
  await assertLocationOf(ownerId, input.location_id);
  await assertIntegrationOf(ownerId, input.integration_id);
  try {
    return await db.device.create({
      data: {
        deviceId: input.device_id,
        deviceType: input.device_type ?? null,
        phaseM: input.phase_m ?? null,
        ownerId,
        locationId: input.location_id ?? null,
        integrationId: input.integration_id ?? null,
      },
      include: withMeasurements,
    });
  } catch (e) {
    rethrowRefused(e, DEVICE_EXISTS);
  }
}

type DeviceChanges = {
  deviceId?: string;
  deviceType?: DeviceWithMeasurements["deviceType"];
  phaseM?: DeviceWithMeasurements["phaseM"];
  ownerId?: number | null;
  locationId?: number | null;
  integrationId?: number | null;
  dataSource?: DeviceWithMeasurements["dataSource"];
  mqttHost?: string | null;
};

/**
 * The one update path of every view: checks a new owner, the location and integration against
 * the (new) owner, and that the measurements still fit a changed type or phase. `channels`, when
 * given, replace the measurements; `ownerPath` is the owner field's name in the caller's view.
 */
async function applyDeviceChanges(caller: Caller, id: number, c: DeviceChanges, o: { channels?: ChannelInput[]; ownerPath?: "owner_id" | "user_id" } = {}) {
  const { channels, ownerPath = "owner_id" } = o;
  return db.$transaction(async (tx) => {
    await lockDevice(tx, caller, id);
    const current = await getDeviceOrThrow(caller, id, tx);
    const ownerId = c.ownerId === undefined || c.ownerId === null ? current.ownerId : await resolveOwner(caller, c.ownerId, ownerPath);
    const locationId = c.locationId === undefined ? current.locationId : c.locationId;
    const integrationId = c.integrationId === undefined ? current.integrationId : c.integrationId;
    if (locationId !== current.locationId || ownerId !== current.ownerId) await assertLocationOf(ownerId, locationId);
    if (integrationId !== current.integrationId || ownerId !== current.ownerId) await assertIntegrationOf(ownerId, integrationId);
    const type = c.deviceType === undefined ? current.deviceType : c.deviceType;
    const phase = c.phaseM === undefined ? current.phaseM : c.phaseM;
    const count = channels ? channels.length : await tx.measurement.count({ where: { deviceId: id } });
    assertFits(count, type, phase);
    try {
      await tx.device.update({
        where: { id },
        data: {
          deviceId: c.deviceId,
          deviceType: c.deviceType,
          phaseM: c.phaseM,
          ownerId,
          locationId,
          integrationId,
          dataSource: c.dataSource,
          mqttHost: c.mqttHost,
        },
      });
    } catch (e) {
      rethrowRefused(e, DEVICE_EXISTS);
    }
    if (channels) await replaceChannels(tx, id, channels);
    return tx.device.findUniqueOrThrow({ where: { id }, include: withMeasurements });
  });
}

/** PUT /api/v1/device_info/{id}: fields left out stay as they are. */
export async function updateDeviceInfo(caller: Caller, id: number, input: DeviceInfoUpdate) {
  return applyDeviceChanges(caller, id, {
    deviceId: input.device_id,
    deviceType: input.device_type,
    phaseM: input.phase_m,
    ownerId: input.owner_id,
    locationId: input.location_id,
    integrationId: input.integration_id,
  });
}

/** PUT /api/v1/devices/{id} (admin view): a left-out location keeps the device's location. */
export async function updateAdminDevice(caller: Caller, id: number, input: AdminDeviceUpdate) {
  return applyDeviceChanges(caller, id, {
    deviceId: input.name,
    deviceType: input.type,
    phaseM: input.measurement_type,
    dataSource: input.data_source,
    ownerId: input.user_id,
    locationId: input.location_id,
  }, { ownerPath: "user_id" });
}

/** DELETE a device and its measurements. */
export async function deleteDevice(caller: Caller, id: number) {
  const { count } = await db.device.deleteMany({ where: { id, ...ownedBy(caller) } });
  if (!count) throw notFound("Device");
}

// ---- user_devices (Variant A): channels are the device's measurements, matched by name ----

function channelData(c: ChannelInput) {
  return {
    classification: c.classification,
    prefix: c.prefix ?? null,
    suffix: c.suffix ?? null,
    programmable: c.metadata?.["is.programmable"] ?? null,
    smartApplianceCategory: c.metadata?.smartApplianceCategory ?? null,
    quantities: (c.metadata?.measurements ?? []).map((q) => ({ unit: q.unit ?? null, databaseMeasurementPrefix: q.databaseMeasurementPrefix ?? null })),
  };
}

/** Makes the device's measurements match the channel list: adds, changes and removes. */
async function replaceChannels(tx: Tx, deviceId: number, channels: ChannelInput[]) {
  const names = channels.map((c) => c.name);
  await tx.measurement.deleteMany({ where: { deviceId, name: { notIn: names } } });
  const existing = new Set((await tx.measurement.findMany({ where: { deviceId }, select: { name: true } })).map((m) => m.name));
  for (const c of channels) {
    if (existing.has(c.name)) await tx.measurement.update({ where: { deviceId_name: { deviceId, name: c.name } }, data: channelData(c) });
    else await tx.measurement.create({ data: { deviceId, name: c.name, displayName: c.name, ...channelData(c) } });
  }
}

/** POST /api/v1/user_devices: the device of the caller with its channels. */
export async function createUserDevice(caller: Caller, input: UserDeviceInput) {
  await assertLocationOf(caller.id, input.location_id);
  await assertIntegrationOf(caller.id, input.integration_id);
  const channels = input.data.channels ?? [];
  assertFits(channels.length, input.device_type, input.phase_m);
  try {
    return await db.$transaction(async (tx) => {
      const d = await tx.device.create({
        data: {
          deviceId: input.device_id,
          deviceType: input.device_type,
          phaseM: input.phase_m ?? null,
          ownerId: caller.id,
          locationId: input.location_id,
          integrationId: input.integration_id ?? null,
          dataSource: input.data.source,
          mqttHost: input.data.mqtt?.host ?? null,
        },
      });
      await replaceChannels(tx, d.id, channels);
      return tx.device.findUniqueOrThrow({ where: { id: d.id }, include: withMeasurements });
    });
  } catch (e) {
    rethrowRefused(e, DEVICE_EXISTS);
  }
}

/** PUT /api/v1/user_devices/{id}: the whole device; its channel list, when sent, replaces the measurements. */
export async function updateUserDevice(caller: Caller, id: number, input: UserDeviceInput) {
  return applyDeviceChanges(
    caller,
    id,
    {
      deviceId: input.device_id,
      deviceType: input.device_type,
      phaseM: input.phase_m === undefined ? undefined : input.phase_m,
      locationId: input.location_id,
      integrationId: input.integration_id ?? null,
      dataSource: input.data.source,
      mqttHost: input.data.mqtt?.host ?? null,
    },
    // a body without a channel list keeps the channels; a list (even empty) replaces them
    { channels: input.data.channels === undefined ? undefined : input.data.channels ?? [] },
  );
}
