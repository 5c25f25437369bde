import { db } from "@/lib/db";
import type {
  ChannelClassification,
  DataSource,
  DeviceType,
  IntegrationName,
  MeasureType,
  Phase,
} from "@/lib/generated/prisma/client";

type QuantitySeed = { unit?: string | null; databaseMeasurementPrefix?: string | null };

export type MeasurementSeed = {
  name?: string;
  displayName?: string | null;
  measureType?: MeasureType;
  classification?: ChannelClassification | null;
  programmable?: boolean | null;
  prefix?: string | null;
  suffix?: string | null;
  quantities?: QuantitySeed[];
};

export type DeviceSeed = {
  deviceId?: string;
  deviceType?: DeviceType | null;
  phaseM?: Phase | null;
  locationId?: number | null;
  integrationId?: number | null;
  dataSource?: DataSource | null;
  mqttHost?: string | null;
  /** measurements to create with the device (named m1, m2... unless told) */
  measurements?: MeasurementSeed[];
};

let seq = 0;

/**
 * A device of `ownerId`, by default a single-phase spoony (room for 3 measurements) read over
 * MQTT, with no location and no measurements.
 */
export async function makeDevice(ownerId: number, o: DeviceSeed = {}) {
  seq += 1;
  const device = await db.device.create({
    data: {
      ownerId,
      deviceId: o.deviceId ?? `device-${seq}`,
      deviceType: o.deviceType === undefined ? "spoony" : o.deviceType,
      phaseM: o.phaseM === undefined ? "single" : o.phaseM,
      locationId: o.locationId ?? null,
      integrationId: o.integrationId ?? null,
      dataSource: o.dataSource === undefined ? "mqtt" : o.dataSource,
      mqttHost: o.mqttHost ?? null,
    },
  });
  const measurements = [];
  for (const [i, m] of (o.measurements ?? []).entries()) measurements.push(await makeMeasurement(device.id, { name: `m${i + 1}`, ...m }));
  return { ...device, measurements };
}

/** A measurement (channel) of the device with this integer id. */
export async function makeMeasurement(deviceId: number, o: MeasurementSeed = {}) {
  seq += 1;
  const name = o.name ?? `measurement-${seq}`;
  return db.measurement.create({
    data: {
      deviceId,
      name,
      displayName: o.displayName === undefined ? name : o.displayName,
      measureType: o.measureType ?? "unset",
      classification: o.classification === undefined ? "consumption" : o.classification,
      programmable: o.programmable ?? null,
      prefix: o.prefix ?? null,
      suffix: o.suffix ?? null,
      quantities: o.quantities ?? [{ unit: "W", databaseMeasurementPrefix: "power" }],
    },
  });
}

/** A linked vendor account (no tokens: the device endpoints only need its id). */
export async function makeIntegration(userId: number, name: IntegrationName = "linky") {
  return db.integration.create({ data: { userId, name } });
}
