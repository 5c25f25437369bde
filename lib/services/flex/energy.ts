// A resource's energy laid out by local day, as the baseline reads it (lib/flex/baseline.ts
// DailyEnergy), for a batch of resources in one statement: the households' Linky half hours
// (lib/services/readings/store.ts) and their measurements' quarter hours (telemetry.quarters,
// energy drawn: docs/telemetry.md).
import type { DailyEnergy } from "@/lib/flex/baseline";
import { Prisma, readRows } from "@/lib/db";
import { halfHoursOfMeters } from "@/lib/services/readings/store";
import { addDays, parisDayStarts } from "@/lib/time/paris";

type Series = { id: number; starts: number[]; wh: number[] };

/** Each series' periods on the local days from `fromDay` to `toDay` (both included), `null` where missing; a series without any is absent. */
async function layOut(read: (from: Date, to: Date) => Promise<Series[]>, stepMin: 15 | 30, fromDay: string, toDay: string): Promise<Map<number, DailyEnergy>> {
  const stepMs = stepMin * 60_000;
  const { days, starts } = parisDayStarts(fromDay, addDays(toDay, 1));
  const rows = await read(new Date(starts[0]), new Date(starts[starts.length - 1]));
  const out = new Map<number, DailyEnergy>();
  for (const r of rows) {
    const byDay = new Map<string, (number | null)[]>();
    let d = 0;
    for (let i = 0; i < r.starts.length; i++) {
      const t = r.starts[i];
      while (d < days.length && t >= starts[d + 1]) d++;
      if (d >= days.length) break;
      let row = byDay.get(days[d]);
      if (!row) byDay.set(days[d], (row = new Array<number | null>(Math.round((starts[d + 1] - starts[d]) / stepMs)).fill(null)));
      row[Math.floor((t - starts[d]) / stepMs)] = r.wh[i];
    }
    out.set(r.id, { stepMin, byDay });
  }
  return out;
}

/** Each meter's half hours from `fromDay` to `toDay` (both included), `null` where missing; a meter without any is absent. */
export async function dailyEnergyOf(meterIds: readonly number[], fromDay: string, toDay: string): Promise<Map<number, DailyEnergy>> {
  return layOut(async (from, to) => (await halfHoursOfMeters(meterIds, from, to)).map((r) => ({ id: r.meterId, starts: r.starts, wh: r.wh })), 30, fromDay, toDay);
}

/** Each measurement's quarter hours (energy drawn) from `fromDay` to `toDay` (both included); a measurement without any is absent. */
export async function dailyEnergyOfMeasurements(measurementIds: readonly number[], fromDay: string, toDay: string): Promise<Map<number, DailyEnergy>> {
  if (!measurementIds.length) return new Map();
  return layOut(
    async (from, to) => {
      const rows = await readRows<{ id: number; starts: number[]; wh: number[] }>(Prisma.sql`
        SELECT measurement_id AS id, array_agg((extract(epoch FROM start) * 1000)::float8 ORDER BY start) AS starts, array_agg(import_wh::float8 ORDER BY start) AS wh
        FROM telemetry.quarters WHERE measurement_id = ANY(${[...measurementIds]}::int[]) AND start >= ${from} AND start < ${to}
        GROUP BY measurement_id`);
      return rows.map((r) => ({ id: r.id, starts: r.starts.map(Number), wh: r.wh.map(Number) }));
    },
    15,
    fromDay,
    toDay,
  );
}

/** Each household's grid half hours: what it drew from the grid and (when asked) what it sent to it. */
type GridFlows = { drawn: Map<number, DailyEnergy>; sent: Map<number, DailyEnergy> };

/**
 * Each household's energy drawn from the grid per half hour (`drawn`) and, with `sent: true`, sent
 * to it (`sent`, else empty), from its live devices' grid measurements (their quarter hours summed:
 * several phases' clamps add up), on the local days from `fromDay` to `toDay`, in one statement; a
 * half hour counts only when every one of its quarters of every measurement is in (a partial sum is
 * not the household's use). `gridOf`: each household's grid measurements.
 */
export async function gridHalfHoursOf(gridOf: ReadonlyMap<number, readonly number[]>, fromDay: string, toDay: string, o: { sent?: boolean } = {}): Promise<GridFlows> {
  const pairs = [...gridOf].flatMap(([userId, ids]) => ids.map((m) => [m, userId] as const));
  if (!pairs.length) return { drawn: new Map(), sent: new Map() };
  type Row = { id: number; starts: number[]; drawn: number[]; sent?: number[] };
  // both layouts read the same rows: the statement runs once
  let rows: Promise<Row[]> | null = null;
  const read = (from: Date, to: Date) =>
    (rows ??= readRows<Row>(Prisma.sql`
      WITH g(m, u) AS (SELECT * FROM unnest(${pairs.map((p) => p[0])}::int[], ${pairs.map((p) => p[1])}::int[])),
           n AS (SELECT u, count(*) AS c FROM g GROUP BY u),
           h AS (SELECT g.u, date_bin('30 minutes', q.start, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS t, sum(q.import_wh) AS drawn, sum(q.export_wh) AS sent, count(*) AS k
                 FROM telemetry.quarters q JOIN g ON g.m = q.measurement_id
                 WHERE q.start >= ${from} AND q.start < ${to} GROUP BY 1, 2)
      SELECT h.u AS id, array_agg((extract(epoch FROM h.t) * 1000)::float8 ORDER BY h.t) AS starts,
             array_agg(h.drawn::float8 ORDER BY h.t) AS drawn${o.sent ? Prisma.sql`, array_agg(h.sent::float8 ORDER BY h.t) AS sent` : Prisma.empty}
      FROM h JOIN n ON n.u = h.u WHERE h.k = 2 * n.c GROUP BY h.u`));
  const flow = (which: "drawn" | "sent") =>
    layOut(async (from, to) => (await read(from, to)).map((r) => ({ id: r.id, starts: r.starts.map(Number), wh: (r[which] ?? []).map(Number) })), 30, fromDay, toDay);
  const [drawn, sent] = await Promise.all([flow("drawn"), o.sent ? flow("sent") : new Map<number, DailyEnergy>()]);
  return { drawn, sent };
}

/**
 * The measurements whose every minute of [start, end) is rolled up (`telemetry.minutes`): a quarter
 * hour's row exists as soon as one of its minutes is in, so a window is settled from telemetry only
 * once all its minutes are (the last one about 5 s after it ends, a gap once the device's history
 * is repaired: docs/telemetry.md).
 */
export async function minutesComplete(measurementIds: readonly number[], start: Date, end: Date): Promise<Set<number>> {
  if (!measurementIds.length) return new Set();
  const expected = Math.round((end.getTime() - start.getTime()) / 60_000);
  const rows = await readRows<{ id: number }>(Prisma.sql`
    SELECT measurement_id AS id FROM telemetry.minutes
    WHERE measurement_id = ANY(${[...new Set(measurementIds)]}::int[]) AND start >= ${start} AND start < ${end}
    GROUP BY measurement_id HAVING count(*) = ${expected}`);
  return new Set(rows.map((r) => r.id));
}

/** Of these windows (an id, a measurement, [start, end)), those whose every minute is rolled up: one statement for all. */
export async function windowsComplete(windows: readonly { id: number; measurementId: number; start: Date; end: Date }[]): Promise<Set<number>> {
  if (!windows.length) return new Set();
  const rows = await readRows<{ id: number }>(Prisma.sql`
    SELECT w.id FROM unnest(${windows.map((w) => w.id)}::int[], ${windows.map((w) => w.measurementId)}::int[], ${windows.map((w) => w.start)}::timestamptz[], ${windows.map((w) => w.end)}::timestamptz[]) AS w(id, m, s, e)
    WHERE (SELECT count(*) FROM telemetry.minutes x WHERE x.measurement_id = w.m AND x.start >= w.s AND x.start < w.e) = extract(epoch FROM w.e - w.s) / 60`);
  return new Set(rows.map((r) => r.id));
}
