// A meter's readings as CSV, long format: one row per interval, streamed as string chunks (nothing
// is built whole). Two dialects: `fr` for French Excel (`;`, decimal comma, UTF-8 BOM) and `en`
// (`,`, decimal point, no BOM). Both end lines with CRLF (RFC 4180) and carry the same header.
import { decimal, durationOf, isoParis, isoUtc } from "./format";
import type { ExportBatches } from "./types";

export type CsvDialect = "fr" | "en";

/** The header row, the same in both dialects (stable names for programs reading either). */
const CSV_COLUMNS = ["meter", "kind", "start_local", "start_utc", "duration", "energy_wh", "average_power_w", "quality", "source"] as const;

/** The UTF-8 byte order mark French Excel needs to read the file as UTF-8 (`fr` only). */
export const CSV_BOM = "\uFEFF";
/** CRLF in both dialects (RFC 4180). */
export const CSV_EOL = "\r\n";
/** Characters per chunk handed to the stream (about 64 KiB). */
const CHUNK = 65_536;

export const CSV_SEPARATOR: Record<CsvDialect, string> = { fr: ";", en: "," };

/** A number as the dialect writes it: `decimal`'s text, with a decimal comma in `fr`. */
export function csvNumber(x: number, dialect: CsvDialect, decimals = 3): string {
  return dialect === "fr" ? decimal(x, decimals).replace(".", ",") : decimal(x, decimals);
}

/**
 * A text field made safe for CSV and for spreadsheets: quoted when it holds the separator, a quote
 * or a line break (quotes doubled), and prefixed with `'` when it starts like a formula (`=`, `+`,
 * `-`, `@`, tab, carriage return), so Excel or LibreOffice never evaluates it (OWASP "CSV
 * injection"). Numbers are written by the caller, never through this.
 */
export function csvText(value: string, sep: string): string {
  let s = value;
  if (/^[=+\-@\t\r]/.test(s)) s = "'" + s;
  if (s.includes(sep) || s.includes('"') || s.includes("\n") || s.includes("\r")) s = '"' + s.replaceAll('"', '""') + '"';
  return s;
}

export type CsvOptions = {
  /** the usage point (PRM) written in the `meter` column */
  usagePointId: string;
  dialect: CsvDialect;
};

/**
 * The CSV text of `rows`, in chunks of about 64 KiB: the BOM (fr), the header row, then one line
 * per reading. Energy in Wh and average power in W (energy × 60 / step) with up to 3 decimals.
 */
export async function* csvChunks(rows: ExportBatches, { usagePointId, dialect }: CsvOptions): AsyncGenerator<string, void, undefined> {
  const sep = CSV_SEPARATOR[dialect];
  if (!sep) throw new RangeError(`unknown CSV dialect ${dialect}`);
  const comma = dialect === "fr";
  const num = (x: number) => csvNumber(x, dialect);
  const meter = csvText(usagePointId, sep);
  // the fixed words are known to be safe; they go through csvText all the same, once
  const kindText = { consumption: csvText("consumption", sep), production: csvText("production", sep) };
  let buf = (comma ? CSV_BOM : "") + CSV_COLUMNS.join(sep) + CSV_EOL;
  let lastStep = -1, duration = "";
  for await (const batch of rows) {
    for (const r of batch) {
      if (r.stepMin !== lastStep) {
        lastStep = r.stepMin;
        duration = durationOf(r.stepMin);
      }
      buf += meter + sep + kindText[r.kind] + sep + isoParis(r.t) + sep + isoUtc(r.t) + sep + duration + sep +
        num(r.wh) + sep + num((r.wh * 60) / r.stepMin) + sep + r.quality + sep + r.source + CSV_EOL;
      if (buf.length >= CHUNK) {
        yield buf;
        buf = "";
      }
    }
  }
  if (buf) yield buf;
}
