// What the grid partner reads (docs/sharing.md), only of the households whose consent is in force
// at the moment of the request, under its pseudonyms; every read logged per household (what the
// household sees in My Account and finds in its "Download my data").
import type { Partner } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { conflict, notFound } from "@/lib/errors";
import { eventStatus } from "@/lib/flex/events";
import { householdsPower } from "@/lib/services/telemetry/household";
import { toOfferView, toUftpView } from "@/lib/serializers/flex-offers";
import { iec62746Document } from "@/lib/energy/export";
import { consentingUsers } from "./consent";
import { pseudonymOf, resourcePseudonymOf } from "./partners";

async function logReads(partnerId: number, userIds: number[], what: "live" | "event_results" | "offers", now: number) {
  if (!userIds.length) return;
  await db.$executeRaw`INSERT INTO partner_access (partner_id, user_id, what, at) SELECT ${partnerId}, u, ${what}, ${new Date(now)} FROM unnest(${userIds}::int[]) AS u`;
}

/** GET /api/partner/v1/live: each consenting household's power now, from its live devices. */
export async function partnerLive(partner: Partner, now = Date.now()) {
  const users = await consentingUsers();
  const power = await householdsPower(users, now);
  const households = users.map((u) => {
    const p = power.get(u);
    return { household: pseudonymOf(partner.id, u), at: p?.at?.toISOString() ?? null, grid_w: p?.gridW ?? null, solar_w: p?.solarW ?? null, home_w: p?.homeW ?? null };
  });
  await logReads(partner.id, users, "live", now);
  return { at: new Date(now).toISOString(), households };
}

/** An event and its consenting participants' settlements, not yet logged (the JSON and the XML answer log what they give). */
async function eventResultsOfConsenting(partner: Partner, eventId: number, now: number) {
  const event = await db.flexEvent.findUnique({ where: { id: eventId } });
  if (!event) throw notFound("Event");
  const results = await db.flexResult.findMany({ where: { eventId }, orderBy: { userId: "asc" } });
  const allowed = new Set(await consentingUsers(results.map((r) => r.userId)));
  const shared = results.filter((r) => allowed.has(r.userId));
  return {
    userIds: shared.map((r) => r.userId),
    view: {
      event: { id: event.id, title: event.title, direction: event.direction, starts_at: event.startsAt.toISOString(), ends_at: event.endsAt.toISOString(), status: eventStatus(event, now) },
      households: shared.map((r) => ({
        household: pseudonymOf(partner.id, r.userId),
        status: r.status,
        step_min: r.stepMin,
        baseline_wh: r.baselineWh as number[],
        actual_wh: r.actualWh as (number | null)[],
        delivered_wh: r.deliveredWh,
      })),
    },
  };
}

/** GET /api/partner/v1/events/{id}/results: the event and its consenting participants' settlements. */
export async function partnerEventResults(partner: Partner, eventId: number, now = Date.now()) {
  const { userIds, view } = await eventResultsOfConsenting(partner, eventId, now);
  await logReads(partner.id, userIds, "event_results", now);
  return view;
}

/**
 * GET /api/partner/v1/offers?week=: the offers of the week that consenting households sent (not
 * their drafts), each as UFTP's FlexOffer with its status, under the partner's pseudonyms.
 */
export async function partnerOffers(partner: Partner, week: string, now = Date.now()) {
  const offers = await db.flexOffer.findMany({ where: { week: new Date(`${week}T00:00:00Z`), status: { in: ["offered", "accepted", "activated", "settled"] } }, orderBy: [{ startsAt: "asc" }, { id: "asc" }] });
  const allowed = new Set(await consentingUsers([...new Set(offers.map((o) => o.userId))]));
  const shared = offers.filter((o) => allowed.has(o.userId));
  await logReads(partner.id, [...new Set(shared.map((o) => o.userId))], "offers", now);
  return {
    week,
    offers: shared.map((o) => {
      const v = toOfferView(o);
      const household = pseudonymOf(partner.id, o.userId);
      // the resource by a pseudonym too: its name is the household's own words
      return { household, status: v.status, delivered_wh: v.delivered_wh, FlexOffer: toUftpView(v, household, `resource-${resourcePseudonymOf(partner.id, o.scheduleId ?? -o.id)}`) };
    }),
  };
}

/**
 * The same read as an XML document modelled on IEC 62746-4 (docs/sharing.md): one Series per
 * consenting participant settled with readings, its resource the partner's pseudonym, one Period
 * (the event's window) of its half hours in kWh, a missing one without a Point. The baseline and
 * the delivery are not measured values: they stay in the JSON. 409 while no such household has
 * readings (the document needs a Series).
 */
export async function partnerEventResultsXml(partner: Partner, eventId: number, now = Date.now()): Promise<{ xml: string; eventId: number }> {
  const { userIds, view } = await eventResultsOfConsenting(partner, eventId, now);
  const { event, households } = view;
  const start = Date.parse(event.starts_at);
  const given: number[] = [];
  const series = households.flatMap((h, k) => {
    const points = h.actual_wh.flatMap((wh, i) => (wh === null ? [] : [{ position: i + 1, wh }]));
    if (!points.length) return [];
    given.push(userIds[k]);
    return [{ mrid: `${h.household}-consumption`, resource: h.household, kind: "consumption" as const, periods: [{ start, end: start + h.actual_wh.length * h.step_min * 60_000, stepMin: h.step_min, points }] }];
  });
  // nothing given, nothing logged
  if (!series.length) throw conflict("No consenting household has readings of this event yet: the XML needs at least one", "no_readings");
  const xml = iec62746Document({
    documentMrid: `foyer-event-${event.id}-results-${now}`,
    createdAt: new Date(now),
    // the grid partner as a system operator (ENTSO-E role A04), by its Foyer number
    receiver: { mrid: `partner-${partner.id}`, codingScheme: "NFR", role: "A04" },
    period: { start, end: Date.parse(event.ends_at) },
    series,
  });
  await logReads(partner.id, given, "event_results", now);
  return { xml, eventId: event.id };
}
