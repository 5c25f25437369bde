// An event's invitations: one e-mail to each household that can take part (an active account with
// a Linky meter), in its language (users.locale, the pages' language it last used), after the
// event is planned (the flex-invite job). Sent once: the event's invited_at is set first.
import { db } from "@/lib/db";
import { sendMail } from "@/lib/email/transport";
import { flexInvitationMessage } from "@/lib/email/messages";
import { env } from "@/lib/env";
import { eventDayText } from "@/lib/flex/day-text";
import { parisClock } from "@/lib/flex/events";
import { parisDayOf } from "@/lib/time/paris";
import { logError } from "@/lib/log";
import { isLocale, type Locale } from "@/lib/shared/locale.mjs";

/** The window in words: "Tuesday 8 December 2026, 18:00 – 20:00" (Paris time). */
function windowText(startsAt: Date, endsAt: Date, locale: Locale): string {
  return `${eventDayText(parisDayOf(startsAt.getTime()), locale)}, ${parisClock(startsAt.getTime())} – ${parisClock(endsAt.getTime(), true)}`;
}

const euroText = (eur: number, locale: Locale) => new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-GB", { style: "currency", currency: "EUR" }).format(eur);

/** Sends an event's invitations, once; answers how many went out. */
export async function sendInvitations(eventId: number, now = Date.now()): Promise<number> {
  const claimed = await db.flexEvent.updateMany({ where: { id: eventId, invitedAt: null, cancelledAt: null, startsAt: { gt: new Date(now) } }, data: { invitedAt: new Date(now) } });
  if (!claimed.count) return 0;
  const event = await db.flexEvent.findUniqueOrThrow({ where: { id: eventId } });
  const households = await db.user.findMany({ where: { isActive: true, meters: { some: {} } }, select: { id: true, email: true, locale: true, flexChoices: { where: { eventId }, orderBy: { id: "desc" }, take: 1, select: { auto: true, optedIn: true } } }, orderBy: { id: "asc" } });
  const link = `${env().APP_URL.replace(/\/$/, "")}/flexibility?event=${eventId}`;
  let sent = 0;
  for (const h of households) {
    const locale: Locale = h.locale && isLocale(h.locale) ? h.locale : "en";
    const auto = Boolean(h.flexChoices[0]?.auto && h.flexChoices[0].optedIn);
    try {
      await sendMail(flexInvitationMessage({ to: h.email, locale, title: event.title, message: event.message, when: windowText(event.startsAt, event.endsAt, locale), direction: event.direction, reward: euroText(event.rewardPerKwh, locale), link, auto }));
      sent++;
    } catch (err) {
      // one refused address does not stop the others; Home shows the event to everyone anyway
      logError(`flex invitation e-mail of event ${eventId} to user ${h.id} failed`, err, {}, "warn");
    }
  }
  return sent;
}
