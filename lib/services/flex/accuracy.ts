// How predictable each household is (docs/flexibility.md): every night, its baseline is tried on
// its recent days without an event as if each were one, and the bias, relative RMSE and normalised
// MAE stored with a verdict (lib/flex/baseline.ts backtest, predictability). Meters are read in
// batches, one statement each.
import { db } from "@/lib/db";
import { backtest, predictability } from "@/lib/flex/baseline";
import type { FlexAccuracy } from "@/lib/generated/prisma/client";
import { addDays, parisDayOf } from "@/lib/time/paris";
import { dailyEnergyOf } from "./energy";
import { eventDaysOfUsers, LOOKBACK_DAYS } from "./events";

/** Recent days tried (the last two weeks before yesterday, Linky's newest day). */
const TRIED_DAYS = 14;
const BATCH = 200;

/** The days a baseline is tried on: the TRIED_DAYS days before yesterday, newest first (one rule for the meters and the offers' channels). */
export function recentDays(now: number): string[] {
  const last = addDays(parisDayOf(now), -1);
  return Array.from({ length: TRIED_DAYS }, (_, i) => addDays(last, -i));
}

/** The accuracy of these meters' baselines on the TRIED_DAYS days before yesterday, stored. */
export async function measureAccuracy(meters: { id: number; userId: number }[], now = Date.now()): Promise<number> {
  const tried = recentDays(now);
  const last = tried[0];
  let stored = 0;
  for (let i = 0; i < meters.length; i += BATCH) {
    const batch = meters.slice(i, i + BATCH);
    const [energy, excludedOf] = await Promise.all([dailyEnergyOf(batch.map((m) => m.id), addDays(last, -(TRIED_DAYS + LOOKBACK_DAYS)), last), eventDaysOfUsers(batch.map((m) => m.userId))]);
    const rows = batch.map((m) => {
      const e = energy.get(m.id) ?? { stepMin: 30 as const, byDay: new Map() };
      const { accuracy, testable } = backtest(e, tried, { excluded: excludedOf.get(m.userId), lookbackDays: LOOKBACK_DAYS });
      return { meterId: m.id, userId: m.userId, testable, bias: accuracy.bias, relativeRmse: accuracy.relativeRmse, normalisedMae: accuracy.normalisedMae, predictability: testable ? predictability(accuracy) : "unknown", computedAt: new Date(now) };
    });
    // two measures at once (a household's page and the night's round): the second's rows are skipped
    await db.$transaction([db.flexAccuracy.deleteMany({ where: { meterId: { in: batch.map((m) => m.id) } } }), db.flexAccuracy.createMany({ data: rows, skipDuplicates: true })]);
    stored += rows.length;
  }
  return stored;
}

/** The nightly round: every meter with readings. */
export async function measureAllAccuracy(now = Date.now()): Promise<number> {
  const meters = await db.meter.findMany({ where: { days: { some: {} } }, select: { id: true, userId: true }, orderBy: { id: "asc" } });
  return measureAccuracy(meters, now);
}

/** A household's stored accuracy (its flexibility meter's), measured now when it has none or it is over a day old. */
export async function accuracyOf(userId: number, meterId: number | null, now = Date.now()): Promise<FlexAccuracy | null> {
  if (meterId === null) return null;
  const row = await db.flexAccuracy.findUnique({ where: { meterId } });
  if (row && now - row.computedAt.getTime() < 24 * 3600_000) return row;
  await measureAccuracy([{ id: meterId, userId }], now);
  return db.flexAccuracy.findUnique({ where: { meterId } });
}
