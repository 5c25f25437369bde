// The readings store: Linky load curves, daily totals and daily max power in the `energy` schema
// (raw-SQL migration prisma/migrations/*_energy_readings; design and measurements in
// docs/energy-history.md). Prisma's models know nothing of these tables, so they are written and
// read here only, with raw SQL: writes as one multi-row statement per batch (arrays unnested on
// the server), reads as aggregation queries that walk the primary key (meter_id, kind, ts).
import { db } from "@/lib/db";
import { parisDayOf } from "@/lib/time/paris";
import type { Bucket, BucketValue, Curve, CurvePoint, DailyMax, DailyValue, DayPoints, ReadingKind, ReadingSource } from "./types";

/** `energy.readings.kind` */
export const KIND_CODE: Record<ReadingKind, number> = { consumption: 1, production: 2, daily_consumption: 11, daily_production: 12 };
const DAILY_KIND: Record<Curve, ReadingKind> = { consumption: "daily_consumption", production: "daily_production" };
/** `energy.readings.source` */
const SOURCE_CODE: Record<ReadingSource, number> = { enedis: 1, sandbox: 2, import: 3 };
/** `energy.readings.quality`: 0 raw (BRUT), 1 corrected (BEST), 2 anything else. */
const qualityCode = (q: string) => (q === "BRUT" ? 0 : q === "BEST" ? 1 : 2);

/**
 * Rows per statement: about 60 ms of work each, far from the statement timeout, and large enough
 * that the round trips do not count. A 7-day chunk (336 points) is one statement.
 */
const BATCH = 5000;
/** Statements of one call in flight at once (the machine we measure on has 2 cores). */
const PARALLEL = 2;
const STEPS = new Set([5, 10, 15, 30, 60]);
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

const arrayLiteral = (xs: readonly (number | string | null)[]) => `{${xs.map((x) => (x === null ? "NULL" : x)).join(",")}}`;

function checkMeter(meterId: number) {
  if (!Number.isSafeInteger(meterId) || meterId <= 0) throw new RangeError(`not a meter id: ${meterId}`);
}

function checkDay(day: string) {
  if (!DAY_RE.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) throw new RangeError(`not a day (YYYY-MM-DD): ${day}`);
}

function checkWh(wh: number, what: string) {
  if (!Number.isFinite(wh) || wh < 0) throw new RangeError(`${what}: energy must be a finite number of Wh, not negative (got ${wh})`);
}

/** The local day after `day` (`YYYY-MM-DD`). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Runs `work` on each slice of `n` items, at most PARALLEL at once. */
async function inBatches(n: number, work: (from: number, to: number) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const from = next;
      next = Math.min(n, next + BATCH);
      await work(from, next);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, Math.ceil(n / BATCH)) }, worker));
}

// A reading changes only when a value, its step, quality or source differs (so that re-running an
// upsert writes nothing at all), and a corrected value (BEST) is never replaced by one that is not.
const UPSERT_READINGS = `
  ON CONFLICT (meter_id, kind, ts) DO UPDATE
    SET wh = EXCLUDED.wh, step_min = EXCLUDED.step_min, quality = EXCLUDED.quality, source = EXCLUDED.source, fetched_at = EXCLUDED.fetched_at
    WHERE (r.wh, r.step_min, r.quality, r.source) IS DISTINCT FROM (EXCLUDED.wh, EXCLUDED.step_min, EXCLUDED.quality, EXCLUDED.source)
      AND NOT (r.quality = 1 AND EXCLUDED.quality <> 1)`;

const UPSERT_CURVE = `
  INSERT INTO energy.readings AS r (meter_id, kind, ts, wh, step_min, quality, source, fetched_at)
  SELECT $1::int, $2::smallint, to_timestamp(u.t / 1000), u.wh, u.step, u.q, $3::smallint, now()
  FROM unnest($4::float8[], $5::float8[], $6::smallint[], $7::smallint[]) AS u(t, wh, step, q)
  ${UPSERT_READINGS}`;

const UPSERT_DAILY = `
  INSERT INTO energy.readings AS r (meter_id, kind, ts, wh, step_min, quality, source, fetched_at)
  SELECT $1::int, $2::smallint, u.d::timestamp AT TIME ZONE 'Europe/Paris', u.wh, 1440, u.q, $3::smallint, now()
  FROM unnest($4::date[], $5::float8[], $6::smallint[]) AS u(d, wh, q)
  ${UPSERT_READINGS}`;

const UPSERT_MAX_POWER = `
  INSERT INTO energy.daily_max_power AS p (meter_id, day, va, at)
  SELECT $1::int, u.d, u.va, u.at
  FROM unnest($2::date[], $3::int[], $4::timestamptz[]) AS u(d, va, at)
  ON CONFLICT (meter_id, day) DO UPDATE SET va = EXCLUDED.va, at = EXCLUDED.at
    WHERE (p.va, p.at) IS DISTINCT FROM (EXCLUDED.va, EXCLUDED.at)`;

/**
 * Stores load-curve points (interval starts in UTC), overwriting what differs: a corrected value
 * (BEST) replaces a raw one (BRUT), never the other way round; re-running the same points changes
 * nothing. A point given twice counts once (the last one). Large inputs go in several statements
 * (not one transaction): a failure part-way leaves some batches written, and running again
 * completes them.
 * @returns the readings now held on each local day from the first point's to the last point's
 *   (for the `meter_days` bookkeeping; a day the chunk skipped shows 0 points)
 */
export async function upsertCurve(meterId: number, curve: Curve, points: CurvePoint[], source: ReadingSource): Promise<{ days: DayPoints[] }> {
  checkMeter(meterId);
  if (!points.length) return { days: [] };
  let list = points;
  let times = new Array<number>(list.length);
  let ordered = true;
  for (let i = 0; i < list.length; i++) {
    const p = list[i];
    const t = p.start.getTime();
    if (!Number.isFinite(t)) throw new RangeError("curve point without a valid start");
    if (!STEPS.has(p.stepMin)) throw new RangeError(`curve point at ${p.start.toISOString()}: step ${p.stepMin} min is not one of 5, 10, 15, 30, 60`);
    checkWh(p.wh, `curve point at ${p.start.toISOString()}`);
    times[i] = t;
    if (i > 0 && t <= times[i - 1]) ordered = false;
  }
  if (!ordered) {
    // a point given twice counts once (the last one); batches go in time order
    const byTime = new Map<number, CurvePoint>();
    for (let i = 0; i < list.length; i++) byTime.set(times[i], list[i]);
    times = [...byTime.keys()].sort((a, b) => a - b);
    list = times.map((t) => byTime.get(t)!);
  }
  const kind = KIND_CODE[curve];
  // the arrays' text forms built in one pass (a meter-year's preparation is a few milliseconds)
  await inBatches(list.length, (from, to) => {
    let ts = "{", wh = "{", step = "{", q = "{";
    for (let i = from; i < to; i++) {
      const p = list[i];
      const sep = i > from ? "," : "";
      ts += sep + times[i];
      wh += sep + p.wh;
      step += sep + p.stepMin;
      q += sep + qualityCode(p.quality);
    }
    return db.$executeRawUnsafe(UPSERT_CURVE, meterId, kind, SOURCE_CODE[source], ts + "}", wh + "}", step + "}", q + "}");
  });
  const days = await dayCoverage(meterId, curve, parisDayOf(times[0]), nextDay(parisDayOf(times[times.length - 1])));
  return { days };
}

/** Stores the vendor's daily totals (local days), with the same overwrite rules as the curve. */
export async function upsertDaily(meterId: number, curve: Curve, values: DailyValue[], source: ReadingSource): Promise<void> {
  checkMeter(meterId);
  const byDay = new Map<string, DailyValue>();
  for (const v of values) {
    checkDay(v.day);
    checkWh(v.wh, `daily value of ${v.day}`);
    byDay.set(v.day, v);
  }
  const all = [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
  await inBatches(all.length, (from, to) => {
    const slice = all.slice(from, to);
    return db.$executeRawUnsafe(
      UPSERT_DAILY, meterId, KIND_CODE[DAILY_KIND[curve]], SOURCE_CODE[source],
      arrayLiteral(slice.map((v) => v.day)), arrayLiteral(slice.map((v) => v.wh)), arrayLiteral(slice.map((v) => qualityCode(v.quality))),
    );
  });
}

/** Stores each day's maximum apparent power (VA, rounded) and when it was reached. */
export async function upsertMaxPower(meterId: number, values: DailyMax[]): Promise<void> {
  checkMeter(meterId);
  const byDay = new Map<string, DailyMax>();
  for (const v of values) {
    checkDay(v.day);
    if (!Number.isFinite(v.va) || v.va < 0) throw new RangeError(`max power of ${v.day}: not a power in VA (got ${v.va})`);
    if (v.at !== null && !Number.isFinite(v.at.getTime())) throw new RangeError(`max power of ${v.day}: invalid time`);
    byDay.set(v.day, v);
  }
  const all = [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
  await inBatches(all.length, (from, to) => {
    const slice = all.slice(from, to);
    return db.$executeRawUnsafe(
      UPSERT_MAX_POWER, meterId,
      arrayLiteral(slice.map((v) => v.day)), arrayLiteral(slice.map((v) => Math.round(v.va))), arrayLiteral(slice.map((v) => v.at?.toISOString() ?? null)),
    );
  });
}

/** Local days and months are cut with PostgreSQL's time-zone rules, whatever the session's zone. */
const LOCAL_UNIT: Record<"day" | "month", string> = { day: "1 day", month: "1 month" };
const FIXED_UNIT: Record<"30min" | "hour", string> = { "30min": "30 minutes", hour: "1 hour" };

/**
 * The energy of `kind` in [from, to) per bucket, oldest first. A bucket without readings is absent
 * (never a zero); `points` says how many readings a bucket holds, so a partial day shows as such
 * (a complete 30-minute day has 48, 46 on the spring-forward day, 50 on the fall-back day).
 * `day` and `month` are Europe/Paris calendar days and months (a bucket starts at local midnight,
 * the first one at `from` if that is later); `30min` and `hour` are fixed steps (Paris offsets
 * are whole hours, so they are local half hours and hours too). Daily series have no bucket
 * below a day.
 */
export async function aggregate(meterId: number, kind: ReadingKind, from: Date, to: Date, bucket: Bucket): Promise<BucketValue[]> {
  const q = aggregateQuery(meterId, kind, from, to, bucket);
  return db.$queryRawUnsafe<BucketValue[]>(q.sql, ...q.params);
}

/** The statement `aggregate` runs (exported for the benchmark's EXPLAIN). */
export function aggregateQuery(meterId: number, kind: ReadingKind, from: Date, to: Date, bucket: Bucket): { sql: string; params: unknown[] } {
  checkMeter(meterId);
  const k = KIND_CODE[kind];
  if (k === undefined) throw new RangeError(`unknown kind ${kind}`);
  if (!Number.isFinite(from.getTime()) || !Number.isFinite(to.getTime())) throw new RangeError("aggregate: invalid range");
  const f = from.toISOString(), t = to.toISOString();
  if (bucket === "30min" || bucket === "hour") {
    if (k > 10) throw new RangeError(`${kind} holds one value per day: aggregate it by day or month`);
    // one walk of the key range; date_bin is arithmetic on the instant (no time-zone lookup)
    return {
      sql: `SELECT date_bin($5::interval, ts, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS start, sum(wh)::float8 AS wh, count(*)::int AS points
       FROM energy.readings
       WHERE meter_id = $1 AND kind = $2 AND ts >= $3::timestamptz AND ts < $4::timestamptz
       GROUP BY 1 ORDER BY 1`,
      params: [meterId, k, f, t, FIXED_UNIT[bucket]],
    };
  }
  const unit = LOCAL_UNIT[bucket];
  if (!unit) throw new RangeError(`unknown bucket ${bucket}`);
  // One short index range per local day or month: the bounds come from generate_series and
  // date_add in Europe/Paris (23- and 25-hour days included), so no row needs a time-zone
  // conversion; measured twice as fast as date_trunc(..., 'Europe/Paris') on every reading.
  return {
    sql: `SELECT greatest(b.start, $3::timestamptz) AS start, s.wh, s.points
     FROM generate_series(date_trunc($6, $3::timestamptz, 'Europe/Paris'), $4::timestamptz - interval '1 microsecond', $5::interval, 'Europe/Paris') AS b(start)
     CROSS JOIN LATERAL (
       SELECT sum(wh)::float8 AS wh, count(*)::int AS points FROM energy.readings
       WHERE meter_id = $1 AND kind = $2
         AND ts >= greatest(b.start, $3::timestamptz) AND ts < least(date_add(b.start, $5::interval, 'Europe/Paris'), $4::timestamptz)
     ) AS s
     WHERE s.points > 0
     ORDER BY 1`,
    params: [meterId, k, f, t, unit, bucket],
  };
}

/**
 * Readings of a curve held on each local day from `fromDay` (inclusive) to `toDay` (exclusive),
 * every day listed (0 when none): what the `meter_days` bookkeeping compares with 46/48/50.
 */
export async function dayCoverage(meterId: number, curve: Curve, fromDay: string, toDay: string): Promise<DayPoints[]> {
  checkMeter(meterId);
  checkDay(fromDay);
  checkDay(toDay);
  return db.$queryRawUnsafe<DayPoints[]>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, c.points
     FROM generate_series($3::date, $4::date - 1, interval '1 day') AS d(day)
     CROSS JOIN LATERAL (
       SELECT count(*)::int AS points FROM energy.readings
       WHERE meter_id = $1 AND kind = $2
         AND ts >= d.day::date::timestamp AT TIME ZONE 'Europe/Paris' AND ts < (d.day::date + 1)::timestamp AT TIME ZONE 'Europe/Paris'
     ) AS c
     ORDER BY d.day`,
    meterId, KIND_CODE[curve], fromDay, toDay);
}

/** The daily max power held from `fromDay` (inclusive) to `toDay` (exclusive), oldest first. */
export async function readMaxPower(meterId: number, fromDay: string, toDay: string): Promise<DailyMax[]> {
  checkMeter(meterId);
  checkDay(fromDay);
  checkDay(toDay);
  return db.$queryRawUnsafe<DailyMax[]>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, va, at FROM energy.daily_max_power
     WHERE meter_id = $1 AND day >= $2::date AND day < $3::date ORDER BY day`,
    meterId, fromDay, toDay);
}

/** The first and last instants held for `kind` (null when none): two probes of the key. */
export async function heldRange(meterId: number, kind: ReadingKind): Promise<{ first: Date; last: Date } | null> {
  checkMeter(meterId);
  const [row] = await db.$queryRawUnsafe<{ first: Date | null; last: Date | null }[]>(
    `SELECT (SELECT min(ts) FROM energy.readings WHERE meter_id = $1 AND kind = $2) AS first,
            (SELECT max(ts) FROM energy.readings WHERE meter_id = $1 AND kind = $2) AS last`,
    meterId, KIND_CODE[kind]);
  return row?.first && row.last ? { first: row.first, last: row.last } : null;
}

/**
 * Deletes every reading and max-power row of a meter (the household asked; deleting the meter
 * row does the same through the foreign keys).
 */
export async function deleteMeterReadings(meterId: number): Promise<{ readings: number; maxPower: number }> {
  checkMeter(meterId);
  const [readings, maxPower] = await db.$transaction([
    db.$executeRawUnsafe(`DELETE FROM energy.readings WHERE meter_id = $1`, meterId),
    db.$executeRawUnsafe(`DELETE FROM energy.daily_max_power WHERE meter_id = $1`, meterId),
  ]);
  return { readings, maxPower };
}

// ---------------------------------------------------------------------------------------------
// Imported load curves (the Enedis customer-area CSV, lib/services/imports): written in the
// caller's transaction, so that a file is stored whole or not at all. Precedence: readings from
// the Enedis API (source enedis or sandbox) are never replaced by imported ones; an imported
// reading is replaced by a later import with another value, and by the API when the sync fetches
// its day (upsertCurve). docs/data-rights.md, "Import".

type Tx = Pick<typeof db, "$executeRawUnsafe" | "$queryRawUnsafe">;

const UPSERT_IMPORTED = `
  INSERT INTO energy.readings AS r (meter_id, kind, ts, wh, step_min, quality, source, fetched_at)
  SELECT $1::int, $2::smallint, to_timestamp(u.t / 1000), u.wh, $3::smallint, $4::smallint, ${SOURCE_CODE.import}, now()
  FROM unnest($5::float8[], $6::float8[]) AS u(t, wh)
  ON CONFLICT (meter_id, kind, ts) DO UPDATE
    SET wh = EXCLUDED.wh, step_min = EXCLUDED.step_min, quality = EXCLUDED.quality, fetched_at = EXCLUDED.fetched_at
    WHERE r.source = ${SOURCE_CODE.import}
      AND (r.wh, r.step_min, r.quality) IS DISTINCT FROM (EXCLUDED.wh, EXCLUDED.step_min, EXCLUDED.quality)`;

/**
 * Stores imported curve points (ordered, distinct, one step and quality) through `tx`, in
 * statements of BATCH rows one after another (one transaction holds one connection).
 * @returns the readings inserted or changed (the others were held already: the same imported
 *   value, or a reading from the Enedis API, which is kept)
 */
export async function upsertImportedCurve(tx: Tx, meterId: number, curve: Curve, points: CurvePoint[]): Promise<number> {
  checkMeter(meterId);
  if (!points.length) return 0;
  const step = points[0].stepMin;
  const quality = qualityCode(points[0].quality);
  if (!STEPS.has(step)) throw new RangeError(`step ${step} min is not one of 5, 10, 15, 30, 60`);
  let written = 0;
  for (let from = 0; from < points.length; from += BATCH) {
    let ts = "{", wh = "{";
    let previous = -Infinity;
    for (let i = from; i < Math.min(points.length, from + BATCH); i++) {
      const p = points[i];
      const t = p.start.getTime();
      if (!(t > previous) || p.stepMin !== step || qualityCode(p.quality) !== quality) throw new RangeError("imported points must be ordered, distinct, of one step and quality");
      checkWh(p.wh, `curve point at ${p.start.toISOString()}`);
      previous = t;
      const sep = i > from ? "," : "";
      ts += sep + t;
      wh += sep + p.wh;
    }
    written += await tx.$executeRawUnsafe(UPSERT_IMPORTED, meterId, KIND_CODE[curve], step, quality, ts + "}", wh + "}");
  }
  return written;
}

/**
 * The `meter_days` bookkeeping after an import, through `tx`: each local day from `fromDay` to
 * `toDay` (inclusive) holding readings gets its count and status: complete when it holds all its
 * points (46/48/50), else partial, or gap before `reachableFrom` (older than the Enedis API
 * serves: the sync could not complete it and must not ask). A complete day is never downgraded.
 * The sync only fetches missing and partial days, so imported complete days are not fetched again.
 */
export async function bookImportedDays(tx: Tx, meterId: number, curve: Curve, fromDay: string, toDay: string, reachableFrom: string): Promise<{ complete: number; partial: number; gap: number }> {
  checkMeter(meterId);
  checkDay(fromDay);
  checkDay(toDay);
  checkDay(reachableFrom);
  const rows = await tx.$queryRawUnsafe<{ status: string; n: number }[]>(
    `WITH booked AS (
       INSERT INTO meter_days AS m (meter_id, series, day, expected, points, status, checked_at)
       SELECT $1, $2::"CurveSeries", d.day, e.expected, c.points,
              (CASE WHEN c.points >= e.expected THEN 'complete' WHEN d.day < $6::date THEN 'gap' ELSE 'partial' END)::"DayStatus", now()
       FROM generate_series($4::date, $5::date, interval '1 day') AS g(x)
       CROSS JOIN LATERAL (SELECT g.x::date AS day) AS d
       CROSS JOIN LATERAL (
         SELECT (extract(epoch FROM ((d.day + 1)::timestamp AT TIME ZONE 'Europe/Paris') - (d.day::timestamp AT TIME ZONE 'Europe/Paris')) / 1800)::smallint AS expected
       ) AS e
       CROSS JOIN LATERAL (
         SELECT count(*)::smallint AS points FROM energy.readings
         WHERE meter_id = $1 AND kind = $3
           AND ts >= d.day::timestamp AT TIME ZONE 'Europe/Paris' AND ts < (d.day + 1)::timestamp AT TIME ZONE 'Europe/Paris'
       ) AS c
       WHERE c.points > 0
       ON CONFLICT (meter_id, series, day) DO UPDATE SET points = EXCLUDED.points, status = EXCLUDED.status, checked_at = EXCLUDED.checked_at
         WHERE m.status <> 'complete'
       RETURNING m.status::text AS status
     )
     SELECT status, count(*)::int AS n FROM booked GROUP BY status`,
    meterId, curve, KIND_CODE[curve], fromDay, toDay, reachableFrom);
  const out = { complete: 0, partial: 0, gap: 0 };
  for (const r of rows) if (r.status in out) out[r.status as keyof typeof out] = r.n;
  return out;
}

/** Readings of a curve held in [from, to), by where they came from (an import's preview). */
export async function heldBySource(meterId: number, curve: Curve, from: Date, to: Date): Promise<{ enedis: number; imported: number }> {
  checkMeter(meterId);
  const [row] = await db.$queryRawUnsafe<{ enedis: number; imported: number }[]>(
    `SELECT count(*) FILTER (WHERE source <> ${SOURCE_CODE.import})::int AS enedis, count(*) FILTER (WHERE source = ${SOURCE_CODE.import})::int AS imported
     FROM energy.readings WHERE meter_id = $1 AND kind = $2 AND ts >= $3::timestamptz AND ts < $4::timestamptz`,
    meterId, KIND_CODE[curve], from.toISOString(), to.toISOString());
  return row ?? { enedis: 0, imported: 0 };
}

/**
 * Several meters' consumption curve from `from` to `to` on the half hour (a 10- or 15-minute curve
 * summed into its half hours), one row per meter: the periods' starts (epoch ms) and their Wh, in
 * order. What the flexibility baselines read (lib/services/flex/energy.ts), for a batch of meters
 * in one statement.
 */
export async function halfHoursOfMeters(meterIds: readonly number[], from: Date, to: Date): Promise<{ meterId: number; starts: number[]; wh: number[] }[]> {
  if (!meterIds.length) return [];
  meterIds.forEach(checkMeter);
  const rows = await db.$queryRawUnsafe<{ meter_id: number; starts: number[]; wh: number[] }[]>(
    `SELECT meter_id, array_agg(start_ms ORDER BY start_ms) AS starts, array_agg(wh ORDER BY start_ms) AS wh
     FROM (
       SELECT meter_id, (extract(epoch FROM date_bin('30 minutes', ts, TIMESTAMPTZ '2000-01-01 00:00:00+00')) * 1000)::float8 AS start_ms, sum(wh)::float8 AS wh
       FROM energy.readings
       WHERE meter_id = ANY($1::int[]) AND kind = $2 AND ts >= $3::timestamptz AND ts < $4::timestamptz
       GROUP BY 1, 2
     ) h
     GROUP BY meter_id`,
    [...meterIds],
    KIND_CODE.consumption,
    from.toISOString(),
    to.toISOString(),
  );
  return rows.map((r) => ({ meterId: r.meter_id, starts: r.starts.map(Number), wh: r.wh.map(Number) }));
}
