// Exports of a meter's history (issue 12): the household's 30-minute readings as CSV (French or
// international dialect) or as XML modelled on IEC 62746-4, streamed from the store. Formats are
// in lib/energy/export (pure); this is the use case: ownership, range, names, and the reader.
import type { Caller } from "@/lib/auth/caller";
import { db } from "@/lib/db";
import { csvChunks, EXPORT_KINDS, iec62746Chunks, type CsvDialect, type ExportKind } from "@/lib/energy/export";
import { DomainError, notFound } from "@/lib/errors";
import { addDays, parisDayOf, parisDayStart } from "@/lib/time/paris";
import { heldRange } from "@/lib/services/readings/store";
import { ownedBy } from "@/lib/services/access";
import { readCurveReadings } from "./reader";

type ExportFormat = { format: "csv"; dialect: CsvDialect } | { format: "xml" };

export type ExportRequest = ExportFormat & {
  /** default: both curves (a kind without readings is simply absent) */
  kinds?: readonly ExportKind[];
  /** interval starts in [from, to) (UTC instants; a UI passes local midnights) */
  from?: Date;
  to?: Date;
};

export type MeterExport = {
  /** `foyer-24880057139941-readings.csv`, or with the range's local days */
  filename: string;
  contentType: string;
  chunks: AsyncGenerator<string, void, undefined>;
};

const CONTENT_TYPE = { csv: "text/csv; charset=utf-8; header=present", xml: "application/xml; charset=utf-8" };

/** The usage point of a meter the caller may read (an admin's too); someone else's is 404. */
async function usagePointOf(caller: Caller, meterId: number): Promise<string> {
  const meter = await db.meter.findFirst({ where: { id: meterId, ...ownedBy(caller, "userId") }, select: { usagePointId: true } });
  if (!meter) throw notFound("Meter");
  return meter.usagePointId;
}

/** The whole local days that hold the readings to export, [start, end) in UTC ms, or null when none. */
async function localDaysHeld(meterId: number, kinds: readonly ExportKind[], from?: Date, to?: Date): Promise<{ start: number; end: number } | null> {
  let first = Infinity, last = -Infinity;
  for (const kind of kinds) {
    const held = await heldRange(meterId, kind);
    if (!held) continue;
    const a = Math.max(held.first.getTime(), from?.getTime() ?? -Infinity);
    const b = Math.min(held.last.getTime(), (to?.getTime() ?? Infinity) - 1);
    if (a > b) continue;
    first = Math.min(first, a);
    last = Math.max(last, b);
  }
  if (!(first <= last)) return null;
  const [fromDay, lastDay] = [parisDayOf(first), parisDayOf(last)];
  return { start: parisDayStart(fromDay), end: parisDayStart(addDays(lastDay, 1)) };
}

/** True when at least one reading of `kinds` lies in [from, to). */
async function anyReading(meterId: number, kinds: readonly ExportKind[], from?: Date, to?: Date): Promise<boolean> {
  for await (const page of readCurveReadings(meterId, { kinds, from, to, pageSize: 1 })) if (page.length) return true;
  return false;
}

/**
 * A meter's readings as a stream of text chunks, with the file's name and content type. Nothing
 * is read before the stream is pulled but the meter, and for XML whether there is anything to
 * export: an empty XML document would not be valid (422 "No readings to export").
 * @example
 *   const { filename, contentType, chunks } = await exportMeterHistory(caller, id, { format: "csv", dialect: "fr" });
 *   return new Response(toWebStream(chunks), { headers: { "content-type": contentType, "content-disposition": `attachment; filename="${filename}"` } });
 */
export async function exportMeterHistory(caller: Caller, meterId: number, req: ExportRequest, now = new Date()): Promise<MeterExport> {
  return exportOf({ id: meterId, usagePointId: await usagePointOf(caller, meterId) }, req, now);
}

/** The export of a meter whose access was checked (the route's caller, or the archive's owner). */
export async function exportOf(meter: { id: number; usagePointId: string }, req: ExportRequest, now = new Date()): Promise<MeterExport> {
  const { id: meterId, usagePointId } = meter;
  const kinds = req.kinds?.length ? EXPORT_KINDS.filter((k) => req.kinds!.includes(k)) : EXPORT_KINDS;
  if (req.from && req.to && req.from.getTime() >= req.to.getTime()) throw new DomainError("invalid", "The export's start must be before its end");
  const range = req.from || req.to ? `-${req.from ? parisDayOf(req.from.getTime()) : "start"}_${req.to ? parisDayOf(req.to.getTime() - 1) : "end"}` : "";
  const base = `foyer-${usagePointId}${kinds.length === 1 ? `-${kinds[0]}` : ""}-readings${range}`;
  const rows = () => readCurveReadings(meterId, { kinds, from: req.from, to: req.to });

  if (req.format === "csv") {
    return { filename: `${base}.csv`, contentType: CONTENT_TYPE.csv, chunks: csvChunks(rows(), { usagePointId, dialect: req.dialect }) };
  }
  if (!(await anyReading(meterId, kinds, req.from, req.to))) throw new DomainError("invalid", "No readings to export");
  const period = await localDaysHeld(meterId, kinds, req.from, req.to);
  const stamp = now.toISOString().replace(/[-:]|\.\d+/g, "");
  return {
    filename: `${base}.xml`,
    contentType: CONTENT_TYPE.xml,
    chunks: iec62746Chunks(rows(), { usagePointId, documentMrid: `FOYER-${usagePointId}-${stamp}`, createdAt: now, period: period ?? undefined }),
  };
}
