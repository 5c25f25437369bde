import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { CATALOGS } from "@/lib/i18n/messages";
import { userDeviceSchema } from "@/lib/validation/device";
import { errorMessage, FetchError, serverFieldErrors, UNREACHABLE } from "@/lib/swr/fetcher";
import { issuesByPath } from "@/components/ui/use-zod-form";
import {
  addChannel,
  addUnit,
  channelLimitText,
  channelPath,
  patchChannel,
  patchUnit,
  removeChannel,
  removeUnit,
  toPayload,
  toValues,
  unitPath,
  withSource,
  displayNameChanges,
  type UserDeviceValues,
} from "@/components/devices/user-device-values";
import type { UserDevice } from "@/lib/swr/use-devices";

const stored = {
  id: 7,
  device_id: "garage monitor",
  device_type: "shelly",
  phase_m: "single",
  location_id: 3,
  integration_id: null,
  owner_id: 1,
  data: {
    source: "mqtt",
    mqtt: { host: "mqtt.example.org" },
    channels: [
      { name: "main", classification: "consumption", prefix: null, suffix: null, metadata: { "is.programmable": false, smartApplianceCategory: null, measurements: [{ unit: "W", databaseMeasurementPrefix: "power" }] } },
      { name: "battery", classification: "production", prefix: "p", suffix: null, metadata: { "is.programmable": true, smartApplianceCategory: "residential_energy_storage_system", measurements: [] } },
    ],
  },
} as unknown as UserDevice;

/** The values without their React row keys, to compare. */
const keyless = (v: UserDeviceValues) => ({ ...v, channels: v.channels.map(({ key: _k, measurements, ...c }) => ({ ...c, measurements: measurements.map(({ key: _q, ...q }) => q) })) });

describe("My Devices' device form values", () => {
  it("start empty for a new device, with no channel", () => {
    const v = toValues();
    expect(keyless(v)).toEqual({ device_id: "", device_type: "", phase_m: "", location_id: "", integration_id: "", source: "", mqtt_host: "", channels: [] });
  });

  it("read a stored device as text fields and back to the same body", () => {
    const v = toValues(stored);
    expect(v).toMatchObject({ device_id: "garage monitor", location_id: "3", integration_id: "", source: "mqtt", mqtt_host: "mqtt.example.org" });
    expect(v.channels[1]).toMatchObject({ name: "battery", prefix: "p", suffix: "", programmable: true, smartApplianceCategory: "residential_energy_storage_system", measurements: [] });
    expect(toPayload(v)).toEqual({
      device_id: "garage monitor",
      device_type: "shelly",
      phase_m: "single",
      location_id: "3",
      data: {
        source: "mqtt",
        mqtt: { host: "mqtt.example.org" },
        channels: [
          { name: "main", classification: "consumption", metadata: { "is.programmable": false, measurements: [{ unit: "W", databaseMeasurementPrefix: "power" }] } },
          { name: "battery", classification: "production", prefix: "p", metadata: { "is.programmable": true, smartApplianceCategory: "residential_energy_storage_system", measurements: [] } },
        ],
      },
    });
  });

  it("open a device made on the device pages (no source, type nor classifications) with the unknown codes, so that it saves unchanged", () => {
    // as GET /api/v1/user_devices/{id} shows a device created by POST /api/v1/device_info with three New Measure
    const fromDevicePages = {
      id: 9,
      device_id: "shellyem-ABC",
      device_type: null,
      phase_m: "single",
      location_id: 3,
      integration_id: null,
      data: {
        source: null,
        mqtt: { host: null },
        channels: ["em0", "em1", "em2"].map((name) => ({ name, classification: null, prefix: null, suffix: null, metadata: { "is.programmable": null, smartApplianceCategory: null, measurements: [] } })),
      },
    } as unknown as UserDevice;
    const v = toValues(fromDevicePages, new Map([["em0", "Home"], ["em1", null]]));
    expect(v).toMatchObject({ device_type: "unknown_device_type", source: "unknown_data_source" });
    expect(v.channels.map((c) => [c.name, c.displayName, c.classification])).toEqual([
      ["em0", "Home", "channel_classification_unknown"],
      ["em1", "", "channel_classification_unknown"],
      ["em2", "", "channel_classification_unknown"],
    ]);
    const parsed = userDeviceSchema.safeParse(toPayload(v));
    expect(parsed.error?.issues).toBeUndefined();
    // display names are not part of the body
    expect(JSON.stringify(toPayload(v))).not.toContain("Home");
    // a new device still starts with nothing chosen
    expect(toValues()).toMatchObject({ device_type: "", source: "" });
  });

  it("send only the display names that changed, a cleared one as null, a new channel's only when it is not its name", () => {
    const stored = new Map<string, string | null>([["em0", "Home"], ["em1", null], ["em2", "em2"]]);
    const v = toValues(
      { device_id: "d", device_type: "shelly", data: { source: "mqtt", mqtt: { host: null }, channels: ["em0", "em1", "em2"].map((name) => ({ name, classification: "consumption", metadata: { measurements: [] } })) } } as unknown as UserDevice,
      stored,
    );
    expect(displayNameChanges(v, stored)).toEqual([]);
    let edited = patchChannel(v, 0, { displayName: "  Whole home " });
    edited = patchChannel(edited, 2, { displayName: "" });
    edited = patchChannel(addChannel(edited), 3, { name: "em3" });
    expect(displayNameChanges(edited, stored)).toEqual([
      { name: "em0", display_name: "Whole home" },
      { name: "em2", display_name: null },
    ]);
    expect(displayNameChanges(patchChannel(edited, 3, { displayName: "Solar" }), stored)).toContainEqual({ name: "em3", display_name: "Solar" });
    expect(displayNameChanges(patchChannel(edited, 3, { displayName: "em3" }), stored)).not.toContainEqual(expect.objectContaining({ name: "em3" }));
  });

  it("drop empty strings, make empty objects null, keep an empty channel and leave blank unit rows out", () => {
    const v = addChannel(toValues());
    expect(toPayload(v)).toEqual({ data: { mqtt: null, channels: [{ metadata: { "is.programmable": false, measurements: [] } }] } });
    const typed = patchUnit(addUnit(v, 0), 0, 1, { unit: "Wh" });
    expect((toPayload(typed).data as { channels: { metadata: { measurements: unknown[] } }[] }).channels[0].metadata.measurements).toEqual([{ unit: "Wh" }]);
  });

  it("edit rows without touching the others, each row keeping its key", () => {
    const v = addChannel(addChannel(toValues(stored)));
    expect(v.channels).toHaveLength(4);
    expect(new Set(v.channels.map((c) => c.key)).size).toBe(4);
    const renamed = patchChannel(v, 2, { name: "heat pump" });
    expect(renamed.channels.map((c) => c.name)).toEqual(["main", "battery", "heat pump", ""]);
    expect(renamed.channels[0]).toBe(v.channels[0]);
    const removed = removeChannel(renamed, 1);
    expect(removed.channels.map((c) => c.name)).toEqual(["main", "heat pump", ""]);
    expect(removed.channels[1].key).toBe(renamed.channels[2].key);
    const units = removeUnit(addUnit(removed, 0), 0, 0);
    expect(units.channels[0].measurements.map((q) => q.unit)).toEqual([""]);
    expect(v.channels[0].measurements[0].unit).toBe("W");
  });

  it("preselect the integration serving a vendor's API, once, and never for MQTT", () => {
    const integrations = [
      { id: 4, name: "legrand_up" },
      { id: 5, name: "netatmo" },
    ];
    const v = toValues();
    expect(withSource(v, "netatmo_api", integrations)).toMatchObject({ source: "netatmo_api", integration_id: "5" });
    expect(withSource(v, "legrand_api", integrations)).toMatchObject({ integration_id: "4" });
    expect(withSource(v, "linky_api", integrations)).toMatchObject({ integration_id: "" });
    expect(withSource(v, "mqtt", integrations)).toMatchObject({ integration_id: "" });
    expect(withSource({ ...v, integration_id: "5" }, "legrand_api", integrations)).toMatchObject({ integration_id: "5" });
  });

  it("say how many channels the device may have", () => {
    expect(channelLimitText(1, 3)).toBe("A single-phase Spoony or Shelly can have up to 3 channels.");
    expect(channelLimitText(0, 1)).toBe("This device can have 1 channel. Only single-phase Spoony and Shelly devices can have up to 3.");
    expect(channelLimitText(3, 1)).toBe("This device can have only 1 channel: remove 2, or make it a single-phase Spoony or Shelly.");
    const en = createTranslator({ locale: "en", messages: CATALOGS.en, namespace: "devices.channels" });
    expect(channelLimitText(5, 3, en)).toBe("This device can have only 3 channels: remove 2, or make it a single-phase Spoony or Shelly.");
  });

  it("say it in French with the French catalog's translator", () => {
    const fr = createTranslator({ locale: "fr", messages: CATALOGS.fr, namespace: "devices.channels" });
    expect(channelLimitText(1, 3, fr)).toBe("Un Spoony ou un Shelly monophasé peut avoir jusqu'à 3 canaux.");
    expect(channelLimitText(0, 1, fr)).toBe("Cet appareil peut avoir 1 canal. Seuls les appareils Spoony et Shelly monophasés peuvent en avoir jusqu'à 3.");
    expect(channelLimitText(3, 1, fr)).toBe("Cet appareil peut avoir au plus 1 canal\u00a0: retirez-en 2, ou faites-en un Spoony ou un Shelly monophasé.");
    expect(channelLimitText(5, 3, fr)).toBe("Cet appareil peut avoir au plus 3 canaux\u00a0: retirez-en 2, ou faites-en un Spoony ou un Shelly monophasé.");
  });

  it("name the fields by the paths of the schema's messages, nested ones included", () => {
    const v = patchUnit(addChannel({ ...toValues(), source: "legrand_api" }), 0, 0, { databaseMeasurementPrefix: "power" });
    const parsed = userDeviceSchema.safeParse(toPayload(v));
    expect(parsed.success).toBe(false);
    const errors = issuesByPath(parsed.error!.issues);
    expect(errors).toMatchObject({
      device_id: "Device ID is required fill",
      device_type: "device_type required",
      location_id: "location required",
      integration_id: "Integration is required fill",
      [channelPath(0, "name")]: "Channel name required",
      [channelPath(0, "classification")]: "Channel classification required",
    });
    expect(channelPath(0, "name")).toBe("data.channels.0.name");
    expect(channelPath(1, "smartApplianceCategory")).toBe("data.channels.1.metadata.smartApplianceCategory");
    expect(unitPath(1, 2, "unit")).toBe("data.channels.1.metadata.measurements.2.unit");
    expect(errors).not.toHaveProperty(unitPath(0, 0, "unit"));
  });
});

describe("the client's error messages", () => {
  it("show the server's detail, the unreachable server, an error's own words, else the fallback", () => {
    expect(errorMessage(new FetchError(409, "This device ID is taken", { detail: "This device ID is taken" }))).toBe("This device ID is taken");
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe(UNREACHABLE);
    expect(errorMessage(new Error("Invalid credentials"))).toBe("Invalid credentials");
    expect(errorMessage(undefined)).toBe("Something went wrong, please try again.");
    expect(errorMessage("x", "Your data could not be requested")).toBe("Your data could not be requested");
  });

  it("read a 422's field messages by path, the first one each", () => {
    const body = { detail: "Invalid", errors: [{ path: "data.channels.0.name", message: "Channel name required" }, { path: "data.channels.0.name", message: "second" }, { path: 3 }] };
    expect(serverFieldErrors(new FetchError(422, "Invalid", body))).toEqual({ "data.channels.0.name": "Channel name required" });
    expect(serverFieldErrors(new FetchError(400, "Invalid", body))).toEqual({});
    expect(serverFieldErrors(new Error("x"))).toEqual({});
  });
});
