// How both device views (the device pages and My Devices) name the contract's device codes: one
// table each, so a device reads the same wherever it shows. Plain strings for now.
import type { CLASSIFICATIONS, DataSource, DeviceType } from "@/lib/enums";

export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = {
  spoony: "Spoony",
  shelly: "Shelly",
  netatmo: "Netatmo",
  linky: "Linky",
  // the maker writes its name in lower case
  dcbel: "dcbel",
  legrand: "Legrand",
  unknown_device_type: "Other or unknown",
};

/** What each device type is, in a sentence: the device forms' help under the type. */
export const DEVICE_TYPE_HELP: Record<DeviceType, string> = {
  spoony: "A Spoony energy monitor: up to 3 channels when single-phase.",
  shelly: "A Shelly energy meter (its channels are named em0, em1…): up to 3 channels when single-phase.",
  netatmo: "A Netatmo module, read through the Netatmo integration.",
  linky:
    "The Enedis smart meter, read through the Linky integration. Its readings come first as BRUT (raw: as the meter sent them, not yet checked by Enedis), then as BEST (checked and corrected by Enedis).",
  dcbel: "A dcbel home energy station (solar, battery and car charger in one).",
  legrand: "A Legrand module, read through the Legrand integration.",
  unknown_device_type: "Any other device, or one whose type you do not know.",
};

export const DATA_SOURCE_LABELS: Record<DataSource, string> = {
  legrand_api: "Legrand API",
  linky_api: "Linky (Enedis API)",
  mqtt: "MQTT",
  netatmo_api: "Netatmo API",
  shelly_api: "Shelly API",
  unknown_data_source: "Unknown",
};

export const CLASSIFICATION_LABELS: Record<(typeof CLASSIFICATIONS)[number], string> = {
  consumption: "Consumption",
  production: "Production",
  channel_classification_unknown: "Unknown",
};

/** A device type in words; a code this table does not know as it is. */
export const deviceTypeLabel = (type: string | null | undefined): string | null =>
  type ? ((DEVICE_TYPE_LABELS as Record<string, string>)[type] ?? type) : null;

/** A data source in words; a code this table does not know as it is. */
export const dataSourceLabel = (source: string | null | undefined): string | null =>
  source ? ((DATA_SOURCE_LABELS as Record<string, string>)[source] ?? source) : null;

/** A channel's classification in words. */
export const classificationLabel = (c: string | null | undefined): string | null =>
  c ? ((CLASSIFICATION_LABELS as Record<string, string>)[c] ?? c) : null;

/** Who owns a device, in words: "You", else (an admin's lists) the owner's e-mail, "User N" until it is known. */
export function ownerText(ownerId: number, callerId: number, emails: ReadonlyMap<number, string>): string {
  return ownerId === callerId ? "You" : (emails.get(ownerId) ?? `User ${ownerId}`);
}
