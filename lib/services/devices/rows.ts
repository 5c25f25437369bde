// A device and its measurements in the lists' one-statement reads (lib/services/sql-page.ts): the
// columns every device view reads (lib/serializers/device.ts), written once for the device lists
// and the location lists, and the rows they make again.
import { Prisma } from "@/lib/db";
import { fromEpochMs } from "@/lib/services/sql-page";
import type { DeviceWithMeasurements, MeasurementRow } from "./devices";

/** A device's columns (alias `d`): DEVICE_WIDTH values, read back by `deviceFrom`. */
export const DEVICE_COLUMNS = Prisma.sql`d.id, d.device_id, d.device_type, d.phase_m, d.owner_id, d.location_id, d.integration_id, d.data_source, d.mqtt_host,
  (extract(epoch FROM d.created_at) * 1000)::bigint, (extract(epoch FROM d.updated_at) * 1000)::bigint`;
const DEVICE_WIDTH = 11;

/** A measurement's columns (alias `m`, all NULL when a device has none), read back by `measurementFrom`. */
export const MEASUREMENT_COLUMNS = Prisma.sql`m.id, m.device_id, m.name, m.display_name, m.measure_type, m.classification, m.programmable,
  m.smart_appliance_category, m.prefix, m.suffix, m.quantities, (extract(epoch FROM m.created_at) * 1000)::bigint`;

type Values = readonly unknown[];

/** The device whose DEVICE_COLUMNS start at `at` in a row, with no measurement yet. */
function deviceFrom(r: Values, at: number): DeviceWithMeasurements {
  return {
    id: r[at] as number,
    deviceId: r[at + 1] as string,
    deviceType: r[at + 2] as DeviceWithMeasurements["deviceType"],
    phaseM: r[at + 3] as DeviceWithMeasurements["phaseM"],
    ownerId: r[at + 4] as number,
    locationId: r[at + 5] as number | null,
    integrationId: r[at + 6] as number | null,
    dataSource: r[at + 7] as DeviceWithMeasurements["dataSource"],
    mqttHost: r[at + 8] as string | null,
    createdAt: fromEpochMs(r[at + 9] as number),
    updatedAt: fromEpochMs(r[at + 10] as number),
    measurements: [],
  };
}

/** The measurement whose MEASUREMENT_COLUMNS start at `at` in a row. */
function measurementFrom(r: Values, at: number): MeasurementRow {
  return {
    id: r[at] as number,
    deviceId: r[at + 1] as number,
    name: r[at + 2] as string,
    displayName: r[at + 3] as string | null,
    measureType: r[at + 4] as MeasurementRow["measureType"],
    classification: r[at + 5] as MeasurementRow["classification"],
    programmable: r[at + 6] as boolean | null,
    smartApplianceCategory: r[at + 7] as MeasurementRow["smartApplianceCategory"],
    prefix: r[at + 8] as string | null,
    suffix: r[at + 9] as string | null,
    quantities: r[at + 10] as Prisma.JsonValue,
    createdAt: fromEpochMs(r[at + 11] as number),
  };
}

/**
 * Folds joined rows ordered by device then measurement (a device's first row carries it; a
 * device without measurements has one row with NULL measurement columns) into devices, handing
 * each new device to `add` with the row it starts on.
 */
export function foldDevices(rows: readonly Values[], at: number, add: (device: DeviceWithMeasurements, row: Values) => void) {
  let device: DeviceWithMeasurements | undefined; // set on the first row, whose id differs
  for (const r of rows) {
    if (r[at] === null) continue;
    if (device?.id !== r[at]) {
      device = deviceFrom(r, at);
      add(device, r);
    }
    if (r[at + DEVICE_WIDTH] !== null) device!.measurements.push(measurementFrom(r, at + DEVICE_WIDTH));
  }
}
