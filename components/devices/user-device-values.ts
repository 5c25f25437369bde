// The Variant A device form's values: from a device, to the contract's body.
import type { UserDevice } from "@/lib/swr/use-devices";

export type UnitValues = { key: number; unit: string; databaseMeasurementPrefix: string };
export type ChannelValues = {
  key: number;
  name: string;
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
export const rowKey = () => nextKey++;

export const emptyUnit = (): UnitValues => ({ key: rowKey(), unit: "", databaseMeasurementPrefix: "" });
export const emptyChannel = (): ChannelValues => ({
  key: rowKey(),
  name: "",
  classification: "",
  prefix: "",
  suffix: "",
  programmable: false,
  smartApplianceCategory: "",
  measurements: [emptyUnit()],
});

export function toValues(d?: UserDevice): UserDeviceValues {
  return {
    device_id: d?.device_id ?? "",
    device_type: d?.device_type ?? "",
    phase_m: d?.phase_m ?? "",
    location_id: d?.location_id ? String(d.location_id) : "",
    integration_id: d?.integration_id ? String(d.integration_id) : "",
    source: d?.data.source ?? "",
    mqtt_host: d?.data.mqtt?.host ?? "",
    channels: (d?.data.channels ?? []).map((c) => ({
      key: rowKey(),
      name: c.name,
      classification: c.classification ?? "",
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
