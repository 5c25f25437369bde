// The readings store (lib/services/readings) against a real PostgreSQL: upserts that can be run
// again, corrected values, Paris calendar days across the 2025 clock changes, gaps, daily values
// and max power, deletion, and the database's own rules for anyone writing there.
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { parisDayOf } from "@/lib/time/paris";
import { aggregate, dayCoverage, deleteMeterReadings, heldRange, readMaxPower, upsertCurve, upsertDaily, upsertMaxPower } from "@/lib/services/readings/store";
import type { CurvePoint } from "@/lib/services/readings/types";
import { makeUser } from "../factories/users";

const HALF_HOUR = 1_800_000;

/** The 30-minute points of local (Paris) days [from, to), with a value from `wh`. */
function curveDays(from: string, to: string, wh: (t: number) => number = () => 100, quality = "BRUT"): CurvePoint[] {
  const points: CurvePoint[] = [];
  // local days start between 22:00 and 23:00 UTC the evening before
  for (let t = Date.parse(`${from}T00:00:00Z`) - 3 * 3_600_000; t < Date.parse(`${to}T00:00:00Z`); t += HALF_HOUR) {
    const day = parisDayOf(t);
    if (day >= from && day < to) points.push({ start: new Date(t), stepMin: 30, wh: wh(t), quality });
  }
  return points;
}

async function makeMeter(userId: number, usagePointId = "24880057139941") {
  return db.meter.create({ data: { userId, usagePointId, sandbox: true } });
}

/** Every reading of a meter as stored, with its row version (xmin changes on any write). */
async function stored(meterId: number) {
  return db.$queryRaw<{ kind: number; ts: Date; wh: number; step_min: number; quality: number; source: number; fetched_at: Date; xmin: string }[]>`
    SELECT kind, ts, wh, step_min, quality, source, fetched_at, xmin::text AS xmin FROM energy.readings WHERE meter_id = ${meterId} ORDER BY kind, ts`;
}

const iso = (d: Date) => d.toISOString();
const day = (s: string) => new Date(s);

let userId: number;
let meterId: number;
beforeEach(async () => {
  userId = (await makeUser()).id;
  meterId = (await makeMeter(userId)).id;
});

describe("upserts", () => {
  it("the same chunk twice leaves the same rows, untouched", async () => {
    const week = curveDays("2025-01-06", "2025-01-13", (t) => (t / HALF_HOUR) % 700);
    const first = await upsertCurve(meterId, "consumption", week, "sandbox");
    expect(first.days).toEqual(["2025-01-06", "2025-01-07", "2025-01-08", "2025-01-09", "2025-01-10", "2025-01-11", "2025-01-12"].map((d) => ({ day: d, points: 48 })));
    const before = await stored(meterId);
    expect(before).toHaveLength(336);
    expect(before[0]).toMatchObject({ kind: 1, ts: day("2025-01-05T23:00:00Z"), step_min: 30, quality: 0, source: 2 });

    const again = await upsertCurve(meterId, "consumption", week, "sandbox");
    expect(again).toEqual(first);
    // not one row rewritten: same values, same fetched_at, same row versions
    expect(await stored(meterId)).toEqual(before);
  });

  it("a point given twice in one chunk counts once, the last one", async () => {
    const [p] = curveDays("2025-01-06", "2025-01-07");
    await upsertCurve(meterId, "consumption", [p, { ...p, wh: 42 }], "enedis");
    expect((await stored(meterId)).map((r) => r.wh)).toEqual([42]);
  });

  it("points in any order are stored in full", async () => {
    const twoDays = curveDays("2025-01-06", "2025-01-08", (t) => (t / HALF_HOUR) % 13);
    const { days } = await upsertCurve(meterId, "consumption", [...twoDays].reverse(), "enedis");
    expect(days).toEqual([{ day: "2025-01-06", points: 48 }, { day: "2025-01-07", points: 48 }]);
    expect((await stored(meterId)).map((r) => [r.ts, r.wh])).toEqual(twoDays.map((p) => [p.start, p.wh]));
  });

  it("a corrected value (BEST) replaces a raw one (BRUT); a raw one never replaces a corrected one", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2025-02-03", "2025-02-04", () => 100, "BRUT"), "enedis");
    const corrected = curveDays("2025-02-03", "2025-02-04", () => 150, "BEST").slice(0, 10);
    await upsertCurve(meterId, "consumption", corrected, "enedis");
    let rows = await stored(meterId);
    expect(rows.filter((r) => r.quality === 1 && r.wh === 150)).toHaveLength(10);
    expect(rows.filter((r) => r.quality === 0 && r.wh === 100)).toHaveLength(38);

    // a later raw answer for the same day: the corrected values stay, the raw ones follow it
    await upsertCurve(meterId, "consumption", curveDays("2025-02-03", "2025-02-04", () => 90, "BRUT"), "enedis");
    rows = await stored(meterId);
    expect(rows.filter((r) => r.quality === 1 && r.wh === 150)).toHaveLength(10);
    expect(rows.filter((r) => r.quality === 0 && r.wh === 90)).toHaveLength(38);
    expect((await aggregate(meterId, "consumption", day("2025-02-01"), day("2025-02-05"), "day"))[0]).toMatchObject({ wh: 10 * 150 + 38 * 90, points: 48 });
  });

  it("a large input goes in batches and reads back whole", async () => {
    const year = curveDays("2025-01-01", "2026-01-01", (t) => 50 + ((t / HALF_HOUR) % 11));
    expect(year).toHaveLength(17_520);
    const { days } = await upsertCurve(meterId, "production", year, "import");
    expect(days).toHaveLength(365);
    expect(days.find((d) => d.day === "2025-03-30")?.points).toBe(46);
    expect(days.find((d) => d.day === "2025-10-26")?.points).toBe(50);
    const [{ n, total }] = await db.$queryRaw<{ n: number; total: number }[]>`SELECT count(*)::int AS n, sum(wh)::float8 AS total FROM energy.readings WHERE meter_id = ${meterId} AND kind = 2`;
    expect(n).toBe(17_520);
    expect(total).toBe(year.reduce((a, p) => a + p.wh, 0));
    expect(await heldRange(meterId, "production")).toEqual({ first: day("2024-12-31T23:00:00Z"), last: day("2025-12-31T22:30:00Z") });
    expect(await heldRange(meterId, "consumption")).toBeNull();
  });

  it("refuses what is not a reading before writing anything", async () => {
    const [p] = curveDays("2025-01-06", "2025-01-07");
    await expect(upsertCurve(meterId, "consumption", [{ ...p, wh: Number.NaN }], "enedis")).rejects.toThrow(/finite/);
    await expect(upsertCurve(meterId, "consumption", [{ ...p, wh: -1 }], "enedis")).rejects.toThrow(/negative/);
    await expect(upsertCurve(meterId, "consumption", [{ ...p, stepMin: 7 }], "enedis")).rejects.toThrow(/step/);
    await expect(upsertDaily(meterId, "consumption", [{ day: "2025-1-6", wh: 1, quality: "BRUT" }], "enedis")).rejects.toThrow(/YYYY-MM-DD/);
    await expect(upsertMaxPower(meterId, [{ day: "2025-01-06", va: -5, at: null }])).rejects.toThrow(/VA/);
    expect(await stored(meterId)).toEqual([]);
  });

  it("a meter that does not exist gets no readings (foreign key)", async () => {
    await expect(upsertCurve(meterId + 1000, "consumption", curveDays("2025-01-06", "2025-01-07"), "enedis")).rejects.toThrow(/readings_meter_id_fkey/);
  });
});

describe("aggregation", () => {
  it("by local day across the 2025 clock changes: 46 points in 23 hours, 50 in 25", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2025-03-29", "2025-04-01", () => 10), "enedis");
    await upsertCurve(meterId, "consumption", curveDays("2025-10-25", "2025-10-28", () => 10), "enedis");
    const days = await aggregate(meterId, "consumption", day("2025-03-01"), day("2025-11-01"), "day");
    expect(days.map((d) => ({ start: iso(d.start), wh: d.wh, points: d.points }))).toEqual([
      { start: "2025-03-28T23:00:00.000Z", wh: 480, points: 48 },
      { start: "2025-03-29T23:00:00.000Z", wh: 460, points: 46 }, // 30 March: 23 hours
      { start: "2025-03-30T22:00:00.000Z", wh: 480, points: 48 },
      { start: "2025-10-24T22:00:00.000Z", wh: 480, points: 48 },
      { start: "2025-10-25T22:00:00.000Z", wh: 500, points: 50 }, // 26 October: 25 hours
      { start: "2025-10-26T23:00:00.000Z", wh: 480, points: 48 },
    ]);
    expect(days[2].start.getTime() - days[1].start.getTime()).toBe(23 * 3_600_000);
    expect(days[5].start.getTime() - days[4].start.getTime()).toBe(25 * 3_600_000);
  });

  it("by local month: a whole March has 1486 points, a whole October 1490", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2025-02-27", "2025-11-03", () => 1), "enedis");
    const months = await aggregate(meterId, "consumption", day("2025-03-01T00:00:00+01:00"), day("2025-11-01T00:00:00+01:00"), "month");
    expect(months.map((m) => [iso(m.start), m.points])).toEqual([
      ["2025-02-28T23:00:00.000Z", 31 * 48 - 2],
      ["2025-03-31T22:00:00.000Z", 30 * 48],
      ["2025-04-30T22:00:00.000Z", 31 * 48],
      ["2025-05-31T22:00:00.000Z", 30 * 48],
      ["2025-06-30T22:00:00.000Z", 31 * 48],
      ["2025-07-31T22:00:00.000Z", 31 * 48],
      ["2025-08-31T22:00:00.000Z", 30 * 48],
      ["2025-09-30T22:00:00.000Z", 31 * 48 + 2],
    ]);
    expect(months.every((m) => m.wh === m.points)).toBe(true);
  });

  it("a day without readings is absent, not zero; a partial day says how many points it has", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2025-01-01", "2025-01-04", () => 5), "enedis");
    await upsertCurve(meterId, "consumption", curveDays("2025-01-05", "2025-01-07", () => 5).slice(0, 72), "enedis");
    const days = await aggregate(meterId, "consumption", day("2024-12-30"), day("2025-01-10"), "day");
    expect(days.map((d) => [parisDayOf(d.start.getTime()), d.points, d.wh])).toEqual([
      ["2025-01-01", 48, 240],
      ["2025-01-02", 48, 240],
      ["2025-01-03", 48, 240],
      ["2025-01-05", 48, 240],
      ["2025-01-06", 24, 120],
    ]);
    const [jan] = await aggregate(meterId, "consumption", day("2025-01-01T00:00:00+01:00"), day("2025-02-01"), "month");
    expect(iso(jan.start)).toBe("2024-12-31T23:00:00.000Z");
    expect(jan).toMatchObject({ points: 4 * 48 + 24, wh: (4 * 48 + 24) * 5 });
    expect(await aggregate(meterId, "consumption", day("2025-02-01"), day("2025-03-01"), "day")).toEqual([]);
    expect(await aggregate(meterId, "production", day("2025-01-01"), day("2025-02-01"), "day")).toEqual([]);
  });

  it("a range that does not start at midnight starts its first bucket where it starts", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2025-01-01", "2025-01-03", () => 1), "enedis");
    const days = await aggregate(meterId, "consumption", day("2025-01-01T11:00:00Z"), day("2025-01-02T11:00:00Z"), "day");
    expect(days.map((d) => [iso(d.start), d.points])).toEqual([
      ["2025-01-01T11:00:00.000Z", 24], // 12:00 to midnight, Paris time
      ["2025-01-01T23:00:00.000Z", 24],
    ]);
  });

  it("30-minute and hour buckets on the fall-back day: 50 half hours, 25 hours", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2025-10-26", "2025-10-27", (t) => (t / HALF_HOUR) % 2 ? 3 : 1), "enedis");
    const from = day("2025-10-25T22:00:00Z"), to = day("2025-10-26T23:00:00Z");
    const halves = await aggregate(meterId, "consumption", from, to, "30min");
    expect(halves).toHaveLength(50);
    expect(halves.every((h) => h.points === 1)).toBe(true);
    expect(iso(halves[0].start)).toBe("2025-10-25T22:00:00.000Z");
    const hours = await aggregate(meterId, "consumption", from, to, "hour");
    expect(hours).toHaveLength(25);
    expect(hours.every((h) => h.points === 2 && h.wh === 4)).toBe(true);
    // a window inside the day, with a gap: missing half hours are absent
    await db.$executeRaw`DELETE FROM energy.readings WHERE meter_id = ${meterId} AND ts = '2025-10-26T01:00:00Z'`;
    const around = await aggregate(meterId, "consumption", day("2025-10-26T00:00:00Z"), day("2025-10-26T02:00:00Z"), "hour");
    expect(around.map((h) => [iso(h.start), h.points])).toEqual([
      ["2025-10-26T00:00:00.000Z", 2],
      ["2025-10-26T01:00:00.000Z", 1],
    ]);
  });
});

describe("daily values and max power", () => {
  it("daily values are stored at local midnight and aggregate by day and month", async () => {
    const values = [
      { day: "2025-03-29", wh: 9000, quality: "BRUT" },
      { day: "2025-03-30", wh: 8000, quality: "BRUT" },
      { day: "2025-03-31", wh: 7000, quality: "BEST" },
      { day: "2025-04-01", wh: 6000, quality: "BRUT" },
    ];
    await upsertDaily(meterId, "consumption", values, "enedis");
    await upsertDaily(meterId, "consumption", values, "enedis");
    await upsertDaily(meterId, "consumption", [{ day: "2025-03-29", wh: 9100, quality: "BEST" }, { day: "2025-03-31", wh: 1, quality: "BRUT" }], "enedis");
    const rows = await stored(meterId);
    expect(rows.map((r) => [r.kind, iso(r.ts), r.wh, r.step_min, r.quality])).toEqual([
      [11, "2025-03-28T23:00:00.000Z", 9100, 1440, 1],
      [11, "2025-03-29T23:00:00.000Z", 8000, 1440, 0],
      [11, "2025-03-30T22:00:00.000Z", 7000, 1440, 1],
      [11, "2025-03-31T22:00:00.000Z", 6000, 1440, 0],
    ]);
    const days = await aggregate(meterId, "daily_consumption", day("2025-03-01"), day("2025-05-01"), "day");
    expect(days.map((d) => [parisDayOf(d.start.getTime()), d.wh, d.points])).toEqual([
      ["2025-03-29", 9100, 1], ["2025-03-30", 8000, 1], ["2025-03-31", 7000, 1], ["2025-04-01", 6000, 1],
    ]);
    const months = await aggregate(meterId, "daily_consumption", day("2025-03-01T00:00:00+01:00"), day("2025-05-01"), "month");
    expect(months.map((m) => [iso(m.start), m.wh, m.points])).toEqual([["2025-02-28T23:00:00.000Z", 24100, 3], ["2025-03-31T22:00:00.000Z", 6000, 1]]);
    await expect(aggregate(meterId, "daily_consumption", day("2025-03-01"), day("2025-05-01"), "hour")).rejects.toThrow(/by day or month/);
    // the curve is another series
    expect(await aggregate(meterId, "consumption", day("2025-03-01"), day("2025-05-01"), "day")).toEqual([]);
    await upsertDaily(meterId, "production", [{ day: "2025-03-29", wh: 12, quality: "BRUT" }], "sandbox");
    expect((await stored(meterId)).filter((r) => r.kind === 12)).toHaveLength(1);
  });

  it("max power: stored per local day, overwritten when it changes, read back by range", async () => {
    const at = day("2025-01-06T18:31:00Z");
    await upsertMaxPower(meterId, [{ day: "2025-01-06", va: 6120, at }, { day: "2025-01-07", va: 4800, at: null }, { day: "2025-01-08", va: 5000.4, at: null }]);
    const version = async () => db.$queryRaw<{ xmin: string }[]>`SELECT xmin::text AS xmin FROM energy.daily_max_power WHERE meter_id = ${meterId} ORDER BY day`;
    const v1 = await version();
    await upsertMaxPower(meterId, [{ day: "2025-01-06", va: 6120, at }, { day: "2025-01-07", va: 4800, at: null }]);
    expect(await version()).toEqual(v1);
    await upsertMaxPower(meterId, [{ day: "2025-01-07", va: 4900, at: day("2025-01-07T07:00:00Z") }]);
    expect(await readMaxPower(meterId, "2025-01-06", "2025-01-09")).toEqual([
      { day: "2025-01-06", va: 6120, at },
      { day: "2025-01-07", va: 4900, at: day("2025-01-07T07:00:00Z") },
      { day: "2025-01-08", va: 5000, at: null },
    ]);
    expect(await readMaxPower(meterId, "2025-01-07", "2025-01-08")).toHaveLength(1);
  });
});

describe("day coverage", () => {
  it("lists every local day of the range with its points, 0 when none", async () => {
    await upsertCurve(meterId, "consumption", curveDays("2025-03-29", "2025-03-31"), "enedis");
    await upsertCurve(meterId, "consumption", curveDays("2025-04-01", "2025-04-02").slice(0, 10), "enedis");
    expect(await dayCoverage(meterId, "consumption", "2025-03-28", "2025-04-03")).toEqual([
      { day: "2025-03-28", points: 0 },
      { day: "2025-03-29", points: 48 },
      { day: "2025-03-30", points: 46 },
      { day: "2025-03-31", points: 0 },
      { day: "2025-04-01", points: 10 },
      { day: "2025-04-02", points: 0 },
    ]);
    expect(await dayCoverage(meterId, "production", "2025-03-29", "2025-03-30")).toEqual([{ day: "2025-03-29", points: 0 }]);
    expect(await dayCoverage(meterId, "consumption", "2025-03-29", "2025-03-29")).toEqual([]);
  });

  it("upsertCurve reports the days from its first point to its last, a skipped day included", async () => {
    const points = [...curveDays("2025-10-25", "2025-10-26"), ...curveDays("2025-10-27", "2025-10-28").slice(0, 2)];
    expect((await upsertCurve(meterId, "consumption", points, "enedis")).days).toEqual([
      { day: "2025-10-25", points: 48 },
      { day: "2025-10-26", points: 0 },
      { day: "2025-10-27", points: 2 },
    ]);
    expect(await upsertCurve(meterId, "consumption", [], "enedis")).toEqual({ days: [] });
  });
});

describe("deletion", () => {
  async function fill(id: number) {
    await upsertCurve(id, "consumption", curveDays("2025-01-01", "2025-01-03"), "enedis");
    await upsertDaily(id, "consumption", [{ day: "2025-01-01", wh: 1, quality: "BRUT" }], "enedis");
    await upsertMaxPower(id, [{ day: "2025-01-01", va: 3000, at: null }]);
  }
  const count = async (id: number) => {
    const [r] = await db.$queryRaw<{ readings: number; max: number }[]>`SELECT
      (SELECT count(*)::int FROM energy.readings WHERE meter_id = ${id}) AS readings,
      (SELECT count(*)::int FROM energy.daily_max_power WHERE meter_id = ${id}) AS max`;
    return r;
  };

  it("deleteMeterReadings removes one meter's readings and max power, no one else's", async () => {
    const other = await makeMeter(userId, "25946599093143");
    await fill(meterId);
    await fill(other.id);
    expect(await deleteMeterReadings(meterId)).toEqual({ readings: 97, maxPower: 1 });
    expect(await count(meterId)).toEqual({ readings: 0, max: 0 });
    expect(await count(other.id)).toEqual({ readings: 97, max: 1 });
    expect(await db.meter.count()).toBe(2);
  });

  it("deleting a meter removes its readings; deleting a user removes their meters' readings", async () => {
    const other = await makeMeter(userId, "25946599093143");
    const stranger = await makeMeter((await makeUser()).id);
    await Promise.all([fill(meterId), fill(other.id), fill(stranger.id)]);
    await db.meter.delete({ where: { id: meterId } });
    expect(await count(meterId)).toEqual({ readings: 0, max: 0 });
    expect(await count(other.id)).toEqual({ readings: 97, max: 1 });
    await db.user.delete({ where: { id: userId } });
    expect(await count(other.id)).toEqual({ readings: 0, max: 0 });
    expect(await count(stranger.id)).toEqual({ readings: 97, max: 1 });
  });
});

describe("the database's own rules", () => {
  const insert = (values: string) => db.$executeRawUnsafe(`INSERT INTO energy.readings (meter_id, kind, ts, wh, step_min, quality, source) VALUES ${values}`);

  it("refuses a reading that breaks them, whoever writes it", async () => {
    const m = meterId;
    const cases: [string, string][] = [
      [`(${m}, 3, '2025-01-01T00:00Z', 1, 30, 0, 1)`, "readings_kind_check"],
      [`(${m}, 1, '2025-01-01T00:00Z', 1, 30, 5, 1)`, "readings_quality_check"],
      [`(${m}, 1, '2025-01-01T00:00Z', 1, 30, 0, 9)`, "readings_source_check"],
      [`(${m}, 1, '2025-01-01T00:00Z', 1, 20, 0, 1)`, "readings_step_check"],
      [`(${m}, 1, '2025-01-01T00:10Z', 1, 30, 0, 1)`, "readings_step_check"], // not on a half hour
      [`(${m}, 11, '2025-01-01T00:00Z', 1, 1440, 0, 1)`, "readings_step_check"], // not a Paris midnight
      [`(${m}, 11, '2024-12-31T23:00Z', 1, 30, 0, 1)`, "readings_step_check"],
      [`(${m}, 1, '2025-01-01T00:00Z', -1, 30, 0, 1)`, "readings_wh_check"],
      [`(${m}, 1, '2025-01-01T00:00Z', 'NaN', 30, 0, 1)`, "readings_wh_check"],
      [`(${m}, 1, '2025-01-01T00:00Z', 'Infinity', 30, 0, 1)`, "readings_wh_check"],
      [`(${m + 1000}, 1, '2025-01-01T00:00Z', 1, 30, 0, 1)`, "readings_meter_id_fkey"],
    ];
    for (const [values, constraint] of cases) await expect(insert(values), values).rejects.toThrow(constraint);
    await expect(insert(`(${m}, 1, '2025-01-01T00:15Z', 1, 15, 1, 3), (${m}, 11, '2024-12-31T23:00Z', 1, 1440, 0, 1)`)).resolves.toBe(2);
    await expect(db.$executeRawUnsafe(`INSERT INTO energy.daily_max_power (meter_id, day, va) VALUES (${m}, '2025-01-01', -1)`)).rejects.toThrow("daily_max_power_va_check");
  });

  it("Prisma cannot reach readings from a meter: they are no relation of the schema", async () => {
    // A type-level fact (tsc rejects the include), checked at run time too: Prisma refuses it.
    await expect(
      // @ts-expect-error readings are not a relation of Meter
      db.meter.findMany({ include: { readings: true } }),
    ).rejects.toThrow(/readings/);
  });
});
