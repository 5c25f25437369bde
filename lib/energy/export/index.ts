// Export formats of a meter's history (pure: readings in, text chunks out). The store's reader and
// the stream adapters are in lib/services/exports.
export * from "./types";
export { csvChunks, csvText, type CsvDialect } from "./csv";
export { iec62746Chunks, iec62746Document, xmlEscape, type Iec62746Options } from "./iec62746";
export { decimal, isoParis, isoUtc } from "./format";
