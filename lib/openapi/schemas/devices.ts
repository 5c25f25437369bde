// The three views of a device and its measurements (lib/serializers/device.ts) and the Location
// view that holds devices (lib/serializers/location.ts).
import { z } from "zod";
import type { toAdminDeviceView, toDeviceInfoView, toMeasurementView, toUserDeviceView } from "@/lib/serializers/device";
import type { toLocationView } from "@/lib/serializers/location";
import { CLASSIFICATIONS, COUNTRIES, DATA_SOURCES, DEVICE_TYPES, MEASURE_TYPES, PHASES, SMART_APPLIANCE_CATEGORIES } from "@/lib/enums";
import type { Assert, Same } from "../same-type";

const id = z.number().int();
const timestamp = z.iso.datetime();
const quantity = z.object({ unit: z.string().nullable(), databaseMeasurementPrefix: z.string().nullable() });

export const measurementViewSchema = z.object({
  id,
  device_id: id.meta({ description: "the device's integer id" }),
  name: z.string(),
  display_name: z.string().nullable(),
  measure_type: z.enum(MEASURE_TYPES),
  classification: z.enum(CLASSIFICATIONS).nullable(),
  programmable: z.boolean().nullable(),
  smart_appliance_category: z.enum(SMART_APPLIANCE_CATEGORIES).nullable(),
  prefix: z.string().nullable(),
  suffix: z.string().nullable(),
  quantities: z.array(quantity),
  created_at: timestamp,
});
type _MeasurementView = Assert<Same<z.output<typeof measurementViewSchema>, ReturnType<typeof toMeasurementView>>>;

export const deviceInfoViewSchema = z.object({
  id,
  device_id: z.string().meta({ description: "the device's own name (e.g. shellyem-C45BBE6B2D42)" }),
  device_type: z.enum(DEVICE_TYPES).nullable(),
  phase_m: z.enum(PHASES).nullable(),
  owner_id: id,
  location_id: id.nullable(),
  integration_id: id.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  metadata: z.array(measurementViewSchema),
});
type _DeviceInfoView = Assert<Same<z.output<typeof deviceInfoViewSchema>, ReturnType<typeof toDeviceInfoView>>>;

export const userDeviceViewSchema = z.object({
  id,
  device_id: z.string(),
  device_type: z.enum(DEVICE_TYPES).nullable(),
  location_id: id.nullable(),
  integration_id: id.nullable(),
  phase_m: z.enum(PHASES).nullable(),
  data: z.object({
    source: z.enum(DATA_SOURCES).nullable(),
    mqtt: z.object({ host: z.string().nullable() }),
    channels: z.array(
      z.object({
        name: z.string(),
        classification: z.enum(CLASSIFICATIONS).nullable(),
        prefix: z.string().nullable(),
        suffix: z.string().nullable(),
        metadata: z.object({
          "is.programmable": z.boolean().nullable(),
          smartApplianceCategory: z.enum(SMART_APPLIANCE_CATEGORIES).nullable(),
          measurements: z.array(quantity),
        }),
      }),
    ),
  }),
});
type _UserDeviceView = Assert<Same<z.output<typeof userDeviceViewSchema>, ReturnType<typeof toUserDeviceView>>>;

export const adminDeviceViewSchema = z.object({
  id,
  type: z.enum(DEVICE_TYPES).nullable(),
  name: z.string().meta({ description: "the device_id" }),
  data_source: z.enum(DATA_SOURCES).nullable(),
  measurement_type: z.enum(PHASES).nullable(),
  user_id: id,
  location_id: id.nullable(),
  measures: z.array(z.object({ name: z.string(), unit: z.string().nullable(), display_name: z.string().nullable() })),
});
type _AdminDeviceView = Assert<Same<z.output<typeof adminDeviceViewSchema>, ReturnType<typeof toAdminDeviceView>>>;

export const locationViewSchema = z.object({
  id,
  name: z.string(),
  country: z.enum(COUNTRIES),
  lat: z.number(),
  lon: z.number(),
  owner_id: id,
  created_at: timestamp,
  updated_at: timestamp,
  devices_info: z.array(deviceInfoViewSchema),
});
type _LocationView = Assert<Same<z.output<typeof locationViewSchema>, ReturnType<typeof toLocationView>>>;
