// Streams a meter's load-curve readings out of `energy.readings` in key order without holding
// them: keyset pagination over the primary key (meter_id, kind, ts), a few thousand rows a
// statement through the app's pool. A server-side cursor would need one connection and one open
// transaction for the whole download, which a slow client could hold for minutes (and the pool's
// idle-in-transaction timeout would cut); each page here is a short index range scan, and the
// next page is asked for while the current one is being written out.
import { db } from "@/lib/db";
import type { ExportKind, ExportQuality, ExportRow, ExportSource } from "@/lib/energy/export";
import { KIND_CODE } from "@/lib/services/readings/store";

/** Rows per statement: large enough that round trips do not count, small enough to stay flat. */
const EXPORT_PAGE = 5000;

const QUALITY: readonly ExportQuality[] = ["raw", "corrected", "other"];
const SOURCE: Record<number, ExportSource> = { 1: "enedis", 2: "sandbox", 3: "import" };

export type ReadOptions = {
  /** curves to read, in this order (default consumption, then production) */
  kinds?: readonly ExportKind[];
  /** interval starts from `from` (inclusive) to `to` (exclusive); open-ended when absent */
  from?: Date;
  to?: Date;
  pageSize?: number;
};

type Page = { t: number; wh: number; step_min: number; quality: number; source: number }[];

// epoch milliseconds as float8: curve instants are whole minutes (a CHECK), so nothing is lost,
// and the client parses a number instead of a timestamp
const PAGE_SQL = `
  SELECT (extract(epoch FROM ts) * 1000)::float8 AS t, wh, step_min::int AS step_min, quality::int AS quality, source::int AS source
  FROM energy.readings
  WHERE meter_id = $1 AND kind = $2 AND ts >= $3::timestamptz AND ts > $4::timestamptz AND ts < $5::timestamptz
  ORDER BY ts
  LIMIT $6`;

// the bounds when none is given: before and after any reading
const EARLIEST = "-infinity", LATEST = "infinity";

/**
 * A meter's curve readings, ordered by kind (as given) then start, in pages of `pageSize`.
 * Not a snapshot: each page sees the store as it is when it is read (an upsert during the export
 * shows in the pages still to come; no reading is ever given twice or skipped by the paging).
 */
export async function* readCurveReadings(meterId: number, opts: ReadOptions = {}): AsyncGenerator<ExportRow[], void, undefined> {
  if (!Number.isSafeInteger(meterId) || meterId <= 0) throw new RangeError(`not a meter id: ${meterId}`);
  const kinds = opts.kinds ?? ["consumption", "production"];
  const size = opts.pageSize ?? EXPORT_PAGE;
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`bad page size ${size}`);
  for (const d of [opts.from, opts.to]) if (d && !Number.isFinite(d.getTime())) throw new RangeError("invalid export range");
  const from = opts.from ? opts.from.toISOString() : EARLIEST;
  const to = opts.to ? opts.to.toISOString() : LATEST;

  for (const kind of kinds) {
    const code = KIND_CODE[kind];
    if (code !== 1 && code !== 2) throw new RangeError(`not a load curve: ${kind}`);
    // `from` inclusive, then strictly after the last reading of the previous page
    const fetchPage = (after: string) => db.$queryRawUnsafe<Page>(PAGE_SQL, meterId, code, from, after, to, size);
    let next: Promise<Page> | null = fetchPage(EARLIEST);
    next.catch(() => {});
    try {
      while (next) {
        const page = await next;
        next = null;
        if (page.length === size) {
          // the following page is read while this one is formatted and sent
          next = fetchPage(new Date(page[page.length - 1].t).toISOString());
          next.catch(() => {});
        }
        const rows = new Array<ExportRow>(page.length);
        for (let i = 0; i < page.length; i++) {
          const r = page[i];
          rows[i] = { kind, t: r.t, wh: r.wh, stepMin: r.step_min, quality: QUALITY[r.quality] ?? "other", source: SOURCE[r.source] ?? "import" };
        }
        if (rows.length) yield rows;
      }
    } finally {
      // a consumer that stops early (a cancelled download) leaves no query unawaited
      if (next) await next.catch(() => {});
    }
  }
}
