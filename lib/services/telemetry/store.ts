// Storing what the devices send (docs/telemetry.md, "Storage"): raw samples, then the 1-minute
// and 15-minute rollups of the minutes they touch. Idempotent: a sample already stored (same
// measurement and timestamp) is skipped, and rollups are recomputed from the samples, never added
// to, so redelivered or duplicated messages change nothing.
// The ingest defers the rollups: a batch's transaction stores its samples and queues the span
// they touch (telemetry.rollup_queue), and rollQueued() computes the queue every few seconds, so a
// minute is rolled once every few seconds rather than at every batch. Other writers (the
// simulator's backfill, the gap repair) roll in their own transaction.
// Energy comes from the counters' differences (a counter that went down was reset: its new value
// is the energy since the reset), power from the samples that carried one.
import type pg from "pg";
import { inPgTransaction } from "@/lib/db";
import type { TelemetryErrorKind } from "@/lib/telemetry/formats/types";
import { pauseAfter } from "@/lib/telemetry/rollup-policy";

export type SampleRow = { measurementId: number; ts: number; power_w?: number; import_wh?: number; export_wh?: number; apparent_va?: number };
export type DeviceStatus = { deviceId: number; seenAt?: number; online?: boolean; messages: number; errors: number; lastError?: { kind: TelemetryErrorKind; reason: string; at: number }; meter?: string };
type MinuteRange = { measurementId: number; from: Date; to: Date };

/**
 * The sample nearest to `at` of measurement `m` (before it with "<", from it on with ">="), within
 * 10 days: first looked for within the hour (one or two daily partitions), then, only when the
 * hour has none, over the 10 days (every partition). Looking over 10 days at once cost a probe
 * of each daily partition for every measurement of every batch (bench:telemetry).
 */
function nearest(m: string, op: "<" | ">=", at: string, order: "ASC" | "DESC", extra: string): string {
  const window = (span: string) =>
    op === "<"
      ? `s.ts < ${at} AND s.ts >= ${at} - interval '${span}'`
      : `s.ts >= ${at} AND s.ts < ${at} + interval '${span}'`;
  const one = (span: string) => `(SELECT s.ts, s.import_wh, s.export_wh FROM telemetry.samples s WHERE s.measurement_id = ${m} AND ${window(span)} ${extra} ORDER BY s.ts ${order} LIMIT 1)`;
  return `SELECT * FROM (${one("1 hour")} UNION ALL ${one("10 days")}) AS n LIMIT 1`;
}

/**
 * The energy between two readings of a counter, in SQL: their difference, or, when the counter went
 * down (it was reset), its new value; nothing without an earlier reading.
 */
export const counterDelta = (prev: string, cur: string) => `CASE WHEN ${prev} IS NULL THEN 0 WHEN ${cur} < ${prev} THEN ${cur} ELSE ${cur} - ${prev} END`;

const ROLL_SQL = `WITH r0 AS (SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::timestamptz[]) AS x(m, lo, hi)),
     -- up to the next minute already rolled: its counter delta starts from this range's last one,
     -- which a late sample may have changed (a minute not rolled yet gets it when it is; looking
     -- for the next sample instead read the next minute's samples at every roll of live data)
     r AS (
       SELECT r0.m, date_trunc('minute', r0.lo) AS lo, COALESCE(nx.start, date_trunc('minute', r0.hi)) AS hi
       FROM r0 LEFT JOIN LATERAL (
         SELECT x.start FROM telemetry.minutes x WHERE x.measurement_id = r0.m AND x.start > date_trunc('minute', r0.hi) AND x.start < r0.hi + interval '10 days'
         ORDER BY x.start LIMIT 1) nx ON true
     ),
     pts AS (
       SELECT s.measurement_id AS m, s.ts, s.power_w, s.import_wh, s.export_wh
       FROM r JOIN telemetry.samples s ON s.measurement_id = r.m AND s.ts >= r.lo AND s.ts < r.hi + interval '1 minute'
     ),
     counters AS (
       -- each counter's samples in the range, and the last one before it
       SELECT m, ts, import_wh AS c, 1 AS k FROM pts WHERE import_wh IS NOT NULL
       UNION ALL SELECT r.m, p.ts, p.import_wh, 1 FROM r CROSS JOIN LATERAL (${nearest("r.m", "<", "r.lo", "DESC", "AND s.import_wh IS NOT NULL")}) p
       UNION ALL SELECT m, ts, export_wh, 2 FROM pts WHERE export_wh IS NOT NULL
       UNION ALL SELECT r.m, p.ts, p.export_wh, 2 FROM r CROSS JOIN LATERAL (${nearest("r.m", "<", "r.lo", "DESC", "AND s.export_wh IS NOT NULL")}) p
     ),
     deltas AS (
       SELECT m, ts, k, ${counterDelta("prev", "c")} AS wh
       FROM (SELECT m, ts, k, c, lag(c) OVER (PARTITION BY m, k ORDER BY ts) AS prev FROM counters) q
     ),
     energy AS (
       SELECT d.m, date_trunc('minute', d.ts) AS start, sum(d.wh) FILTER (WHERE d.k = 1) AS imp, sum(d.wh) FILTER (WHERE d.k = 2) AS exp
       FROM deltas d JOIN r ON r.m = d.m AND d.ts >= r.lo GROUP BY 1, 2
     ),
     power AS (
       SELECT m, date_trunc('minute', ts) AS start, avg(power_w) AS pavg, min(power_w) AS pmin, max(power_w) AS pmax, count(*)::int AS n
       FROM pts GROUP BY 1, 2
     ),
     up AS (
       INSERT INTO telemetry.minutes AS t (measurement_id, start, power_avg, power_min, power_max, import_wh, export_wh, samples)
       SELECT p.m, p.start, p.pavg, p.pmin, p.pmax, COALESCE(e.imp, 0), COALESCE(e.exp, 0), p.n
       FROM power p LEFT JOIN energy e ON e.m = p.m AND e.start = p.start
       ORDER BY p.m, p.start
       ON CONFLICT (measurement_id, start) DO UPDATE SET power_avg = EXCLUDED.power_avg, power_min = EXCLUDED.power_min, power_max = EXCLUDED.power_max,
         import_wh = EXCLUDED.import_wh, export_wh = EXCLUDED.export_wh, samples = EXCLUDED.samples
       RETURNING measurement_id, start
     )
     SELECT measurement_id AS m, min(start) AS lo, max(start) AS hi FROM up GROUP BY 1`;

/** The 1-minute rollups of [from's minute, to's minute] for each measurement, from the samples. */
async function rollMinutes(c: pg.PoolClient, ranges: { m: number; lo: Date; hi: Date }[]): Promise<MinuteRange[]> {
  if (!ranges.length) return [];
  const { rows } = await c.query<{ m: number; lo: Date; hi: Date }>(
    ROLL_SQL,
    [ranges.map((r) => r.m), ranges.map((r) => r.lo.toISOString()), ranges.map((r) => r.hi.toISOString())],
  );
  return rows.map((r) => ({ measurementId: r.m, from: r.lo, to: r.hi }));
}

/**
 * The 15-minute rollups covering each range, from the 1-minute ones (also after a gap repair that
 * wrote minutes directly: lib/services/telemetry/repair.ts).
 */
async function rollQuarters(c: pg.PoolClient, ranges: MinuteRange[]): Promise<void> {
  if (!ranges.length) return;
  await c.query(
    `WITH r AS (SELECT m, date_bin('15 minutes', lo, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS lo, date_bin('15 minutes', hi, TIMESTAMPTZ '2000-01-01 00:00:00+00') + interval '15 minutes' AS hi
                FROM unnest($1::int[], $2::timestamptz[], $3::timestamptz[]) AS x(m, lo, hi))
     INSERT INTO telemetry.quarters AS t (measurement_id, start, power_avg, power_min, power_max, import_wh, export_wh)
     SELECT mi.measurement_id, date_bin('15 minutes', mi.start, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS q,
            avg(mi.power_avg), min(mi.power_min), max(mi.power_max), sum(mi.import_wh), sum(mi.export_wh)
     FROM r JOIN telemetry.minutes mi ON mi.measurement_id = r.m AND mi.start >= r.lo AND mi.start < r.hi
     GROUP BY 1, 2 ORDER BY 1, 2
     ON CONFLICT (measurement_id, start) DO UPDATE SET power_avg = EXCLUDED.power_avg, power_min = EXCLUDED.power_min, power_max = EXCLUDED.power_max,
       import_wh = EXCLUDED.import_wh, export_wh = EXCLUDED.export_wh`,
    [ranges.map((r) => r.measurementId), ranges.map((r) => r.from.toISOString()), ranges.map((r) => r.to.toISOString())],
  );
}

/** Takes the measurements' locks in one order: two ingest processes writing one measurement take turns (and never deadlock). */
async function lockMeasurements(c: pg.PoolClient, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  if (sorted.length) await c.query("SELECT pg_advisory_xact_lock(4901, m) FROM unnest($1::int[]) AS m", [sorted]);
}

const orNull = (v: number | undefined) => (v === undefined ? null : v);

const SAMPLE_COLUMNS = "unnest($1::int[], $2::timestamptz[], $3::real[], $4::float8[], $5::float8[], $6::real[])";

function sampleParams(samples: readonly SampleRow[]) {
  return [
    samples.map((s) => s.measurementId),
    samples.map((s) => new Date(s.ts).toISOString()),
    samples.map((s) => orNull(s.power_w)),
    samples.map((s) => orNull(s.import_wh)),
    samples.map((s) => orNull(s.export_wh)),
    samples.map((s) => orNull(s.apparent_va)),
  ];
}

/**
 * One batch: the samples (duplicates skipped), and each device's status (last seen, online,
 * counters of messages and errors, last error), in one transaction; the samples' minutes and
 * quarters in the same transaction, or, with `deferRollups`, queued for rollQueued(). Returns how
 * many samples were new.
 */
export async function storeBatch(samples: readonly SampleRow[], statuses: readonly DeviceStatus[], o: { deferRollups?: boolean } = {}): Promise<number> {
  return inPgTransaction(async (c) => {
    let inserted = 0;
    if (samples.length && o.deferRollups) {
      const { rows } = await c.query<{ n: number | null }>(
        `WITH ins AS (
           INSERT INTO telemetry.samples (measurement_id, ts, power_w, import_wh, export_wh, apparent_va)
           SELECT * FROM ${SAMPLE_COLUMNS} ON CONFLICT DO NOTHING
           RETURNING measurement_id, ts),
         spans AS (SELECT measurement_id AS m, min(ts) AS lo, max(ts) AS hi, count(*)::int AS n FROM ins GROUP BY 1),
         queued AS (
           INSERT INTO telemetry.rollup_queue (measurement_ids, los, his)
           SELECT array_agg(m), array_agg(lo), array_agg(hi) FROM spans HAVING count(*) > 0)
         SELECT sum(n)::int AS n FROM spans`,
        sampleParams(samples),
      );
      inserted = rows[0]?.n ?? 0;
    } else if (samples.length) {
      await lockMeasurements(c, samples.map((s) => s.measurementId));
      const { rows } = await c.query<{ m: number; lo: Date; hi: Date; n: number }>(
        `WITH ins AS (
           INSERT INTO telemetry.samples (measurement_id, ts, power_w, import_wh, export_wh, apparent_va)
           SELECT * FROM ${SAMPLE_COLUMNS} ON CONFLICT DO NOTHING
           RETURNING measurement_id, ts)
         SELECT measurement_id AS m, min(ts) AS lo, max(ts) AS hi, count(*)::int AS n FROM ins GROUP BY 1`,
        sampleParams(samples),
      );
      inserted = rows.reduce((n, r) => n + r.n, 0);
      await rollQuarters(c, await rollMinutes(c, rows));
    }
    if (statuses.length) {
      await c.query(
        `UPDATE device_mqtt d SET
           last_seen_at = CASE WHEN u.seen IS NULL THEN d.last_seen_at ELSE GREATEST(d.last_seen_at, u.seen) END,
           online = COALESCE(u.online, d.online),
           message_count = d.message_count + u.messages,
           error_count = d.error_count + u.errors,
           last_error = COALESCE(u.reason, d.last_error),
           last_error_kind = CASE WHEN u.reason IS NULL THEN d.last_error_kind ELSE u.kind END,
           last_error_at = CASE WHEN u.reason IS NULL THEN d.last_error_at ELSE u.error_at END,
           meter_prm = COALESCE(u.prm, d.meter_prm)
         FROM unnest($1::int[], $2::timestamptz[], $3::boolean[], $4::int[], $5::int[], $6::text[], $7::timestamptz[], $8::text[], $9::text[])
           AS u(device_id, seen, online, messages, errors, reason, error_at, kind, prm)
         WHERE d.device_id = u.device_id`,
        [
          statuses.map((s) => s.deviceId),
          statuses.map((s) => (s.seenAt === undefined ? null : new Date(s.seenAt).toISOString())),
          statuses.map((s) => (s.online === undefined ? null : s.online)),
          statuses.map((s) => s.messages),
          statuses.map((s) => s.errors),
          statuses.map((s) => s.lastError?.reason ?? null),
          statuses.map((s) => (s.lastError ? new Date(s.lastError.at).toISOString() : null)),
          statuses.map((s) => s.lastError?.kind ?? null),
          statuses.map((s) => s.meter ?? null),
        ],
      );
    }
    return inserted;
  });
}

/**
 * Computes up to `batches` of the queued rollups (oldest first; only those queued before
 * `queuedBefore` when given): claims them (several processes can roll at once: each claims rows
 * the others have not, and a claim left by a process that stopped is taken again after 10
 * minutes), merges each measurement's spans, recomputes their minutes and quarters `slice`
 * measurements per transaction with `pauseMs` between (a minute of 20,000 measurements is seconds
 * of work, which the ingest's writes share the machine with), then deletes the rows. In each
 * transaction the measurements still there are held against removal (FOR KEY SHARE) and locked
 * against other rollers; one removed since is skipped. A pass that fails releases its claim.
 * Returns how many rows it took (0 when none is left).
 */
export async function rollQueued(o: { queuedBefore?: Date; batches?: number; slice?: number; pauseMs?: number; spreadMs?: number } = {}): Promise<number> {
  // the claimed rows' spans merged per measurement here: their arrays of a minute of batches
  // (10,000 measurements each) read into JavaScript were seconds of date parsing that stalled the
  // process, its broker included (bench:telemetry)
  const { ids, ranges } = await inPgTransaction(async (c) => {
    const { rows } = await c.query<{ ids: string[] | null; m: number | null; lo: Date | null; hi: Date | null }>(
      `WITH claimed AS (
         UPDATE telemetry.rollup_queue SET claimed_at = now() WHERE id IN (
           SELECT id FROM telemetry.rollup_queue
           WHERE queued_at < COALESCE($2::timestamptz, 'infinity') AND (claimed_at IS NULL OR claimed_at < now() - interval '10 minutes')
           ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING id, measurement_ids, los, his),
       spans AS (
         SELECT x.m, min(x.lo) AS lo, max(x.hi) AS hi FROM claimed, unnest(claimed.measurement_ids, claimed.los, claimed.his) AS x(m, lo, hi) GROUP BY 1)
       SELECT (SELECT array_agg(id) FROM claimed) AS ids, spans.m, spans.lo, spans.hi
       FROM (SELECT 1) AS one LEFT JOIN spans ON true ORDER BY spans.m`,
      [o.batches ?? 1000, o.queuedBefore?.toISOString() ?? null],
    );
    return { ids: rows[0]?.ids ?? [], ranges: rows.flatMap((r) => (r.m === null ? [] : [{ m: r.m, lo: r.lo!, hi: r.hi! }])) };
  });
  if (!ids.length) return 0;
  const slice = o.slice ?? 1000;
  const started = performance.now();
  try {
    let pause = 0;
    for (let i = 0; i < ranges.length; i += slice) {
      if (pause) await new Promise((r) => setTimeout(r, pause));
      const t0 = performance.now();
      await rollSlice(ranges.slice(i, i + slice));
      const left = Math.ceil((ranges.length - i - slice) / slice);
      if (left > 0) pause = pauseAfter(performance.now() - t0, left, performance.now() - started, o);
    }
  } catch (err) {
    // released for the next pass (of any process) rather than left claimed for 10 minutes
    await inPgTransaction((c) => c.query("UPDATE telemetry.rollup_queue SET claimed_at = NULL WHERE id = ANY($1::bigint[])", [ids])).catch(() => undefined);
    throw err;
  }
  await inPgTransaction((c) => c.query("DELETE FROM telemetry.rollup_queue WHERE id = ANY($1::bigint[])", [ids]));
  return ids.length;
}

/** One slice of a pass: the measurements still there held against removal and locked against other rollers, their minutes and quarters recomputed. */
function rollSlice(part: { m: number; lo: Date; hi: Date }[]) {
  return inPgTransaction(async (c) => {
    // a minute of a slice's samples at once: kept in memory rather than spilled to disk
    await c.query("SET LOCAL work_mem = '64MB'");
    const { rows: live } = await c.query<{ id: number }>("SELECT id FROM measurements WHERE id = ANY($1::int[]) ORDER BY id FOR KEY SHARE", [part.map((r) => r.m)]);
    const kept = new Set(live.map((r) => r.id));
    const present = part.filter((r) => kept.has(r.m));
    await lockMeasurements(c, present.map((r) => r.m));
    await rollQuarters(c, await rollMinutes(c, present));
  });
}

/**
 * Minutes a device kept itself and sent back on request (the gap repair: lib/mqtt/repair.ts), as
 * counter samples at each minute's end: the counters where the stored samples left them before
 * the gap, plus each minute's energy. The rollups then count each minute once, and the sample
 * after the gap only what the records did not cover, the same as if nothing had been missed. A
 * measurement with no counter stored before the gap has nothing to count from: skipped.
 * Returns how many samples were new.
 */
export async function storeRecordedMinutes(rows: readonly { measurementId: number; start: number; import_wh: number; export_wh: number }[]): Promise<number> {
  if (!rows.length) return 0;
  const byMeasurement = new Map<number, { start: number; import_wh: number; export_wh: number }[]>();
  for (const r of rows) (byMeasurement.get(r.measurementId) ?? byMeasurement.set(r.measurementId, []).get(r.measurementId)!).push(r);
  const samples: SampleRow[] = [];
  for (const [m, minutes] of byMeasurement) {
    minutes.sort((a, b) => a.start - b.start);
    const { rows: anchor } = await readAnchor(m, minutes[0]!.start);
    if (anchor[0]?.imp == null) continue;
    let imp = anchor[0].imp;
    let exp = anchor[0].exp ?? 0;
    for (const x of minutes) {
      imp += x.import_wh;
      exp += x.export_wh;
      samples.push({ measurementId: m, ts: x.start + 59_999, import_wh: imp, export_wh: exp });
    }
  }
  return samples.length ? storeBatch(samples, []) : 0;
}

function readAnchor(m: number, before: number) {
  return inPgTransaction((c) =>
    c.query<{ imp: number | null; exp: number | null }>(
      `SELECT (SELECT import_wh FROM telemetry.samples WHERE measurement_id = $1 AND ts < $2 AND import_wh IS NOT NULL ORDER BY ts DESC LIMIT 1) AS imp,
              (SELECT export_wh FROM telemetry.samples WHERE measurement_id = $1 AND ts < $2 AND export_wh IS NOT NULL ORDER BY ts DESC LIMIT 1) AS exp`,
      [m, new Date(before).toISOString()],
    ),
  );
}

/** For each device, the time of the last sample stored (within 8 days) of any of its measurements (the gap repair's reference after a restart). */
export async function lastStoredSamples(devices: readonly { deviceId: number; measurementIds: readonly number[] }[]): Promise<Map<number, number>> {
  const pairs = devices.flatMap((d) => d.measurementIds.map((m) => [d.deviceId, m] as const));
  if (!pairs.length) return new Map();
  return inPgTransaction(async (c) => {
    const { rows } = await c.query<{ d: number; t: Date }>(
      `SELECT p.d, max(x.ts) AS t FROM unnest($1::int[], $2::int[]) AS p(d, m)
       CROSS JOIN LATERAL (SELECT ts FROM telemetry.samples WHERE measurement_id = p.m AND ts > now() - interval '8 days' ORDER BY ts DESC LIMIT 1) x
       GROUP BY 1`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    return new Map(rows.map((r) => [r.d, r.t.getTime()]));
  });
}
