// Flexibility offers' answers (docs/flexibility.md, "Offers"): an offer as its household and the
// operator see it, the household's week, the community's week by hour, the prices.
import type { FlexOffer, FlexOfferPrice } from "@/lib/generated/prisma/client";
import { parisClock } from "@/lib/flex/events";
import { parisDayStart, parisLocalString } from "@/lib/time/paris";
import { CONGESTION_POINT, toUftpFlexOffer, type OfferStatus } from "@/lib/flex/offers";
import type { HourFlex, HouseholdOffers, OfferWithOwner, ScheduleNote } from "@/lib/services/flex/offers";

const day = (d: Date) => d.toISOString().slice(0, 10);

export function toOfferView(o: FlexOffer, history?: { status: OfferStatus; at: Date }[]) {
  const power = o.powerW as number[];
  return {
    id: o.id,
    schedule_id: o.scheduleId,
    resource: o.resource,
    // a channel's offers are at 15 minutes, the meter's at 30 (the ids may be gone: SET NULL)
    resource_kind: o.stepMin === 15 ? ("measurement" as const) : ("meter" as const),
    measurement_id: o.measurementId,
    meter_id: o.meterId,
    direction: o.direction,
    week: day(o.week),
    day: day(o.day),
    starts_at: o.startsAt.toISOString(),
    ends_at: o.endsAt.toISOString(),
    from: parisClock(o.startsAt.getTime()),
    to: parisClock(o.endsAt.getTime(), true),
    step_min: o.stepMin,
    period_index: Math.round((o.startsAt.getTime() - parisDayStart(day(o.day))) / (o.stepMin * 60_000)),
    rated_w: o.ratedW,
    power_w: power,
    max_power_w: Math.max(0, ...power),
    energy_wh: Math.round(power.reduce((s, w) => s + (w * o.stepMin) / 60, 0) * 10) / 10,
    baseline_w: o.baselineW as number[],
    baseline_days: o.baselineDays as string[],
    expires_at: o.expiresAt.toISOString(),
    availability_eur_per_mw_h: o.availabilityEurPerMwH,
    utilisation_eur_per_mwh: o.utilisationEurPerMwh,
    status: o.status,
    created_at: o.createdAt.toISOString(),
    actual_wh: (o.actualWh as (number | null)[] | null) ?? null,
    delivered_wh: o.deliveredWh,
    reward_eur: o.rewardEur,
    ...(history ? { history: history.map((h) => ({ status: h.status, at: h.at.toISOString() })) } : {}),
  };
}
export type OfferView = ReturnType<typeof toOfferView>;

/** The operator's view adds whose offer it is. */
export function toOperatorOfferView(o: OfferWithOwner, history?: { status: OfferStatus; at: Date }[]) {
  return { ...toOfferView(o, history), user_id: o.userId, email: o.user?.email ?? "" };
}
export type OperatorOfferView = ReturnType<typeof toOperatorOfferView>;

export function toPricesView(p: FlexOfferPrice | null) {
  return { availability_eur_per_mw_h: p?.availabilityEurPerMwH ?? null, utilisation_eur_per_mwh: p?.utilisationEurPerMwh ?? null, set_at: p?.setAt.toISOString() ?? null };
}
export type PricesView = ReturnType<typeof toPricesView>;

function toNoteView(n: ScheduleNote) {
  return {
    schedule_id: n.scheduleId,
    der_name: n.derName,
    resource: n.resource ? { kind: n.resource.kind, id: n.resource.id, name: n.resource.kind === "measurement" ? n.resource.name : null } : null,
    offers: n.offers,
    problem: n.problem,
    days: n.days ?? null,
    needed: n.needed ?? null,
    accuracy: n.accuracy
      ? { predictability: n.accuracy.predictability, testable_days: n.accuracy.testable, bias: n.accuracy.bias, relative_rmse: n.accuracy.relativeRmse, normalised_mae: n.accuracy.normalisedMae }
      : null,
  };
}

export function toHouseholdOffersView(h: HouseholdOffers) {
  return { week: h.week, coming: h.coming, auto_send: h.autoSend, prices: toPricesView(h.prices), schedules: h.notes.map(toNoteView), offers: h.offers.map((o) => toOfferView(o)) };
}
export type HouseholdOffersView = ReturnType<typeof toHouseholdOffersView>;

export function toWeekFlexView(w: { week: string; offers: number; hours: HourFlex[] }) {
  return {
    week: w.week,
    offers: w.offers,
    hours: w.hours.map((h) => ({ start: h.start.toISOString(), local: parisLocalString(h.start.getTime()).slice(0, 16), down_offered_kw: h.downOfferedKw, up_offered_kw: h.upOfferedKw, down_accepted_kw: h.downAcceptedKw, up_accepted_kw: h.upAcceptedKw })),
  };
}

/** The UFTP FlexOffer of an offer, for the operator's export and the partner (the household and its resource as each knows them). */
export function toUftpView(o: OfferView, household: string, resource = o.resource) {
  return toUftpFlexOffer(
    { id: o.id, day: o.day, direction: o.direction, step_min: o.step_min, period_start: o.period_index, power_w: o.power_w, expires_at: o.expires_at, availability_eur_per_mw_h: o.availability_eur_per_mw_h, household, resource },
    CONGESTION_POINT,
  );
}
