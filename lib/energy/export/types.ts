// What the export formatters read: one stored 30-minute (or other step) reading of a meter's load
// curve, with the store's codes already turned into names. The formatters are pure: they take
// readings in batches from any async source (the store's reader, or an array in tests).

/** The curves a household can export (the vendor's daily totals are not part of the export). */
export type ExportKind = "consumption" | "production";
export const EXPORT_KINDS: readonly ExportKind[] = ["consumption", "production"];

/** `energy.readings.quality`: 0 raw (Enedis `BRUT`), 1 corrected (`BEST`), 2 anything else. */
export type ExportQuality = "raw" | "corrected" | "other";
/** `energy.readings.source`. */
export type ExportSource = "enedis" | "sandbox" | "import";

export type ExportRow = {
  kind: ExportKind;
  /** interval start, UTC epoch milliseconds */
  t: number;
  /** energy over the interval, Wh */
  wh: number;
  /** interval length in minutes (30 for Linky load curves) */
  stepMin: number;
  quality: ExportQuality;
  source: ExportSource;
};

/** Readings in order (kind, then start), delivered a batch at a time. */
export type ExportBatches = AsyncIterable<readonly ExportRow[]> | Iterable<readonly ExportRow[]>;
