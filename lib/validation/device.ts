// Device, measurement and user-device schemas shared by the device forms and the handlers.
import { z } from "./zod";
import { CLASSIFICATIONS, DATA_SOURCES, DEVICE_TYPES, MEASURE_TYPES, PHASES, SMART_APPLIANCE_CATEGORIES } from "@/lib/enums";
import { VENDOR_SOURCES } from "@/lib/devices/rules";
import { optionalEnum, optionalRef, optionalText, requiredRef, requiredText } from "./common";

export { CLASSIFICATIONS, DATA_SOURCES, DEVICE_TYPES, PHASES, SMART_APPLIANCE_CATEGORIES };
// the services check the measurement limit from here
export { measurementLimit, measurementLimitMessage } from "@/lib/devices/rules";

const deviceIdField = requiredText("Device ID is required", 100, "Device ID");

/** POST /api/v1/device_info and the device-info form. */
export const deviceInfoCreateSchema = z.object({
  device_id: deviceIdField,
  device_type: optionalEnum(DEVICE_TYPES, "Device type"),
  phase_m: optionalEnum(PHASES, "Phase"),
  owner_id: optionalRef("Owner"),
  location_id: optionalRef("Location"),
  integration_id: optionalRef("Integration"),
});
export type DeviceInfoCreate = z.infer<typeof deviceInfoCreateSchema>;

/** PUT /api/v1/device_info/{id}: the same fields, each optional (left out = unchanged). */
export const deviceInfoUpdateSchema = deviceInfoCreateSchema.extend({ device_id: deviceIdField.optional(), id: z.unknown().optional() });
export type DeviceInfoUpdate = z.infer<typeof deviceInfoUpdateSchema>;

const quantitySchema = z.object({
  unit: optionalText("Unit", 20),
  databaseMeasurementPrefix: optionalText("Database measurement prefix", 100),
});
const quantitiesField = z.array(quantitySchema, { error: "quantities must be a list" }).max(20, "At most 20 quantities").optional();

const measurementFields = {
  display_name: optionalText("Display name", 100),
  measure_type: optionalEnum(MEASURE_TYPES, "Measure type"),
  classification: optionalEnum(CLASSIFICATIONS, "Classification"),
  programmable: z.boolean({ error: "programmable must be true or false" }).nullable().optional(),
  smart_appliance_category: optionalEnum(SMART_APPLIANCE_CATEGORIES, "Smart appliance category"),
  prefix: optionalText("Prefix", 100),
  suffix: optionalText("Suffix", 100),
  quantities: quantitiesField,
};

/** POST /api/v1/device_measurement_metadata and the New Measure modal. */
export const measurementCreateSchema = z.object({
  device_id: requiredRef("Device is required", "Device"),
  name: requiredText("Name is required", 100, "Name"),
  ...measurementFields,
});
export type MeasurementCreate = z.infer<typeof measurementCreateSchema>;

/** PUT /api/v1/device_measurement_metadata/{id}: any field but the name (which may be repeated). */
export const measurementUpdateSchema = z.object({
  device_id: optionalRef("Device"),
  name: requiredText("Name is required", 100, "Name").optional(),
  ...measurementFields,
  id: z.unknown().optional(),
});
export type MeasurementUpdate = z.infer<typeof measurementUpdateSchema>;

/** A channel of the Variant A device form. */
const channelSchema = z.object({
  name: requiredText("Channel name required", 100, "Channel name"),
  classification: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(CLASSIFICATIONS, { error: (i) => (i.input === undefined ? "Channel classification required" : `Channel classification must be one of: ${CLASSIFICATIONS.join(", ")}`) })),
  prefix: optionalText("Prefix", 100),
  suffix: optionalText("Suffix", 100),
  metadata: z
    .object({
      "is.programmable": z.boolean({ error: "is.programmable must be true or false" }).nullable().optional(),
      smartApplianceCategory: optionalEnum(SMART_APPLIANCE_CATEGORIES, "Smart appliance category"),
      measurements: z.array(quantitySchema, { error: "measurements must be a list" }).max(20).nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type ChannelInput = z.infer<typeof channelSchema>;

/** POST/PUT /api/v1/user_devices and the Variant A device form. */
export const userDeviceSchema = z
  .object({
    device_id: requiredText("Device ID is required fill", 100, "Device ID"),
    device_type: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(DEVICE_TYPES, { error: (i) => (i.input === undefined ? "device_type required" : `device_type must be one of: ${DEVICE_TYPES.join(", ")}`) })),
    location_id: requiredRef("location required", "Location"),
    integration_id: optionalRef("Integration"),
    phase_m: optionalEnum(PHASES, "Phase"),
    // a missing data is a missing data.source, where the form shows the message
    data: z.preprocess(
      (v) => v ?? {},
      z.object(
        {
          source: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(DATA_SOURCES, { error: (i) => (i.input === undefined ? "Source required" : `Source must be one of: ${DATA_SOURCES.join(", ")}`) })),
          mqtt: z.object({ host: optionalText("MQTT host", 255) }).nullable().optional(),
          channels: z.array(channelSchema, { error: "channels must be a list" }).max(20).nullable().optional(),
        },
        { error: "Source required" },
      ),
    ),
    id: z.unknown().optional(),
  })
  .superRefine(
    (v, ctx) => {
      // also runs when other fields failed (the value may then be partly unparsed), so that a
      // form gets every missing field at once
      const data: { source?: unknown; channels?: unknown } | undefined = typeof v.data === "object" && v.data ? v.data : undefined;
      if (typeof data?.source === "string" && (VENDOR_SOURCES as readonly string[]).includes(data.source) && v.integration_id == null) {
        ctx.addIssue({ code: "custom", path: ["integration_id"], message: "Integration is required fill" });
      }
      const seen = new Set<string>();
      (Array.isArray(data?.channels) ? (data.channels as unknown[]) : []).forEach((c, i) => {
        const name = typeof c === "object" && c && "name" in c && typeof c.name === "string" ? c.name.trim() : undefined;
        if (!name) return;
        if (seen.has(name)) ctx.addIssue({ code: "custom", path: ["data", "channels", i, "name"], message: "Channel names must be unique within a device" });
        seen.add(name);
      });
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );
export type UserDeviceInput = z.infer<typeof userDeviceSchema>;

/** PUT /api/v1/devices/{id} (admin back-office); `measures` are read-only and ignored. */
export const adminDeviceUpdateSchema = z.object({
  name: requiredText("Device ID is required", 100, "Name").optional(),
  type: optionalEnum(DEVICE_TYPES, "Type"),
  data_source: optionalEnum(DATA_SOURCES, "Data source"),
  measurement_type: optionalEnum(PHASES, "Measurement type"),
  user_id: optionalRef("User"),
  location_id: optionalRef("Location"),
});
export type AdminDeviceUpdate = z.infer<typeof adminDeviceUpdateSchema>;
