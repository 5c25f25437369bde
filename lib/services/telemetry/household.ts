// The household's devices together: Home's Now card (GET /api/v1/energy/now) and My Energy's
// breakdown (GET /api/v1/energy/breakdown), with yesterday's clamps reconciled against Linky.
// Only the caller's own devices (an admin sees their own household here too). docs/telemetry.md.
import type { Caller } from "@/lib/auth/caller";
import { db, readRows, Prisma } from "@/lib/db";
import { invalid } from "@/lib/errors";
import { addDays, parisDayOf, parisDayStart } from "@/lib/time/paris";
import { breakdownOf, oneGridSource, roleEnergy, roleOf, rolePower, type Breakdown, type Role } from "@/lib/telemetry/roles";
import { telemetryErrorKind, type TelemetryErrorKind, type TelemetryFormat } from "@/lib/telemetry/formats/types";
import { OFFLINE_AFTER_MS } from "@/lib/telemetry/limits";
import { onlineOf } from "./readings";
import type { MeasureType } from "@/lib/generated/prisma/client";

type Meas = { id: number; deviceId: number; device: string; format: TelemetryFormat; name: string; displayName: string | null; measureType: MeasureType; classification: string | null; role: Role };

async function householdMeasurements(userId: number) {
  const devices = await db.device.findMany({
    where: { ownerId: userId, mqtt: { isNot: null } },
    select: { id: true, deviceId: true, mqtt: { select: { format: true, online: true, lastSeenAt: true, lastError: true, lastErrorKind: true, lastErrorAt: true, meterPrm: true } }, measurements: { select: { id: true, name: true, displayName: true, measureType: true, classification: true }, orderBy: { id: "asc" } } },
    orderBy: { id: "asc" },
  });
  const measurements: Meas[] = oneGridSource(devices.flatMap((d) => d.measurements.map((m) => ({ ...m, deviceId: d.id, device: d.deviceId, format: d.mqtt!.format, role: roleOf(m) }))));
  return { devices, measurements };
}

export type NowView = {
  at: Date | null;
  gridW: number | null;
  solarW: number | null;
  homeW: number | null;
  consumers: { deviceId: number; device: string; measurementId: number; name: string; measureType: MeasureType; powerW: number }[];
  /** meterPrm: the meter a TIC reader says it reads (its PRM), else null */
  devices: { id: number; device: string; format: TelemetryFormat; online: boolean | null; lastSeen: Date | null; meterPrm: string | null }[];
  attention: { id: number; device: string; problem: "offline" | "error"; since: Date | null; kind: TelemetryErrorKind | null; detail: string | null }[];
};

/** A device's last error counts as a problem this long. */
const ERROR_SHOWN_MS = 3_600_000;

type Latest = { m: number; w: number; at: Date };

/** The latest power of each measurement, of the last few minutes only (one statement). */
async function latestPower(ids: number[], now: number): Promise<Map<number, Latest>> {
  if (!ids.length) return new Map();
  const fresh = new Date(now - OFFLINE_AFTER_MS);
  const rows = await readRows<Latest>(Prisma.sql`
    SELECT m.id AS m, p.power_w AS w, p.ts AS at FROM unnest(${ids}::int[]) AS m(id)
    JOIN LATERAL (SELECT s.power_w, s.ts FROM telemetry.samples s WHERE s.measurement_id = m.id AND s.power_w IS NOT NULL AND s.ts > ${fresh}
                  ORDER BY s.ts DESC LIMIT 1) p ON true`);
  return new Map(rows.map((r) => [r.m, r]));
}

export type PowerFigures = { at: Date | null; gridW: number | null; solarW: number | null; homeW: number | null };

/** A household's grid, solar and home power from its measurements' latest readings. */
function powerFigures(measurements: readonly Pick<Meas, "id" | "role">[], power: Map<number, Latest>): PowerFigures {
  const sum = (role: Role) => {
    const xs = measurements.filter((m) => m.role === role && power.has(m.id));
    return xs.length ? xs.reduce((a, m) => a + rolePower(role, power.get(m.id)!.w), 0) : null;
  };
  const gridW = sum("grid");
  const solarW = sum("solar");
  const seen = measurements.flatMap((m) => (power.has(m.id) ? [power.get(m.id)!.at.getTime()] : []));
  return { at: seen.length ? new Date(Math.max(...seen)) : null, gridW, solarW, homeW: gridW === null ? null : gridW + (solarW ?? 0) };
}

/** Several households' power now (the partner API: docs/sharing.md), in two statements whatever their number. */
export async function householdsPower(userIds: readonly number[], now = Date.now()): Promise<Map<number, PowerFigures>> {
  if (!userIds.length) return new Map();
  const devices = await db.device.findMany({
    where: { ownerId: { in: [...userIds] }, mqtt: { isNot: null } },
    select: { ownerId: true, id: true, deviceId: true, mqtt: { select: { format: true } }, measurements: { select: { id: true, name: true, displayName: true, measureType: true, classification: true }, orderBy: { id: "asc" } } },
    orderBy: { id: "asc" },
  });
  const byOwner = new Map<number, Meas[]>();
  for (const d of devices) {
    const list = byOwner.get(d.ownerId) ?? byOwner.set(d.ownerId, []).get(d.ownerId)!;
    for (const m of d.measurements) list.push({ ...m, deviceId: d.id, device: d.deviceId, format: d.mqtt!.format, role: roleOf(m) });
  }
  const measured = new Map([...byOwner].map(([owner, ms]) => [owner, oneGridSource(ms)]));
  const power = await latestPower([...measured.values()].flatMap((ms) => ms.map((m) => m.id)), now);
  return new Map([...measured].map(([owner, ms]) => [owner, powerFigures(ms, power)]));
}

/** GET /api/v1/energy/now: the household's power now, from its live devices (readings of the last few minutes only). */
export async function householdNow(caller: Caller, now = Date.now()): Promise<NowView> {
  const { devices, measurements } = await householdMeasurements(caller.id);
  const power = await latestPower(measurements.map((m) => m.id), now);
  const { at, gridW, solarW, homeW } = powerFigures(measurements, power);
  const consumers = measurements
    .filter((m) => (m.role === "ev" || m.role === "consumer") && power.has(m.id))
    .map((m) => ({ deviceId: m.deviceId, device: m.device, measurementId: m.id, name: m.displayName || m.name, measureType: m.measureType, powerW: power.get(m.id)!.w }))
    .sort((a, b) => b.powerW - a.powerW)
    .slice(0, 5);
  const attention: NowView["attention"] = [];
  for (const d of devices) {
    const online = onlineOf(d.mqtt, now);
    if (online === false) attention.push({ id: d.id, device: d.deviceId, problem: "offline", since: d.mqtt!.lastSeenAt, kind: null, detail: null });
    else if (d.mqtt!.lastError && d.mqtt!.lastErrorAt && now - d.mqtt!.lastErrorAt.getTime() < ERROR_SHOWN_MS) {
      attention.push({ id: d.id, device: d.deviceId, problem: "error", since: d.mqtt!.lastErrorAt, kind: telemetryErrorKind(d.mqtt!.lastErrorKind), detail: d.mqtt!.lastError });
    }
  }
  return {
    at,
    gridW,
    solarW,
    homeW,
    consumers,
    devices: devices.map((d) => ({ id: d.id, device: d.deviceId, format: d.mqtt!.format, online: onlineOf(d.mqtt, now), lastSeen: d.mqtt!.lastSeenAt, meterPrm: d.mqtt!.meterPrm })),
    attention,
  };
}

export type BreakdownBucket = "hour" | "day";
export type BreakdownView = {
  from: string;
  to: string;
  bucket: BreakdownBucket;
  measurements: { id: number; device: string; name: string; measureType: MeasureType; role: Role; wh: number }[];
  total: Breakdown;
  points: ({ start: Date } & Breakdown)[];
  reconciliation: { day: string; linkyWh: number | null; clampsWh: number | null; gapPct: number | null } | null;
};

/** GET /api/v1/energy/breakdown: where the energy went, local days `from` to `to` (both included), by hour or day. */
export async function householdBreakdown(caller: Caller, q: { from: string; to: string; bucket?: BreakdownBucket }, now = Date.now()): Promise<BreakdownView> {
  if (q.from > q.to) throw invalid([{ path: "from", message: "from must not be after to" }]);
  const start = new Date(parisDayStart(q.from));
  const end = new Date(parisDayStart(addDays(q.to, 1)));
  const days = Math.round((end.getTime() - start.getTime()) / 86_400_000);
  if (days > 366) throw invalid([{ path: "to", message: "At most 366 days at once" }]);
  const bucket: BreakdownBucket = q.bucket ?? (days <= 2 ? "hour" : "day");
  if (bucket === "hour" && days > 31) throw invalid([{ path: "bucket", message: "Hours over at most 31 days: choose days" }]);
  const { measurements } = await householdMeasurements(caller.id);
  const counted = measurements.filter((m) => m.role !== "none");
  const ids = counted.map((m) => m.id);
  const rows = ids.length
    ? await readRows<{ m: number; b: Date; imp: number; exp: number }>(Prisma.sql`
        SELECT measurement_id AS m, ${bucket === "hour" ? Prisma.sql`date_bin('1 hour', start, TIMESTAMPTZ '2000-01-01 00:00:00+00')` : Prisma.sql`date_trunc('day', start, 'Europe/Paris')`} AS b,
               sum(import_wh)::float8 AS imp, sum(export_wh)::float8 AS exp
        FROM telemetry.quarters WHERE measurement_id = ANY(${ids}::int[]) AND start >= ${start} AND start < ${end}
        GROUP BY 1, 2 ORDER BY 2`)
    : [];
  const roleOfId = new Map(counted.map((m) => [m.id, m.role]));
  const perBucket = new Map<number, { gridImport: number; gridExport: number; solar: number; ev: number; consumers: number; hasGrid: boolean }>();
  const perMeasurement = new Map<number, number>();
  const total = { gridImport: 0, gridExport: 0, solar: 0, ev: 0, consumers: 0, hasGrid: counted.some((m) => m.role === "grid") };
  for (const r of rows) {
    const role = roleOfId.get(r.m)!;
    const key = r.b.getTime();
    const acc = perBucket.get(key) ?? { gridImport: 0, gridExport: 0, solar: 0, ev: 0, consumers: 0, hasGrid: total.hasGrid };
    perBucket.set(key, acc);
    const wh = roleEnergy(role, r.imp, r.exp);
    perMeasurement.set(r.m, (perMeasurement.get(r.m) ?? 0) + (role === "grid" ? r.imp - r.exp : wh));
    for (const a of [acc, total]) {
      if (role === "grid") {
        a.gridImport += r.imp;
        a.gridExport += r.exp;
      } else if (role === "solar") a.solar += wh;
      else if (role === "ev") a.ev += wh;
      else if (role === "consumer") a.consumers += wh;
    }
  }
  return {
    from: q.from,
    to: q.to,
    bucket,
    measurements: counted.map((m) => ({ id: m.id, device: m.device, name: m.displayName || m.name, measureType: m.measureType, role: m.role, wh: perMeasurement.get(m.id) ?? 0 })),
    total: breakdownOf(total),
    points: [...perBucket.entries()].sort((a, b) => a[0] - b[0]).map(([t, acc]) => ({ start: new Date(t), ...breakdownOf(acc) })),
    reconciliation: total.hasGrid ? await reconcileYesterday(caller.id, counted.filter((m) => m.role === "grid").map((m) => m.id), now) : null,
  };
}

/**
 * Yesterday's energy drawn from the grid as the clamps saw it, against the Linky day (the
 * reference: the meter the grid operator bills by). Null sides when either has no data.
 */
async function reconcileYesterday(userId: number, gridIds: number[], now: number): Promise<BreakdownView["reconciliation"]> {
  const day = addDays(parisDayOf(now), -1);
  const from = new Date(parisDayStart(day));
  const to = new Date(parisDayStart(parisDayOf(now)));
  const [clamps] = await readRows<{ wh: number | null; n: number }>(Prisma.sql`
    SELECT sum(import_wh)::float8 AS wh, count(*)::int AS n FROM telemetry.quarters
    WHERE measurement_id = ANY(${gridIds}::int[]) AND start >= ${from} AND start < ${to}`);
  // the Linky day: its daily index when there is one, else its curve's sum over the whole day
  const [linky] = await readRows<{ daily: number | null; curve: number | null; points: number }>(Prisma.sql`
    SELECT (SELECT sum(r.wh) FROM energy.readings r JOIN meters m ON m.id = r.meter_id WHERE m.user_id = ${userId} AND r.kind = 11 AND r.ts = ${from})::float8 AS daily,
           (SELECT sum(r.wh) FROM energy.readings r JOIN meters m ON m.id = r.meter_id WHERE m.user_id = ${userId} AND r.kind = 1 AND r.ts >= ${from} AND r.ts < ${to})::float8 AS curve,
           (SELECT count(*) FROM energy.readings r JOIN meters m ON m.id = r.meter_id WHERE m.user_id = ${userId} AND r.kind = 1 AND r.ts >= ${from} AND r.ts < ${to})::int AS points`);
  const linkyWh = linky?.daily ?? (linky && linky.points >= 44 ? linky.curve : null);
  // the clamps' day is complete only with (nearly) every quarter hour
  const clampsWh = clamps && clamps.n >= 88 ? clamps.wh : null;
  const gapPct = linkyWh && clampsWh !== null ? Math.round(((clampsWh - linkyWh) / linkyWh) * 1000) / 10 : null;
  return { day, linkyWh, clampsWh, gapPct };
}
