// The two device views over the same rows (issue 15): a device made on the device pages opens in
// My Devices' form and saves unchanged; the codes read the same in both.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toPayload, toValues } from "@/components/devices/user-device-values";
import { CLASSIFICATIONS, DATA_SOURCES, DEVICE_TYPES, PHASES, userDeviceSchema } from "@/lib/validation/device";
import { CLASSIFICATION_LABELS, DATA_SOURCE_LABELS, DEVICE_TYPE_HELP, DEVICE_TYPE_LABELS, dataSourceLabel, deviceTypeLabel, ownerText } from "@/lib/devices/labels";
import { measurementLimit } from "@/lib/devices/rules";
import type { UserDevice } from "@/lib/swr/use-devices";

const name = fc.string({ minLength: 1, maxLength: 30 }).map((s) => s.trim()).filter(Boolean);

describe("a device made on the device pages, in My Devices' form", () => {
  /**
   * As GET /api/v1/user_devices/{id} shows a device that POST /api/v1/device_info and New Measure
   * made: any type or none, no source, measurements (within the limit) with no classification.
   * With a location: My Devices asks for one (the form offers the owner's only one by itself).
   */
  const device = fc
    .record({
      device_id: name,
      device_type: fc.option(fc.constantFrom(...DEVICE_TYPES), { nil: null }),
      phase_m: fc.option(fc.constantFrom(...PHASES), { nil: null }),
      names: fc.uniqueArray(name, { minLength: 0, maxLength: 3 }),
    })
    .map(({ names, ...d }) => ({
      id: 1,
      ...d,
      location_id: 2,
      integration_id: null,
      data: {
        source: null,
        mqtt: { host: null },
        channels: names
          .slice(0, measurementLimit(d.device_type, d.phase_m))
          .map((n) => ({ name: n, classification: null, prefix: null, suffix: null, metadata: { "is.programmable": null, smartApplianceCategory: null, measurements: [] } })),
      },
    }));

  it("saves unchanged: no 'Source required', no 'Channel classification required'", () => {
    fc.assert(
      fc.property(device, (d) => {
        const parsed = userDeviceSchema.safeParse(toPayload(toValues(d as unknown as UserDevice)));
        expect(parsed.error?.issues).toBeUndefined();
        expect(parsed.data!.data.channels?.map((c) => c.name)).toEqual(d.data.channels.map((c) => c.name));
        expect(parsed.data!.device_type).toBe(d.device_type ?? "unknown_device_type");
        expect(parsed.data!.data.source).toBe("unknown_data_source");
      }),
    );
  });
});

describe("the device codes in words", () => {
  it("name every type, source and classification, and explain every type", () => {
    for (const t of DEVICE_TYPES) {
      expect(DEVICE_TYPE_LABELS[t]).toBeTruthy();
      expect(DEVICE_TYPE_HELP[t]).toMatch(/\.$/);
    }
    for (const s of DATA_SOURCES) expect(DATA_SOURCE_LABELS[s]).toBeTruthy();
    for (const c of CLASSIFICATIONS) expect(CLASSIFICATION_LABELS[c]).toBeTruthy();
    expect([deviceTypeLabel("spoony"), deviceTypeLabel("dcbel"), deviceTypeLabel("shelly"), deviceTypeLabel(null)]).toEqual(["Spoony", "dcbel", "Shelly", null]);
    expect(dataSourceLabel("linky_api")).toBe("Linky (Enedis API)");
    expect(DEVICE_TYPE_HELP.linky).toContain("BRUT (raw");
  });

  it("say who owns a device: you, else the owner's e-mail, else their number", () => {
    const emails = new Map([[5, "ana@example.org"]]);
    expect(ownerText(4, 4, emails)).toBe("You");
    expect(ownerText(5, 4, emails)).toBe("ana@example.org");
    expect(ownerText(6, 4, emails)).toBe("User 6");
  });
});
