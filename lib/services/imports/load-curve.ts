// Import of the Enedis customer-area load-curve CSV (issue 12, "Import"): for a household without
// an Enedis consent, or with history older than the API serves. The file is parsed as it arrives
// (lib/energy/import/enedis-csv.ts), checked against the meter, then stored in one transaction
// (source `import`) with the day bookkeeping. Decisions: docs/data-rights.md, "Import".
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/caller";
import { DomainError, notFound } from "@/lib/errors";
import { ownedBy } from "@/lib/services/access";
import { EnedisCsvError, parseEnedisCsv, type BadLine, type EnedisCurveFile } from "@/lib/energy/import/enedis-csv";
import { historyStart } from "@/lib/integrations/linky/limits";
import { parisDayOf } from "@/lib/time/paris";
import { bookImportedDays, heldBySource, upsertImportedCurve } from "@/lib/services/readings/store";

/** One transaction stores a whole file: ten years are about 35 statements of 5,000 rows. */
const IMPORT_TX_TIMEOUT_MS = 120_000;

export type ImportTarget = { meterId?: number };
export type ImportOptions = { skipBadLines?: boolean; now?: number };

type MeterRef = { id: number; usagePointId: string; producer: boolean | null; integrationId: number | null };

export type ImportPreview = {
  usage_point_id: string;
  kind: "consumption" | "production";
  step_minutes: number;
  format: "block" | "rows";
  /** the meter the file goes to; null: a new meter will be made for this usage point */
  meter_id: number | null;
  /** start of the first interval, end of the last (UTC) */
  first: string | null;
  last: string | null;
  points: number;
  days: number;
  empty_values: number;
  duplicates: number;
  bad_lines: BadLine[];
  bad_count: number;
  /** readings the meter already holds over [first, last): from the Enedis API (kept), from imports (replaced) */
  already_held: { enedis: number; imported: number };
};

export type ImportResult = Omit<ImportPreview, "already_held"> & {
  meter_id: number;
  meter_created: boolean;
  /** readings inserted or changed; the others were held already (same value, or from the Enedis API) */
  written: number;
  unchanged: number;
  /** days whose bookkeeping changed, by status */
  days_booked: { complete: number; partial: number; gap: number };
};

/** A file that cannot be imported: 422 with the line it is about. */
function fileError(err: EnedisCsvError): DomainError {
  const detail = `${err.line ? `Line ${err.line}: ` : ""}${err.reason.charAt(0).toUpperCase()}${err.reason.slice(1)}`;
  return new DomainError("invalid", detail, { errors: [{ path: err.line ? `line ${err.line}` : "file", message: err.reason }], body: { line: err.line } });
}

async function parse(body: AsyncIterable<Uint8Array | string>, now: number): Promise<EnedisCurveFile> {
  try {
    return await parseEnedisCsv(body, { now });
  } catch (err) {
    if (err instanceof EnedisCsvError) throw fileError(err);
    throw err;
  }
}

/**
 * The meter a file goes to. With `meterId`: that meter of the caller (404 otherwise), whose usage
 * point must be the file's (422 naming both). Without: the caller's meter for the file's usage
 * point, or null (a new one will be made).
 */
async function meterFor(caller: Caller, target: ImportTarget, usagePointId: string): Promise<MeterRef | null> {
  const select = { id: true, usagePointId: true, producer: true, integrationId: true } as const;
  if (target.meterId !== undefined) {
    const m = await db.meter.findFirst({ where: { id: target.meterId, ...ownedBy(caller, "userId") }, select });
    if (!m) throw notFound("Meter");
    if (m.usagePointId !== usagePointId) {
      throw new DomainError("invalid", `This file is for meter ${usagePointId}, not for meter ${m.usagePointId}`, {
        errors: [{ path: "file", message: `The file's "Identifiant PRM" is ${usagePointId}; the meter chosen is ${m.usagePointId}` }],
      });
    }
    return m;
  }
  return db.meter.findUnique({ where: { userId_usagePointId: { userId: caller.id, usagePointId } }, select });
}

function summary(f: EnedisCurveFile, meterId: number | null) {
  return {
    usage_point_id: f.usagePointId,
    kind: f.kind,
    step_minutes: f.stepMinutes,
    format: f.format,
    meter_id: meterId,
    first: f.first?.toISOString() ?? null,
    last: f.last?.toISOString() ?? null,
    points: f.points.length,
    days: f.days,
    empty_values: f.emptyValues,
    duplicates: f.duplicates,
    bad_lines: f.badLines,
    bad_count: f.badCount,
  };
}

/** What importing this file would do: its range and points, its bad lines, the meter it goes to. Writes nothing. */
export async function previewImport(caller: Caller, target: ImportTarget, body: AsyncIterable<Uint8Array | string>, opts: { now?: number } = {}): Promise<ImportPreview> {
  const f = await parse(body, opts.now ?? Date.now());
  const meter = await meterFor(caller, target, f.usagePointId);
  const already_held = meter && f.first && f.last ? await heldBySource(meter.id, f.kind, f.first, f.last) : { enedis: 0, imported: 0 };
  return { ...summary(f, meter?.id ?? null), already_held };
}

/**
 * Imports the file: the same checks as the preview, then, when no line is bad (or
 * `skipBadLines`), every point stored in one transaction with source `import` (a meter made for a
 * usage point the caller has none for, without an integration, so never synced), and the day
 * bookkeeping. A file with bad lines and without `skipBadLines` is refused (422, the lines
 * listed) and nothing is written.
 */
export async function runImport(caller: Caller, target: ImportTarget, body: AsyncIterable<Uint8Array | string>, opts: ImportOptions = {}): Promise<ImportResult> {
  const now = opts.now ?? Date.now();
  const f = await parse(body, now);
  const meter = await meterFor(caller, target, f.usagePointId);
  if (f.badCount && !opts.skipBadLines) {
    const first = f.badLines[0];
    throw new DomainError(
      "invalid",
      `${f.badCount} line${f.badCount > 1 ? "s" : ""} of the file cannot be read (line ${first.line}: ${first.reason}); nothing was imported. Correct the file, or import the other lines (skip_bad_lines=true)`,
      { errors: f.badLines.map((b) => ({ path: `line ${b.line}`, message: b.reason })), body: { bad_lines: f.badLines, bad_count: f.badCount } },
    );
  }
  if (!f.points.length) throw new DomainError("invalid", "No line of the file holds a reading: nothing to import");
  const firstDay = parisDayOf(f.points[0].start.getTime());
  const lastDay = parisDayOf(f.points[f.points.length - 1].start.getTime());
  const reachableFrom = historyStart("curve", parisDayOf(now));

  const out = await db.$transaction(
    async (tx) => {
      let meterId = meter?.id;
      const created = !meter;
      if (!meterId) {
        // no Enedis link: no integration, "stopped" (the sync and the hourly round skip it); linking
        // Linky later attaches this meter (same user and usage point) and syncs what is missing
        meterId = (await tx.meter.create({
          data: { userId: caller.id, usagePointId: f.usagePointId, syncState: "stopped", producer: f.kind === "production" ? true : null },
          select: { id: true },
        })).id;
      } else if (f.kind === "production" && meter!.producer !== true) {
        await tx.meter.update({ where: { id: meterId }, data: { producer: true } });
      }
      const written = await upsertImportedCurve(tx, meterId, f.kind, f.points);
      const booked = await bookImportedDays(tx, meterId, f.kind, firstDay, lastDay, reachableFrom);
      return { meterId, created, written, booked };
    },
    { timeout: IMPORT_TX_TIMEOUT_MS },
  );
  return {
    ...summary(f, out.meterId),
    meter_id: out.meterId,
    meter_created: out.created,
    written: out.written,
    unchanged: f.points.length - out.written,
    days_booked: out.booked,
  };
}
