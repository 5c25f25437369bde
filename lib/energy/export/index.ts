// Export formats of a meter's history (pure: readings in, text chunks out). The store's reader and
// the stream adapters are in lib/services/exports.
export * from "./types";
export { CSV_COLUMNS, csvChunks, csvText, type CsvDialect, type CsvOptions } from "./csv";
export { FOYER_PARTY, IEC62746_NAMESPACE, IEC62746_ROOT, iec62746Chunks, seriesMrid, xmlEscape, type Iec62746Options, type Party } from "./iec62746";
export { decimal, durationOf, isoParis, isoUtc, isoUtcMinute } from "./format";
