// The Variant A device form's values: from a device, to the contract's body, and the edits of its
// rows and of its source (pure, unit-tested: tests/unit/user-device-values.test.ts).
//
// A device made on the device pages (Variant B) has no source, may have no type and its
// measurements no classification: all required here. It opens with the contract's "unknown"
// codes in their place, so that it saves unchanged. Display names are not in the user_devices
// view: they come from the device_info view of the same device and are saved through the
// measurements (displayNameChanges).
import { createTranslator, type useTranslations } from "use-intl";
import type { UserDevice } from "@/lib/swr/use-devices";
import { VENDOR_SOURCES } from "@/lib/devices/rules";
import en from "@/messages/en/devices.json";

/** The translator of the catalog's "devices.channels" messages. */
export type ChannelsT = ReturnType<typeof useTranslations<"devices.channels">>;

const EN_CHANNELS = createTranslator({ locale: "en", messages: { devices: en }, namespace: "devices.channels" }) as unknown as ChannelsT;

/** What the page knows of the user's integrations (read on the server). */
export type IntegrationChoice = { id: number; name: string };

export type UnitValues = { key: number; unit: string; databaseMeasurementPrefix: string };
export type ChannelValues = {
  key: number;
  name: string;
  /** how the channel shows (the measurement's display_name); empty: its name */
  displayName: string;
  classification: string;
  prefix: string;
  suffix: string;
  programmable: boolean;
  smartApplianceCategory: string;
  measurements: UnitValues[];
};
export type UserDeviceValues = {
  device_id: string;
  device_type: string;
  phase_m: string;
  location_id: string;
  integration_id: string;
  source: string;
  mqtt_host: string;
  channels: ChannelValues[];
};

let nextKey = 1;
/** A React key for a row that has no id of its own. */
const rowKey = () => nextKey++;

export const emptyUnit = (): UnitValues => ({ key: rowKey(), unit: "", databaseMeasurementPrefix: "" });
const emptyChannel = (): ChannelValues => ({
  key: rowKey(),
  name: "",
  displayName: "",
  classification: "",
  prefix: "",
  suffix: "",
  programmable: false,
  smartApplianceCategory: "",
  measurements: [emptyUnit()],
});

/** A device's display names by channel name (from its device_info view). */
export type DisplayNames = ReadonlyMap<string, string | null>;

/**
 * The form's values of a stored device (none: a new one, all empty). A stored device's missing
 * type, source and classifications read as the contract's unknown codes.
 */
export function toValues(d?: UserDevice, displayNames: DisplayNames = new Map()): UserDeviceValues {
  // a new device's type and source are the user's to choose
  const unknown = <T extends string>(code: T) => (d ? code : "");
  return {
    device_id: d?.device_id ?? "",
    device_type: d?.device_type ?? unknown("unknown_device_type"),
    phase_m: d?.phase_m ?? "",
    location_id: d?.location_id ? String(d.location_id) : "",
    integration_id: d?.integration_id ? String(d.integration_id) : "",
    source: d?.data.source ?? unknown("unknown_data_source"),
    mqtt_host: d?.data.mqtt?.host ?? "",
    channels: (d?.data.channels ?? []).map((c) => ({
      key: rowKey(),
      name: c.name,
      displayName: displayNames.get(c.name) ?? "",
      classification: c.classification ?? "channel_classification_unknown",
      prefix: c.prefix ?? "",
      suffix: c.suffix ?? "",
      programmable: Boolean(c.metadata["is.programmable"]),
      smartApplianceCategory: c.metadata.smartApplianceCategory ?? "",
      measurements: c.metadata.measurements.map((q) => ({ key: rowKey(), unit: q.unit ?? "", databaseMeasurementPrefix: q.databaseMeasurementPrefix ?? "" })),
    })),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function compactValue(v: unknown): unknown {
  // a list keeps its rows (an empty channel must still be reported as one)
  if (Array.isArray(v)) return v.map((item) => (isObject(item) ? compactEntries(item) : compactValue(item)));
  if (isObject(v)) {
    const o = compactEntries(v);
    return Object.keys(o).length ? o : null;
  }
  return v;
}

function compactEntries(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === "" || v === null || v === undefined) continue;
    out[k] = compactValue(v);
  }
  return out;
}

/**
 * The body the form submits, as the specification says: empty strings and nulls are dropped,
 * nested objects left empty become null. Unit rows with nothing typed are left out.
 */
export function toPayload(v: UserDeviceValues): Record<string, unknown> {
  return compactEntries({
    device_id: v.device_id,
    device_type: v.device_type,
    phase_m: v.phase_m,
    location_id: v.location_id,
    integration_id: v.integration_id,
    data: {
      source: v.source,
      mqtt: { host: v.mqtt_host },
      channels: v.channels.map((c) => ({
        name: c.name,
        classification: c.classification,
        prefix: c.prefix,
        suffix: c.suffix,
        metadata: {
          "is.programmable": c.programmable,
          smartApplianceCategory: c.smartApplianceCategory,
          measurements: c.measurements
            .filter((q) => q.unit.trim() || q.databaseMeasurementPrefix.trim())
            .map((q) => ({ unit: q.unit, databaseMeasurementPrefix: q.databaseMeasurementPrefix })),
        },
      })),
    },
  });
}

/**
 * The display names to save after the device (PUT device_measurement_metadata/{id}), by channel
 * name: a channel whose display name differs from the stored one (a cleared one becomes null).
 * A new channel is stored with its name as display name: only another one is sent.
 */
export function displayNameChanges(v: UserDeviceValues, stored: DisplayNames): { name: string; display_name: string | null }[] {
  const out: { name: string; display_name: string | null }[] = [];
  for (const c of v.channels) {
    const name = c.name.trim();
    const wanted = c.displayName.trim() || null;
    const before = stored.has(name) ? stored.get(name)! : name;
    if (!stored.has(name) && wanted === null) continue;
    if (wanted !== before) out.push({ name, display_name: wanted });
  }
  return out;
}

/** A channel row added at the end: empty, with one empty unit row. */
export const addChannel = (v: UserDeviceValues): UserDeviceValues => ({ ...v, channels: [...v.channels, emptyChannel()] });

export const removeChannel = (v: UserDeviceValues, i: number): UserDeviceValues => ({ ...v, channels: v.channels.filter((_, j) => j !== i) });

export const patchChannel = (v: UserDeviceValues, i: number, patch: Partial<Omit<ChannelValues, "key">>): UserDeviceValues => ({
  ...v,
  channels: v.channels.map((c, j) => (j === i ? { ...c, ...patch } : c)),
});

export const addUnit = (v: UserDeviceValues, i: number): UserDeviceValues => patchChannel(v, i, { measurements: [...v.channels[i].measurements, emptyUnit()] });

export const removeUnit = (v: UserDeviceValues, i: number, k: number): UserDeviceValues => patchChannel(v, i, { measurements: v.channels[i].measurements.filter((_, l) => l !== k) });

export const patchUnit = (v: UserDeviceValues, i: number, k: number, patch: Partial<Omit<UnitValues, "key">>): UserDeviceValues =>
  patchChannel(v, i, { measurements: v.channels[i].measurements.map((q, l) => (l === k ? { ...q, ...patch } : q)) });

export const isVendorSource = (source: string) => (VENDOR_SOURCES as readonly string[]).includes(source);

/** The integration that serves a vendor source (legrand_api: a legrand integration, else a legrand_up one). */
function integrationFor(source: string, integrations: IntegrationChoice[]): IntegrationChoice | undefined {
  const vendor = source.replace(/_api$/, "");
  return integrations.find((i) => i.name === vendor) ?? (vendor === "legrand" ? integrations.find((i) => i.name === "legrand_up") : undefined);
}

/** A new source; a vendor's API with no integration chosen yet preselects the integration serving it. */
export function withSource(v: UserDeviceValues, source: string, integrations: IntegrationChoice[]): UserDeviceValues {
  const preset = isVendorSource(source) && !v.integration_id ? integrationFor(source, integrations) : undefined;
  return { ...v, source, integration_id: preset ? String(preset.id) : v.integration_id };
}

/**
 * The line under the channels' heading: how many channels this device may have, or how many too
 * many it has; in the page's language with its translator (English without).
 */
export function channelLimitText(count: number, limit: number, t: ChannelsT = EN_CHANNELS): string {
  if (count > limit) return t("limitOver", { limit, extra: count - limit });
  return limit === 3 ? t("limitSinglePhase") : t("limitOne");
}

/** The input path of a channel's field, as the schema (and the server's 422) names it. */
export function channelPath(i: number, field: "name" | "classification" | "prefix" | "suffix" | "smartApplianceCategory" | "programmable"): string {
  if (field === "smartApplianceCategory") return `data.channels.${i}.metadata.smartApplianceCategory`;
  if (field === "programmable") return `data.channels.${i}.metadata.is.programmable`;
  return `data.channels.${i}.${field}`;
}

/** The input path of a unit row's field. */
export const unitPath = (i: number, k: number, field: "unit" | "databaseMeasurementPrefix") => `data.channels.${i}.metadata.measurements.${k}.${field}`;
