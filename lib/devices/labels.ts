// How both device views (the device pages and My Devices) name the contract's device codes: one
// table each, so a device reads the same wherever it shows. The words are the catalog's
// "devices.labels" (messages/<locale>/devices.json): a page hands its translator in
// (useTranslations("devices.labels")); without one they are English (the back-office).
import { createTranslator, type useTranslations } from "use-intl";
import type { CLASSIFICATIONS, DataSource, DeviceType, MeasureType, Phase } from "@/lib/enums";
import en from "@/messages/en/devices.json";

/** The translator of the catalog's "devices.labels" messages. */
export type DeviceLabelsT = ReturnType<typeof useTranslations<"devices.labels">>;

const EN: DeviceLabelsT = createTranslator({ locale: "en", messages: { devices: en }, namespace: "devices.labels" }) as unknown as DeviceLabelsT;

export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = en.labels.types;

/** What each device type is, in a sentence: the device forms' help under the type. */
export const DEVICE_TYPE_HELP: Record<DeviceType, string> = en.labels.typeHelp;

export const DATA_SOURCE_LABELS: Record<DataSource, string> = en.labels.sources;

export const CLASSIFICATION_LABELS: Record<(typeof CLASSIFICATIONS)[number], string> = en.labels.classifications;

const known = <T extends object>(table: T, code: string): code is Extract<keyof T, string> => Object.hasOwn(table, code);

/** A device type in words; a code this table does not know as it is. */
export const deviceTypeLabel = (type: string | null | undefined, t: DeviceLabelsT = EN): string | null =>
  type ? (known(DEVICE_TYPE_LABELS, type) ? t(`types.${type}`) : type) : null;

/** A device type explained in a sentence; nothing for a code this table does not know. */
export const deviceTypeHelp = (type: string, t: DeviceLabelsT = EN): string | undefined => (known(DEVICE_TYPE_HELP, type) ? t(`typeHelp.${type}`) : undefined);

/** A data source in words; a code this table does not know as it is. */
export const dataSourceLabel = (source: string | null | undefined, t: DeviceLabelsT = EN): string | null =>
  source ? (known(DATA_SOURCE_LABELS, source) ? t(`sources.${source}`) : source) : null;

/** A channel's classification in words. */
export const classificationLabel = (c: string | null | undefined, t: DeviceLabelsT = EN): string | null =>
  c ? (known(CLASSIFICATION_LABELS, c) ? t(`classifications.${c}`) : c) : null;

/** Who owns a device, in words: "You", else (an admin's lists) the owner's e-mail, "User N" until it is known. */
export function ownerText(ownerId: number, callerId: number, emails: ReadonlyMap<number, string>, t: DeviceLabelsT = EN): string {
  return ownerId === callerId ? t("owner.you") : (emails.get(ownerId) ?? t("owner.user", { id: String(ownerId) }));
}

// the catalog names every measure type and phase (tsc checks it here)
const MEASURE_TYPE_LABELS: Record<MeasureType, string> = en.labels.measureTypes;
const PHASE_LABELS: Record<Phase, string> = en.labels.phases;

/** A measure type in words; a code this table does not know as it is. */
export const measureTypeLabel = (code: string, t: DeviceLabelsT = EN): string => (known(MEASURE_TYPE_LABELS, code) ? t(`measureTypes.${code}`) : code);

/** A phase in words. */
export const phaseLabel = (phase: Phase, t: DeviceLabelsT = EN): string => (known(PHASE_LABELS, phase) ? t(`phases.${phase}`) : phase);

/** A smart appliance category in words; a code this table does not know as it is. */
export const categoryLabel = (code: string, t: DeviceLabelsT = EN): string => (known(en.labels.categories, code) ? t(`categories.${code}`) : code);
