// A household's flexibility settings and standing (docs/flexibility.md): taking part in every event
// automatically, sending its offers each week without review (lib/services/flex/offers.ts), and how predictable its use is (the nightly accuracy of its baseline).
import type { Caller } from "@/lib/auth/caller";
import { db } from "@/lib/db";
import { accuracyOf } from "./accuracy";
import { flexMeterOf } from "./events";

export async function flexSettings(caller: Caller, now = Date.now()) {
  const [user, meterId] = await Promise.all([db.user.findUniqueOrThrow({ where: { id: caller.id }, select: { flexAutoOptIn: true, flexAutoSendOffers: true } }), flexMeterOf(caller.id)]);
  return { autoOptIn: user.flexAutoOptIn, autoSendOffers: user.flexAutoSendOffers, meterId, accuracy: await accuracyOf(caller.id, meterId, now) };
}

/** The household's setting: take part in every event automatically (and in those to come now). */
export async function setAutoOptIn(caller: Caller, on: boolean, now = Date.now()): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: caller.id }, data: { flexAutoOptIn: on } });
    if (!on) return;
    // the events to come that the household has not chosen about yet
    await tx.$executeRaw`
      INSERT INTO flex_participations (event_id, user_id, opted_in, auto)
      SELECT e.id, ${caller.id}, true, true FROM flex_events e
      WHERE e.cancelled_at IS NULL AND e.starts_at > ${new Date(now)}
        AND EXISTS (SELECT 1 FROM meters m WHERE m.user_id = ${caller.id})
        AND NOT EXISTS (SELECT 1 FROM flex_participations p WHERE p.event_id = e.id AND p.user_id = ${caller.id})`;
  });
}

