// An event's settlement (docs/flexibility.md): once a participant's readings of the window are in
// (its live grid measurements at once, its Linky at D+1), its baseline from the days before,
// F = B − A per half hour, the total and the reward, written once. An event is settled when every
// participant has a result; one without a result SETTLE_WAIT_MS after the end is settled as
// "insufficient" or "no data". Households are read in batches, one statement per source
// (lib/services/flex/energy.ts).
import { db, Prisma } from "@/lib/db";
import { baseline } from "@/lib/flex/baseline";
import { eventWindow, settlement, SETTLE_WAIT_MS } from "@/lib/flex/events";
import type { FlexEvent } from "@/lib/generated/prisma/client";
import { addDays } from "@/lib/time/paris";
import { minutesComplete } from "./energy";
import { choicesInForce, eventDaysOfUsers, flexSourcesOf, LOOKBACK_DAYS, sourcesEnergy, type FlexSources } from "./events";

/** Households read in one statement. */
const BATCH = 200;

type Participant = { userId: number; sources: FlexSources };

/** The households that chose to take part (the choice in force at the start) and have no result yet, with where their use is measured. */
async function pending(eventId: number): Promise<Participant[]> {
  const rows = await db.$queryRaw<{ user_id: number }[]>`
    SELECT c.user_id FROM ${choicesInForce(Prisma.sql`event_id = ${eventId}`)} c
    WHERE c.opted_in AND NOT EXISTS (SELECT 1 FROM flex_results r WHERE r.event_id = ${eventId} AND r.user_id = c.user_id)
    ORDER BY c.user_id`;
  const sources = await flexSourcesOf(rows.map((r) => r.user_id));
  return rows.map((r) => ({ userId: r.user_id, sources: sources.get(r.user_id)! }));
}

/**
 * Settles what can be settled of one event; `true` once every participant has a result. Each
 * participant's sources are tried in order (its live grid measurements, then its Linky meter): the
 * first whose readings of the window are all in and whose baseline has enough comparable days
 * settles it. A source with the window but too few days gives way to the next; the last one's
 * "insufficient" is the result. Without a result SETTLE_WAIT_MS after the end (and its meter not
 * syncing): "insufficient" if a source had the window, else "no data".
 */
async function settleEvent(event: FlexEvent, now = Date.now()): Promise<{ written: number; complete: boolean }> {
  const w = eventWindow(event.startsAt.getTime(), event.endsAt.getTime());
  const giveUp = now >= event.endsAt.getTime() + SETTLE_WAIT_MS;
  const all = await pending(event.id);
  let written = 0;
  for (let i = 0; i < all.length; i += BATCH) {
    const batch = all.slice(i, i + BATCH);
    const [energy, excludedOf, rolled] = await Promise.all([
      sourcesEnergy(new Map(batch.map((p) => [p.userId, p.sources])), addDays(w.day, -LOOKBACK_DAYS), w.day),
      eventDaysOfUsers(batch.map((p) => p.userId), event.id),
      minutesComplete(batch.flatMap((p) => p.sources.grid), event.startsAt, event.endsAt),
    ]);
    const rows: Prisma.FlexResultCreateManyInput[] = [];
    for (const p of batch) {
      const candidates = energy.get(p.userId) ?? [];
      let row: Prisma.FlexResultCreateManyInput | null = null;
      let shortOf: Prisma.FlexResultCreateManyInput | null = null;
      let lastActual: (number | null)[] = [];
      for (const [k, c] of candidates.entries()) {
        // the live measurements' window only once every minute of it is in (a quarter's row comes with its first minute)
        if (c.kind === "telemetry" && !p.sources.grid.every((m) => rolled.has(m))) continue;
        const actual = c.energy.byDay.get(w.day)?.slice(w.from, w.to) ?? [];
        if (actual.some((v) => v !== null)) lastActual = actual;
        const complete = actual.length === w.to - w.from && actual.every((v) => v !== null);
        if (!complete) continue;
        const base = { eventId: event.id, userId: p.userId, meterId: c.kind === "meter" ? p.sources.meter!.id : null, source: c.kind, stepMin: 30, settledAt: new Date(now) };
        const b = baseline(c.energy, w.day, { window: [w.from, w.to], excluded: excludedOf.get(p.userId), lookbackDays: LOOKBACK_DAYS });
        if (b.status === "insufficient") {
          shortOf = { ...base, status: "insufficient", baselineWh: [], actualWh: actual, baselineDays: b.days, deliveredWh: 0, rewardEur: 0 };
          // the last source's word is final; an earlier one gives way
          if (k === candidates.length - 1) row = shortOf;
          continue;
        }
        const bw = b.values.slice(w.from, w.to).map((v) => Math.round(v * 10) / 10);
        const s = settlement(event.direction, bw, actual, event.rewardPerKwh);
        row = { ...base, status: "settled", baselineWh: bw, actualWh: actual, baselineDays: b.days, deliveredWh: s.deliveredWh, rewardEur: s.rewardEur };
        break;
      }
      // a meter whose history is still being fetched may yet bring the window
      if (!row && giveUp && !p.sources.meter?.syncing) {
        row = shortOf ?? { eventId: event.id, userId: p.userId, meterId: p.sources.meter?.id ?? null, source: "meter", stepMin: 30, settledAt: new Date(now), status: "no_data", baselineWh: [], actualWh: lastActual, baselineDays: [], deliveredWh: 0, rewardEur: 0 };
      }
      if (row) rows.push(row);
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
