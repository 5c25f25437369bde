// An event's settlement (docs/flexibility.md): once a participant's readings of the window are in
// (Linky at D+1), its baseline from the days before, F = B − A per half hour, the total and the
// reward, written once. An event is settled when every participant has a result; one whose
// readings never came within SETTLE_WAIT_MS is settled as "no data". Batches of meters are read
// in one statement each (lib/services/flex/energy.ts).
import { db, Prisma } from "@/lib/db";
import { baseline } from "@/lib/flex/baseline";
import { eventWindow, settlement, SETTLE_WAIT_MS } from "@/lib/flex/events";
import type { FlexEvent } from "@/lib/generated/prisma/client";
import { addDays } from "@/lib/time/paris";
import { dailyEnergyOf } from "./energy";
import { choicesInForce, eventDaysOfUsers, flexMetersOf, LOOKBACK_DAYS } from "./events";

/** Households read in one statement. */
const BATCH = 200;

type Participant = { userId: number; meterId: number | null; syncing: boolean };

/** The households that chose to take part (the choice in force at the start) and have no result yet, with their meter. */
async function pending(eventId: number): Promise<Participant[]> {
  const rows = await db.$queryRaw<{ user_id: number }[]>`
    SELECT c.user_id FROM ${choicesInForce(Prisma.sql`event_id = ${eventId}`)} c
    WHERE c.opted_in AND NOT EXISTS (SELECT 1 FROM flex_results r WHERE r.event_id = ${eventId} AND r.user_id = c.user_id)
    ORDER BY c.user_id`;
  const meters = await flexMetersOf(rows.map((r) => r.user_id));
  return rows.map((r) => ({ userId: r.user_id, meterId: meters.get(r.user_id)?.id ?? null, syncing: meters.get(r.user_id)?.syncing ?? false }));
}

/** Settles what can be settled of one event; `true` once every participant has a result. */
async function settleEvent(event: FlexEvent, now = Date.now()): Promise<{ written: number; complete: boolean }> {
  const w = eventWindow(event.startsAt.getTime(), event.endsAt.getTime());
  const giveUp = now >= event.endsAt.getTime() + SETTLE_WAIT_MS;
  const all = await pending(event.id);
  let written = 0;
  for (let i = 0; i < all.length; i += BATCH) {
    const batch = all.slice(i, i + BATCH);
    const meterIds = batch.flatMap((p) => (p.meterId === null ? [] : [p.meterId]));
    const [energy, excludedOf] = await Promise.all([dailyEnergyOf(meterIds, addDays(w.day, -LOOKBACK_DAYS), w.day), eventDaysOfUsers(batch.map((p) => p.userId), event.id)]);
    const rows: Prisma.FlexResultCreateManyInput[] = [];
    for (const p of batch) {
      const e = p.meterId === null ? undefined : energy.get(p.meterId);
      const actual = e?.byDay.get(w.day)?.slice(w.from, w.to) ?? [];
      const complete = actual.length === w.to - w.from && actual.every((v) => v !== null);
      const base = { eventId: event.id, userId: p.userId, meterId: p.meterId, stepMin: 30, settledAt: new Date(now) };
      if (!complete) {
        // a meter whose history is still being fetched may yet bring the window
        if (giveUp && !p.syncing) rows.push({ ...base, status: "no_data", baselineWh: [], actualWh: actual, baselineDays: [], deliveredWh: 0, rewardEur: 0 });
        continue;
      }
      const b = baseline(e!, w.day, { window: [w.from, w.to], excluded: excludedOf.get(p.userId), lookbackDays: LOOKBACK_DAYS });
      if (b.status === "insufficient") {
        rows.push({ ...base, status: "insufficient", baselineWh: [], actualWh: actual, baselineDays: b.days, deliveredWh: 0, rewardEur: 0 });
        continue;
      }
      const bw = b.values.slice(w.from, w.to).map((v) => Math.round(v * 10) / 10);
      const s = settlement(event.direction, bw, actual, event.rewardPerKwh);
      rows.push({ ...base, status: "settled", baselineWh: bw, actualWh: actual, baselineDays: b.days, deliveredWh: s.deliveredWh, rewardEur: s.rewardEur });
    }
    // written once: a second settler's rows for the same households are skipped
    if (rows.length) written += (await db.flexResult.createMany({ data: rows, skipDuplicates: true })).count;
  }
  const complete = written >= all.length || (await pending(event.id)).length === 0;
  if (complete) await db.flexEvent.updateMany({ where: { id: event.id, settledAt: null }, data: { settledAt: new Date(now) } });
  return { written, complete };
}

/** The settle round: every event that has ended and is not settled. */
export async function settleDueEvents(now = Date.now()): Promise<{ events: number; written: number }> {
  const due = await db.flexEvent.findMany({ where: { cancelledAt: null, settledAt: null, endsAt: { lte: new Date(now) } }, orderBy: { endsAt: "asc" } });
  let written = 0;
  for (const e of due) written += (await settleEvent(e, now)).written;
  return { events: due.length, written };
}
