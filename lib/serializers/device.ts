import type { DeviceWithMeasurements, MeasurementRow } from "@/lib/services/devices/devices";

export type { DeviceWithMeasurements };
type Quantity = { unit?: string | null; databaseMeasurementPrefix?: string | null };

const quantities = (m: Pick<MeasurementRow, "quantities">): Quantity[] => (Array.isArray(m.quantities) ? (m.quantities as Quantity[]) : []);

export function toMeasurementView(m: MeasurementRow) {
  return {
    id: m.id,
    device_id: m.deviceId,
    name: m.name,
    display_name: m.displayName,
    measure_type: m.measureType,
    classification: m.classification,
    programmable: m.programmable,
    smart_appliance_category: m.smartApplianceCategory,
    prefix: m.prefix,
    suffix: m.suffix,
    quantities: quantities(m).map((q) => ({ unit: q.unit ?? null, databaseMeasurementPrefix: q.databaseMeasurementPrefix ?? null })),
    created_at: m.createdAt.toISOString(),
  };
}

/** The device_info view (device pages, Variant B). */
export function toDeviceInfoView(d: DeviceWithMeasurements) {
  return {
    id: d.id,
    device_id: d.deviceId,
    device_type: d.deviceType,
    phase_m: d.phaseM,
    owner_id: d.ownerId,
    location_id: d.locationId,
    integration_id: d.integrationId,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    metadata: d.measurements.map(toMeasurementView),
  };
}

/** The user_devices view (device cards, Variant A): measurements as channels. */
export function toUserDeviceView(d: DeviceWithMeasurements) {
  return {
    id: d.id,
    device_id: d.deviceId,
    device_type: d.deviceType,
    location_id: d.locationId,
    integration_id: d.integrationId,
    phase_m: d.phaseM,
    data: {
      source: d.dataSource,
      mqtt: { host: d.mqttHost },
      channels: d.measurements.map((m) => ({
        name: m.name,
        classification: m.classification,
        prefix: m.prefix,
        suffix: m.suffix,
        metadata: {
          "is.programmable": m.programmable,
          smartApplianceCategory: m.smartApplianceCategory,
          measurements: quantities(m).map((q) => ({ unit: q.unit ?? null, databaseMeasurementPrefix: q.databaseMeasurementPrefix ?? null })),
        },
      })),
    },
  };
}

/** The devices view of the admin back-office. */
export function toAdminDeviceView(d: DeviceWithMeasurements) {
  return {
    id: d.id,
    type: d.deviceType,
    name: d.deviceId,
    data_source: d.dataSource,
    measurement_type: d.phaseM,
    user_id: d.ownerId,
    location_id: d.locationId,
    measures: d.measurements.map((m) => ({ name: m.name, unit: quantities(m)[0]?.unit ?? null, display_name: m.displayName })),
  };
}
