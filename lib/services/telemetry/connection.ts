// A device's MQTT connection: what to type into the device (GET .../mqtt), its prefix and format
// (PUT .../mqtt), a new password (POST .../mqtt/password), and what the broker and the ingest read
// of it. The row (device_mqtt) is made on first use with defaults from the device. Routes:
// app/api/v1/device_info/[id]/mqtt/. docs/telemetry.md, "Connecting a device".
import type { Caller } from "@/lib/auth/caller";
import { db, Prisma } from "@/lib/db";
import type { DeviceMqtt, TelemetryFormat } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { conflict, invalid } from "@/lib/errors";
import { getDeviceOrThrow } from "@/lib/services/devices/devices";
import { hashDevicePassword, newDevicePassword } from "@/lib/telemetry/password";
import { isValidPrefix } from "@/lib/telemetry/channels";
import type { TelemetryErrorKind } from "@/lib/telemetry/formats/types";

type Tx = Prisma.TransactionClient;
type DeviceLike = { id: number; deviceId: string; deviceType: string | null };

/** The broker's username of a device: fixed by its row id, so it never collides nor changes. */
const mqttUsername = (deviceId: number) => `device-${deviceId}`;
/** The ingest's own username on the broker (its password: lib/mqtt/ingest-credentials.ts). */
export const INGEST_USERNAME = "foyer-ingest";

const PREFIX_TAKEN = "Another device already publishes under this topic prefix (or one that contains it): choose another";

/**
 * How a device of this type talks, by default: a Shelly by its id's model (Gen2 and later: Pro,
 * Plus, Mini and the Gen3/Gen4 models speak JSON-RPC; the first generation, e.g. shellyem-…,
 * scalar topics), a Linky its TIC through teleinfo2mqtt, anything else Foyer's JSON format.
 */
function defaultFormat(d: DeviceLike): TelemetryFormat {
  if (d.deviceType === "shelly") return /^shelly[a-z0-9]*-/i.test(d.deviceId) && !/^shelly(pro|plus|mini|pmmini|[a-z0-9]*g[34])/i.test(d.deviceId) ? "shelly_gen1" : "shelly_gen2";
  if (d.deviceType === "linky") return "teleinfo";
  return "foyer_json";
}

/** The prefix a device gets by default: what the device uses out of the box where we know it. */
function defaultPrefix(d: DeviceLike, format: TelemetryFormat): string {
  if (format === "teleinfo") {
    // teleinfo2mqtt publishes on teleinfo/<ADCO or ADSC>, the meter's 12-digit serial
    const digits = d.deviceId.replace(/\D/g, "");
    return digits.length >= 12 ? `teleinfo/${digits.slice(-12)}` : `teleinfo/foyer-${d.id}`;
  }
  // a Shelly's default MQTT prefix: its id (Gen2+: shellypro3em-1234567890ab; Gen1: shellies/shellyem-…)
  if (format === "shelly_gen1" && isValidPrefix(`shellies/${d.deviceId}`)) return `shellies/${d.deviceId}`;
  const own = d.deviceId.trim().toLowerCase().replace(/\s+/g, "-");
  return isValidPrefix(own) ? own : `foyer/device-${d.id}`;
}

/** Refuses a prefix that would share topics with another device's (equal, or one under the other). */
async function assertPrefixFree(tx: Tx, prefix: string, deviceId: number) {
  // one writer of prefixes at a time: two devices cannot take overlapping prefixes in a race
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('foyer:mqtt-prefix'))`;
  const rows = await tx.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM device_mqtt
    WHERE device_id <> ${deviceId}
      AND (topic_prefix = ${prefix} OR starts_with(topic_prefix, ${prefix + "/"}) OR starts_with(${prefix}, topic_prefix || '/'))`;
  if (rows[0]!.n) throw conflict(PREFIX_TAKEN, "topic_prefix_taken");
}

/** The device's row, made with its defaults when it has none (the device is the caller's: checked before). */
async function ensureRow(tx: Tx, d: DeviceLike): Promise<DeviceMqtt> {
  const existing = await tx.deviceMqtt.findUnique({ where: { deviceId: d.id } });
  if (existing) return existing;
  const format = defaultFormat(d);
  let prefix = defaultPrefix(d, format);
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('foyer:mqtt-prefix'))`;
  // made meanwhile by a request that held the lock before this one
  const made = await tx.deviceMqtt.findUnique({ where: { deviceId: d.id } });
  if (made) return made;
  const taken = await tx.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM device_mqtt
    WHERE topic_prefix = ${prefix} OR starts_with(topic_prefix, ${prefix + "/"}) OR starts_with(${prefix}, topic_prefix || '/')`;
  if (taken[0]!.n) prefix = `foyer/device-${d.id}`;
  return tx.deviceMqtt.create({ data: { deviceId: d.id, username: mqttUsername(d.id), topicPrefix: prefix, format } });
}

/** Where devices connect: MQTT_PUBLIC_URL, else APP_URL's host with the broker's port (TLS when configured). */
function brokerAddress(): { host: string; port: number; tls: boolean } {
  const e = env();
  if (e.MQTT_PUBLIC_URL) {
    const u = new URL(e.MQTT_PUBLIC_URL);
    const tls = u.protocol === "mqtts:";
    return { host: u.hostname, port: u.port ? Number(u.port) : tls ? 8883 : 1883, tls };
  }
  if (e.MQTT_URL) {
    const u = new URL(e.MQTT_URL);
    const tls = u.protocol === "mqtts:";
    return { host: u.hostname, port: u.port ? Number(u.port) : tls ? 8883 : 1883, tls };
  }
  const tls = Boolean(e.MQTT_TLS_CERT);
  return { host: new URL(e.APP_URL).hostname, port: tls ? e.MQTT_TLS_PORT : e.MQTT_PORT, tls };
}

export type MqttView = { row: DeviceMqtt; broker: ReturnType<typeof brokerAddress> };

/** GET /api/v1/device_info/{id}/mqtt */
export async function deviceMqtt(caller: Caller, id: number): Promise<MqttView> {
  const d = await getDeviceOrThrow(caller, id);
  const row = await db.$transaction((tx) => ensureRow(tx, d));
  return { row, broker: brokerAddress() };
}

/** PUT /api/v1/device_info/{id}/mqtt */
export async function updateDeviceMqtt(caller: Caller, id: number, input: { topic_prefix?: string; format?: TelemetryFormat }): Promise<MqttView> {
  const d = await getDeviceOrThrow(caller, id);
  if (input.topic_prefix !== undefined && !isValidPrefix(input.topic_prefix)) {
    throw invalid([{ path: "topic_prefix", message: "A topic prefix is 1 to 128 characters, without + or #, and does not start or end with / (nor start with $)" }]);
  }
  const row = await db.$transaction(async (tx) => {
    const current = await ensureRow(tx, d);
    if (input.topic_prefix !== undefined && input.topic_prefix !== current.topicPrefix) await assertPrefixFree(tx, input.topic_prefix, d.id);
    return tx.deviceMqtt.update({
      where: { deviceId: d.id },
      data: { ...(input.topic_prefix !== undefined && { topicPrefix: input.topic_prefix }), ...(input.format !== undefined && { format: input.format }) },
    });
  });
  return { row, broker: brokerAddress() };
}

/** POST /api/v1/device_info/{id}/mqtt/password: the previous one stops working (the broker closes its connection). */
export async function newMqttPassword(caller: Caller, id: number): Promise<{ username: string; password: string }> {
  return rekey(await getDeviceOrThrow(caller, id));
}

async function rekey(d: DeviceLike): Promise<{ username: string; password: string }> {
  const password = newDevicePassword();
  const row = await db.$transaction(async (tx) => {
    await ensureRow(tx, d);
    return tx.deviceMqtt.update({ where: { deviceId: d.id }, data: { passwordHash: hashDevicePassword(password), passwordSetAt: new Date() } });
  });
  return { username: row.username, password };
}

/** A new password for a device, without a caller: the demo's device simulator keys its own devices (lib/integrations/sandbox/device-simulator.ts). */
export async function setDevicePassword(deviceId: number): Promise<{ username: string; password: string }> {
  const d = await db.device.findUniqueOrThrow({ where: { id: deviceId }, select: { id: true, deviceId: true, deviceType: true } });
  return rekey(d);
}

/** The MQTT row of each of these devices, made with its defaults where missing (the seed's demo devices). */
export async function ensureDeviceMqtt(deviceIds: number[], overrides: Record<number, { topicPrefix?: string; format?: TelemetryFormat }> = {}): Promise<void> {
  const devices = await db.device.findMany({ where: { id: { in: deviceIds } }, select: { id: true, deviceId: true, deviceType: true } });
  for (const d of devices) {
    await db.$transaction(async (tx) => {
      await ensureRow(tx, d);
      const o = overrides[d.id];
      if (o?.topicPrefix) await assertPrefixFree(tx, o.topicPrefix, d.id);
      if (o) await tx.deviceMqtt.update({ where: { deviceId: d.id }, data: o });
    });
  }
}

// ---- what the broker and the ingest read ----

export type DeviceAccess = { deviceId: number; username: string; passwordHash: string | null; topicPrefix: string; format: TelemetryFormat };

/** The broker's check at CONNECT: a device's access by its username (null: no such device). */
export async function accessByUsername(username: string): Promise<DeviceAccess | null> {
  const row = await db.deviceMqtt.findUnique({ where: { username }, select: { deviceId: true, username: true, passwordHash: true, topicPrefix: true, format: true } });
  return row;
}

export type DeviceRoute = { deviceId: number; topicPrefix: string; format: TelemetryFormat; online: boolean | null; measurements: { id: number; name: string; prefix: string | null }[] };

/** Every device that may send (the ingest's map from topics to devices and measurements). */
export async function deviceRoutes(): Promise<DeviceRoute[]> {
  const rows = await db.deviceMqtt.findMany({
    select: { deviceId: true, topicPrefix: true, format: true, online: true, device: { select: { measurements: { select: { id: true, name: true, prefix: true }, orderBy: { id: "asc" } } } } },
  });
  return rows.map((r) => ({ deviceId: r.deviceId, topicPrefix: r.topicPrefix, format: r.format, online: r.online, measurements: r.device.measurements }));
}

/** Every device's credentials (Mosquitto's password and ACL files). */
export async function allAccess(): Promise<DeviceAccess[]> {
  return db.deviceMqtt.findMany({ select: { deviceId: true, username: true, passwordHash: true, topicPrefix: true, format: true }, orderBy: { deviceId: "asc" } });
}

/** A device's last error, said by the broker (a message it dropped): counted and shown on the device's page. */
export async function noteDeviceRefusal(deviceId: number, kind: TelemetryErrorKind, reason: string): Promise<void> {
  await db.deviceMqtt.updateMany({ where: { deviceId }, data: { lastError: reason.slice(0, 300), lastErrorKind: kind, lastErrorAt: new Date(), errorCount: { increment: 1 } } });
}

