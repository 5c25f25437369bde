// What My Energy reads (docs/my-energy.md): the caller's meter with its tariff settings, and a
// period's stored readings (30-minute curves as arrays, daily totals) in one SQL pass; the rest is
// computed in JS (lib/energy/series.ts, costs.ts; ./pricing.ts).
import { db } from "@/lib/db";
import type { Caller } from "@/lib/auth/caller";
import { notFound } from "@/lib/errors";
import { ownedBy } from "@/lib/services/access";
import { METER_TARIFF_SELECT } from "@/lib/services/meters/meters";
import { KIND_CODE } from "@/lib/services/readings/store";
import { parisDayOf, parisDayStart } from "@/lib/time/paris";
import { tariffSettingsOf, type CurveArrays, type TariffSettings } from "@/lib/energy/series";

type EnergyMeter = { id: number; usagePointId: string; producer: boolean | null; settings: TariffSettings };

/** The caller's meter (an admin's: any), with its tariff settings; someone else's is not found. */
export async function meterOf(caller: Caller, meterId: number): Promise<EnergyMeter> {
  const m = await db.meter.findFirst({ where: { id: meterId, ...ownedBy(caller, "userId") }, select: METER_TARIFF_SELECT });
  if (!m) throw notFound("Meter");
  return { id: m.id, usagePointId: m.usagePointId, producer: m.producer, settings: tariffSettingsOf(m) };
}

/** Paris today (`YYYY-MM-DD`). */
export const parisToday = (now = Date.now()) => parisDayOf(now);

export type PeriodData = {
  consumption: CurveArrays;
  production: CurveArrays | null;
  dailyConsumption: Map<string, number>;
  dailyProduction: Map<string, number> | null;
};

const EMPTY: CurveArrays = { t: [], wh: [], step: [] };

/**
 * Every reading of the meter's curves and daily totals in [from, to) (Paris days), in one
 * statement walking the key: one row per kind, its readings packed in time order as binary
 * records of 14 bytes (minutes from the period's start int4, Wh float8, step int2, big-endian;
 * base64 on the wire), which PostgreSQL writes and Node reads far faster than float8 arrays or
 * rows (docs/my-energy.md, "Performance").
 */
export async function readPeriod(meterId: number, from: string, to: string, producer: boolean | null): Promise<PeriodData> {
  return periodData(await fetchPeriod(meterId, from, to, producer !== false), from, producer);
}

type PackedRow = { kind: number; n: number; packed: string };

/**
 * The packed rows of readPeriod, before the meter is known (its `producer` says what they hold:
 * periodData). Consumption and production are read by two statements at once (two backends, two cores).
 */
export async function fetchPeriod(meterId: number, from: string, to: string, production = true): Promise<PackedRow[]> {
  if (!production) return fetchKinds(meterId, from, to, [1, 11]);
  return (await Promise.all([fetchKinds(meterId, from, to, [1, 11]), fetchKinds(meterId, from, to, [2, 12])])).flat();
}

async function fetchKinds(meterId: number, from: string, to: string, kinds: number[]): Promise<PackedRow[]> {
  const start = parisDayStart(from);
  const rows = await db.$queryRawUnsafe<PackedRow[]>(
    `SELECT kind::int AS kind, count(*)::int AS n,
            encode(string_agg(int4send(((date_part('epoch', ts) - $5::float8) / 60)::int4) || float8send(wh) || int2send(step_min), ''::bytea ORDER BY ts), 'base64') AS packed
     FROM energy.readings
     WHERE meter_id = $1 AND kind = ANY($2::smallint[]) AND ts >= $3::timestamptz AND ts < $4::timestamptz
     GROUP BY kind`,
    meterId, kinds, new Date(start).toISOString(), new Date(parisDayStart(to)).toISOString(), start / 1000);
  return rows;
}

/** The series of the packed rows of a period starting on `from`, as the meter's `producer` says. */
export function periodData(rows: PackedRow[], from: string, producer: boolean | null): PeriodData {
  const start = parisDayStart(from);
  const unpack = (r: (typeof rows)[number]): CurveArrays => {
    const bytes = Buffer.from(r.packed, "base64");
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const t = new Array<number>(r.n), wh = new Array<number>(r.n), step = new Array<number>(r.n);
    for (let i = 0, o = 0; i < r.n; i++, o += 14) {
      t[i] = start + v.getInt32(o) * 60_000;
      wh[i] = v.getFloat64(o + 4);
      step[i] = v.getInt16(o + 12);
    }
    return { t, wh, step };
  };
  const of = (k: number) => {
    const r = rows.find((x) => x.kind === k);
    return r ? unpack(r) : undefined;
  };
  const daily = (k: number) => {
    const r = of(k);
    const m = new Map<string, number>();
    if (r) for (let i = 0; i < r.t.length; i++) m.set(parisDayOf(r.t[i]), r.wh[i]);
    return m;
  };
  const prodCurve = of(KIND_CODE.production);
  const dailyProd = daily(KIND_CODE.daily_production);
  // a producer's production is a series (with its gaps) even where none is held
  const hasProduction = producer === true || (producer === null && (prodCurve !== undefined || dailyProd.size > 0));
  return {
    consumption: of(KIND_CODE.consumption) ?? EMPTY,
    production: hasProduction ? (prodCurve ?? EMPTY) : null,
    dailyConsumption: daily(KIND_CODE.daily_consumption),
    dailyProduction: hasProduction ? dailyProd : null,
  };
}
