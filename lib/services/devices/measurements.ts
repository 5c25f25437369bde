// A device's measurement channels on their own (device_measurement_metadata): each written under
// its device's row lock (./devices.ts), within the limit its type and phase allow.
import type { Caller } from "@/lib/auth/caller";
import { db, Prisma } from "@/lib/db";
import { conflict, invalid, notFound } from "@/lib/errors";
import { ownedBy } from "@/lib/services/access";
import { measurementLimit, measurementLimitMessage, type MeasurementCreate, type MeasurementUpdate } from "@/lib/validation/device";
import { rethrowRefused } from "./constraints";
import { lockDevice } from "./devices";

type Tx = Prisma.TransactionClient;

const MEASUREMENT_EXISTS = "A measurement with this name already exists on this device";

/** A device id named in a body, locked first (see lockDevice): 422 on `device_id` when the caller cannot see it. */
async function lockedDeviceForBody(tx: Tx, caller: Caller, deviceId: number) {
  await lockDevice(tx, caller, deviceId);
  const d = await tx.device.findFirst({ where: { id: deviceId, ...ownedBy(caller) } });
  if (!d) throw invalid([{ path: "device_id", message: "This device does not exist" }]);
  return d;
}

async function assertRoomFor(tx: Tx, device: { id: number; deviceType: string | null; phaseM: string | null }) {
  const count = await tx.measurement.count({ where: { deviceId: device.id } });
  const limit = measurementLimit(device.deviceType, device.phaseM);
  if (count >= limit) throw conflict(measurementLimitMessage(limit));
}

function measurementData(input: Omit<MeasurementUpdate, "device_id" | "name" | "id">) {
  return {
    displayName: input.display_name,
    measureType: input.measure_type ?? undefined,
    classification: input.classification,
    programmable: input.programmable,
    smartApplianceCategory: input.smart_appliance_category,
    prefix: input.prefix,
    suffix: input.suffix,
    quantities: input.quantities?.map((q) => ({ unit: q.unit ?? null, databaseMeasurementPrefix: q.databaseMeasurementPrefix ?? null })),
  };
}

/** POST /api/v1/device_measurement_metadata: within the device's limit, safe under concurrency. */
export async function createMeasurement(caller: Caller, input: MeasurementCreate) {
  try {
    return await db.$transaction(async (tx) => {
      const device = await lockedDeviceForBody(tx, caller, input.device_id);
      if (await tx.measurement.count({ where: { deviceId: device.id, name: input.name } })) throw conflict(MEASUREMENT_EXISTS);
      await assertRoomFor(tx, device);
      return tx.measurement.create({ data: { deviceId: device.id, name: input.name, ...measurementData(input) } });
    });
  } catch (e) {
    rethrowRefused(e, MEASUREMENT_EXISTS);
  }
}

export async function getMeasurementOrThrow(caller: Caller, id: number, tx: Tx | typeof db = db) {
  const m = await tx.measurement.findFirst({ where: { id, device: ownedBy(caller) } });
  if (!m) throw notFound("Measurement");
  return m;
}

/** PUT /api/v1/device_measurement_metadata/{id}: any field but the name. */
export async function updateMeasurement(caller: Caller, id: number, input: MeasurementUpdate) {
  try {
    return await db.$transaction(async (tx) => {
      const m = await getMeasurementOrThrow(caller, id, tx);
      if (input.name !== undefined && input.name !== m.name) {
        throw invalid([{ path: "name", message: "The name of a measurement cannot change" }]);
      }
      let deviceId = m.deviceId;
      if (input.device_id != null && input.device_id !== m.deviceId) {
        const target = await lockedDeviceForBody(tx, caller, input.device_id);
        await assertRoomFor(tx, target);
        deviceId = target.id;
      }
      return tx.measurement.update({ where: { id }, data: { deviceId, ...measurementData(input) } });
    });
  } catch (e) {
    rethrowRefused(e, MEASUREMENT_EXISTS);
  }
}

export async function deleteMeasurement(caller: Caller, id: number) {
  const { count } = await db.measurement.deleteMany({ where: { id, device: ownedBy(caller) } });
  if (!count) throw notFound("Measurement");
}
