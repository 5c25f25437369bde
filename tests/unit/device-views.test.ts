// The two device views over the same rows (issue 15): a device made on the device pages opens in
// My Devices' form and saves unchanged; the codes read the same in both.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { countryLabel, integrationLabel, type CommonT } from "@/components/ui/labels";
import { toPayload, toValues } from "@/components/devices/user-device-values";
import { CLASSIFICATIONS, DATA_SOURCES, DEVICE_TYPES, PHASES, userDeviceSchema } from "@/lib/validation/device";
import {
  CLASSIFICATION_LABELS,
  DATA_SOURCE_LABELS,
  DEVICE_TYPE_HELP,
  DEVICE_TYPE_LABELS,
  categoryLabel,
  classificationLabel,
  dataSourceLabel,
  deviceTypeHelp,
  deviceTypeLabel,
  measureTypeLabel,
  ownerText,
  type DeviceLabelsT,
} from "@/lib/devices/labels";
import { CATALOGS } from "@/lib/i18n/messages";
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
    // a number as it is, without a thousands separator
    expect(ownerText(12345, 4, emails)).toBe("User 12345");
  });

  it("read in French with the French catalog's translator, a code they do not know as it is", () => {
    const fr = createTranslator({ locale: "fr", messages: CATALOGS.fr, namespace: "devices.labels" }) as unknown as DeviceLabelsT;
    expect([deviceTypeLabel("shelly", fr), deviceTypeLabel("unknown_device_type", fr), deviceTypeLabel("toaster", fr), deviceTypeLabel(null, fr)]).toEqual(["Shelly", "Autre ou inconnu", "toaster", null]);
    expect(dataSourceLabel("linky_api", fr)).toBe("Linky (API Enedis)");
    expect(dataSourceLabel("unknown_data_source", fr)).toBe("Inconnue");
    expect(classificationLabel("consumption", fr)).toBe("Consommation");
    expect(measureTypeLabel("pv", fr)).toBe("Photovoltaïque");
    // countries and vendors: the one table of the catalog's "common" part, for every screen
    const frCommon = createTranslator({ locale: "fr", messages: CATALOGS.fr, namespace: "common" }) as unknown as CommonT;
    expect(countryLabel("DE", frCommon)).toBe("Allemagne");
    expect(integrationLabel("linky", frCommon)).toBe("Compteur Linky (gestionnaire de réseau)");
    expect(categoryLabel("hvac", fr)).toBe("CVC (chauffage, ventilation, climatisation)");
    expect(deviceTypeHelp("linky", fr)).toContain("BRUT (données brutes");
    expect(deviceTypeHelp("linky", fr)).toContain("BEST (vérifiées et corrigées par Enedis)");
    expect(deviceTypeHelp("toaster", fr)).toBeUndefined();
    const emails = new Map([[5, "ana@example.org"]]);
    expect([ownerText(4, 4, emails, fr), ownerText(5, 4, emails, fr), ownerText(12345, 4, emails, fr)]).toEqual(["Vous", "ana@example.org", "Utilisateur n° 12345"]);
  });

  it("are English by default, the same as the English catalog (the back-office)", () => {
    const enCommon = createTranslator({ locale: "en", messages: CATALOGS.en, namespace: "common" }) as unknown as CommonT;
    expect([measureTypeLabel("unused"), countryLabel("US", enCommon), integrationLabel("legrand_up", enCommon), categoryLabel("residential_energy_storage_system"), categoryLabel("hvac")]).toEqual([
      "Unused (CT clamp not connected)",
      "United States",
      "Legrand IOT (up)",
      "Residential energy storage system",
      "Hvac",
    ]);
    for (const t of DEVICE_TYPES) expect(deviceTypeHelp(t)).toBe(DEVICE_TYPE_HELP[t]);
  });
});
