// What a household reads of its devices' telemetry: a device's live values (GET .../live), its
// series (GET .../series), and the household's "Now" (GET /api/v1/energy/now). docs/telemetry.md.
import type { Caller } from "@/lib/auth/caller";
import { db, readRows, Prisma } from "@/lib/db";
import { invalid } from "@/lib/errors";
import { getDeviceOrThrow } from "@/lib/services/devices/devices";
import { addDays, parisDayOf, parisDayStart, parisDayStarts } from "@/lib/time/paris";
import { OFFLINE_AFTER_MS, SERIES_MAX_POINTS } from "@/lib/telemetry/limits";
import { counterDelta } from "./store";

import type { TelemetryStep } from "@/lib/validation/telemetry";
import type { ChannelClassification, MeasureType } from "@/lib/generated/prisma/client";

const STEP_MS: Record<TelemetryStep, number> = { "1m": 60_000, "15m": 900_000, "1h": 3_600_000, "1d": 86_400_000 };

/** online: what the device said last on its `online` topic, and whether it spoke recently; null when never heard. */
export function onlineOf(row: { online: boolean | null; lastSeenAt: Date | null } | null, now = Date.now()): boolean | null {
  if (!row || (row.online === null && !row.lastSeenAt)) return null;
  if (row.online === false) return false;
  return !!row.lastSeenAt && now - row.lastSeenAt.getTime() <= OFFLINE_AFTER_MS;
}

type Latest = { m: number; power_w: number | null; at: Date | null; va: number | null };

/**
 * Each measurement's latest power (the last sample that carried one, else the last minute's mean
 * from its counters), within a day; and its apparent power (VA: a Linky's TIC) of the last 5 minutes.
 */
async function latestPower(ids: number[]): Promise<Map<number, Latest>> {
  if (!ids.length) return new Map();
  const rows = await readRows<Latest>(Prisma.sql`
    SELECT m.id AS m, COALESCE(p.power_w, mi.w) AS power_w, COALESCE(p.ts, mi.start + interval '1 minute') AS at, va.apparent_va AS va
    FROM unnest(${ids}::int[]) AS m(id)
    LEFT JOIN LATERAL (SELECT s.apparent_va FROM telemetry.samples s
                       WHERE s.measurement_id = m.id AND s.apparent_va IS NOT NULL AND s.ts > now() - interval '5 minutes'
                       ORDER BY s.ts DESC LIMIT 1) va ON true
    LEFT JOIN LATERAL (SELECT s.power_w, s.ts FROM telemetry.samples s
                       WHERE s.measurement_id = m.id AND s.power_w IS NOT NULL AND s.ts > now() - interval '1 day'
                       ORDER BY s.ts DESC LIMIT 1) p ON true
    LEFT JOIN LATERAL (SELECT (x.import_wh - x.export_wh) * 60 AS w, x.start FROM telemetry.minutes x
                       WHERE p.ts IS NULL AND x.measurement_id = m.id AND x.start > now() - interval '1 hour' AND x.samples > 1
                       ORDER BY x.start DESC LIMIT 1) mi ON true`);
  return new Map(rows.map((r) => [r.m, r]));
}

/**
 * Each measurement's energy in and out since local midnight (Paris): the 15-minute rollups, plus
 * what the counters moved since the last minute rolled (the ingest rolls a minute once it is over:
 * lib/telemetry/rollup-policy.ts), so that today's energy moves with the live power.
 */
async function todayEnergy(ids: number[], now = Date.now()): Promise<Map<number, { imp: number; exp: number }>> {
  if (!ids.length) return new Map();
  const since = new Date(parisDayStart(parisDayOf(now)));
  // a counter's latest reading not rolled yet, and the one its energy counts from: the last before
  // (within a day), else its first reading not rolled
  const sample = (col: string, where: string, order: "ASC" | "DESC") =>
    `(SELECT s.${col} AS c, '${order}' AS o FROM telemetry.samples s WHERE s.measurement_id = m.id AND s.${col} IS NOT NULL AND ${where} ORDER BY s.ts ${order} LIMIT 1)`;
  const counter = (col: "import_wh" | "export_wh", last: string, base: string) =>
    Prisma.raw(`LEFT JOIN LATERAL ${sample(col, "s.ts >= e.at", "DESC")} ${last} ON true
    LEFT JOIN LATERAL (SELECT c FROM (${sample(col, "s.ts < e.at AND s.ts >= e.at - interval '1 day'", "DESC")} UNION ALL ${sample(col, "s.ts >= e.at", "ASC")}) b ORDER BY o DESC LIMIT 1) ${base} ON true`);
  const rows = await readRows<{ m: number; imp: number; exp: number }>(Prisma.sql`
    SELECT m.id AS m,
           COALESCE(q.imp, 0) + COALESCE(${Prisma.raw(counterDelta("bi.c", "li.c"))}, 0) AS imp,
           COALESCE(q.exp, 0) + COALESCE(${Prisma.raw(counterDelta("be.c", "le.c"))}, 0) AS exp
    FROM unnest(${ids}::int[]) AS m(id)
    LEFT JOIN LATERAL (SELECT sum(import_wh)::float8 AS imp, sum(export_wh)::float8 AS exp FROM telemetry.quarters WHERE measurement_id = m.id AND start >= ${since}) q ON true
    CROSS JOIN LATERAL (SELECT COALESCE((SELECT x.start + interval '1 minute' FROM telemetry.minutes x WHERE x.measurement_id = m.id AND x.start >= ${since}
                                         ORDER BY x.start DESC LIMIT 1), ${since}::timestamptz) AS at) e
    ${counter("import_wh", "li", "bi")}
    ${counter("export_wh", "le", "be")}`);
  return new Map(rows.map((r) => [r.m, r]));
}

export type LiveView = {
  online: boolean | null;
  lastSeen: Date | null;
  lastError: { kind: string | null; reason: string; at: Date } | null;
  measurements: { id: number; name: string; displayName: string | null; measureType: MeasureType; classification: ChannelClassification | null; powerW: number | null; apparentVa: number | null; importWhToday: number; exportWhToday: number; at: Date | null }[];
};

/** GET /api/v1/device_info/{id}/live */
export async function deviceLive(caller: Caller, id: number): Promise<LiveView> {
  const d = await getDeviceOrThrow(caller, id);
  const row = await db.deviceMqtt.findUnique({ where: { deviceId: d.id }, select: { online: true, lastSeenAt: true, lastError: true, lastErrorKind: true, lastErrorAt: true } });
  const ids = d.measurements.map((m) => m.id);
  const [latest, today] = await Promise.all([latestPower(ids), todayEnergy(ids)]);
  return {
    online: onlineOf(row),
    lastSeen: row?.lastSeenAt ?? null,
    lastError: row?.lastError && row.lastErrorAt ? { kind: row.lastErrorKind, reason: row.lastError, at: row.lastErrorAt } : null,
    measurements: d.measurements.map((m) => ({
      id: m.id, name: m.name, displayName: m.displayName, measureType: m.measureType, classification: m.classification,
      powerW: latest.get(m.id)?.power_w ?? null,
      apparentVa: latest.get(m.id)?.va ?? null,
      importWhToday: today.get(m.id)?.imp ?? 0,
      exportWhToday: today.get(m.id)?.exp ?? 0,
      at: latest.get(m.id)?.at ?? null,
    })),
  };
}

/** The step a range gets when none is asked: 1-minute points up to a day, 15-minute up to two weeks, hours up to three months, then days. */
function defaultStep(ms: number): TelemetryStep {
  if (ms <= 86_400_000 + 3_600_000) return "1m";
  if (ms <= 15 * 86_400_000) return "15m";
  if (ms <= 93 * 86_400_000) return "1h";
  return "1d";
}

type SeriesPoint = { start: Date; power_w_avg: number | null; power_w_min: number | null; power_w_max: number | null; import_wh: number; export_wh: number };
export type SeriesView = { step: TelemetryStep; measurements: { id: number; name: string; points: SeriesPoint[] }[] };

/** The points of some measurements over [start, end) at `step`; a period with no data has no point. */
async function seriesOf(ids: number[], start: Date, end: Date, step: TelemetryStep): Promise<Map<number, SeriesPoint[]>> {
  const out = new Map<number, SeriesPoint[]>(ids.map((i) => [i, []]));
  if (!ids.length) return out;
  if (step === "1m" || step === "15m") {
    // a point's own rows (1m: a minute, 15m: a quarter hour) as stored, one JSON array of rows per
    // measurement: a year of quarters is 35,000 rows a measurement, which pg parsed row by row
    // (a Date and five numbers each) in about 200 ms; one JSON.parse takes a fraction of it
    // (bench:telemetry). The mean power from the energy where no sample carried a power (a TIC's
    // counters).
    const [table, perHour] = step === "1m" ? [Prisma.sql`telemetry.minutes`, 60] : [Prisma.sql`telemetry.quarters`, 4];
    const rows = await readRows<{ m: number; points: [number, number | null, number | null, number | null, number, number][] }>(Prisma.sql`
      SELECT measurement_id AS m, json_agg(json_build_array(
               (extract(epoch FROM start) * 1000)::float8, COALESCE(power_avg, (import_wh - export_wh) * ${perHour}),
               COALESCE(power_min, (import_wh - export_wh) * ${perHour}), COALESCE(power_max, (import_wh - export_wh) * ${perHour}),
               import_wh, export_wh) ORDER BY start) AS points
      FROM ${table} WHERE measurement_id = ANY(${ids}::int[]) AND start >= ${start} AND start < ${end}
      GROUP BY measurement_id`);
    for (const r of rows) {
      out.set(r.m, r.points.map(([t, power_w_avg, power_w_min, power_w_max, import_wh, export_wh]) => ({ start: new Date(t), power_w_avg, power_w_min, power_w_max, import_wh, export_wh })));
    }
    return out;
  }
  const rows = await readRows<SeriesPoint & { m: number }>(Prisma.sql`
          SELECT measurement_id AS m, ${bucketStart(step, start, end)} AS start,
                 COALESCE(avg(power_avg), (sum(import_wh) - sum(export_wh)) * 4 / count(*))::float8 AS power_w_avg,
                 min(power_min)::float8 AS power_w_min, max(power_max)::float8 AS power_w_max,
                 sum(import_wh)::float8 AS import_wh, sum(export_wh)::float8 AS export_wh
          FROM telemetry.quarters q
          WHERE q.measurement_id = ANY(${ids}::int[]) AND q.start >= ${start} AND q.start < ${end}
          GROUP BY 1, 2 ORDER BY 1, 2`);
  for (const r of rows) out.get(r.m)?.push({ start: r.start, power_w_avg: r.power_w_avg, power_w_min: r.power_w_min, power_w_max: r.power_w_max, import_wh: r.import_wh, export_wh: r.export_wh });
  return out;
}

/**
 * The SQL for a quarter hour's bucket start at `step`. Local days (Europe/Paris, 23 or 25 hours on
 * DST days) by their start instants computed here once and found by binary search
 * (width_bucket): a time-zone conversion per row cost 4 times as much over a year of quarters.
 */
function bucketStart(step: "1h" | "1d", start: Date, end: Date): Prisma.Sql {
  if (step === "1h") return Prisma.sql`date_bin('1 hour', q.start, TIMESTAMPTZ '2000-01-01 00:00:00+00')`;
  const { starts } = parisDayStarts(addDays(parisDayOf(start.getTime()), 0), addDays(parisDayOf(end.getTime() - 1), 1));
  const bounds = starts.map((t) => new Date(t));
  return Prisma.sql`(${bounds}::timestamptz[])[width_bucket(q.start, ${bounds}::timestamptz[])]`;
}

/** GET /api/v1/device_info/{id}/series */
export async function deviceSeries(caller: Caller, id: number, q: { start?: Date; end?: Date; step?: TelemetryStep }, now = Date.now()): Promise<SeriesView> {
  const d = await getDeviceOrThrow(caller, id);
  const end = q.end ?? new Date(now);
  const start = q.start ?? new Date(end.getTime() - 86_400_000);
  if (start.getTime() >= end.getTime()) throw invalid([{ path: "start", message: "start must be before end" }]);
  const step = q.step ?? defaultStep(end.getTime() - start.getTime());
  const points = (end.getTime() - start.getTime()) / STEP_MS[step];
  if (points > SERIES_MAX_POINTS) {
    throw invalid([{ path: "step", message: `This range at ${step} would be ${Math.ceil(points)} points; at most ${SERIES_MAX_POINTS}: choose a larger step or a shorter range` }]);
  }
  const ids = d.measurements.map((m) => m.id);
  const series = await seriesOf(ids, start, end, step);
  return { step, measurements: d.measurements.map((m) => ({ id: m.id, name: m.name, points: series.get(m.id) ?? [] })) };
}
