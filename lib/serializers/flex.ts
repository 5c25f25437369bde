// Community flexibility's answers (docs/flexibility.md, "API").
import type { FlexAccuracy, FlexEvent, FlexResult } from "@/lib/generated/prisma/client";
import { eventWindow, parisClock, type EventStatus } from "@/lib/flex/events";
import type { BaselinePreview, Choice, HouseholdEvent, OperatorEvent, ResultRow } from "@/lib/services/flex/events";

function eventFields(e: FlexEvent, status: EventStatus) {
  const w = eventWindow(e.startsAt.getTime(), e.endsAt.getTime());
  return {
    id: e.id,
    title: e.title,
    message: e.message,
    direction: e.direction,
    starts_at: e.startsAt.toISOString(),
    ends_at: e.endsAt.toISOString(),
    day: w.day,
    from: parisClock(e.startsAt.getTime()),
    to: parisClock(e.endsAt.getTime(), true),
    reward_per_kwh: e.rewardPerKwh,
    status,
    created_at: e.createdAt.toISOString(),
    cancelled_at: e.cancelledAt?.toISOString() ?? null,
    settled_at: e.settledAt?.toISOString() ?? null,
  };
}

export type FlexEventView = ReturnType<typeof eventFields>;

function choiceView(c: Choice) {
  return c ? { opted_in: c.optedIn, auto: c.auto, at: c.at.toISOString() } : null;
}

function baselineView(b: BaselinePreview | null) {
  if (!b) return null;
  if (b.status === "ok") return { status: b.status, wh: b.wh, total_wh: b.totalWh, days: b.days };
  if (b.status === "insufficient") return { status: b.status, wh: null, total_wh: null, days: b.days, needed: b.needed };
  return { status: b.status, wh: null, total_wh: null, days: [] };
}

export function toResultView(r: FlexResult | null) {
  if (!r) return null;
  return {
    status: r.status,
    source: r.source as "meter" | "telemetry",
    step_min: r.stepMin,
    baseline_wh: r.baselineWh as number[],
    actual_wh: r.actualWh as (number | null)[],
    baseline_days: r.baselineDays as string[],
    delivered_wh: r.deliveredWh,
    reward_eur: r.rewardEur,
    settled_at: r.settledAt.toISOString(),
  };
}

/** An event as a household sees it: `mine` holds its choice, its baseline (before) and its result (after). */
export function toHouseholdEventView(h: HouseholdEvent) {
  return { ...eventFields(h.event, h.status), mine: { choice: choiceView(h.choice), baseline: baselineView(h.baseline), result: toResultView(h.result) } };
}
export type HouseholdEventView = ReturnType<typeof toHouseholdEventView>;

/** An event as the operator sees it: participants and what was settled. */
export function toOperatorEventView(o: OperatorEvent) {
  return {
    ...eventFields(o.event, o.status),
    invited_at: o.event.invitedAt?.toISOString() ?? null,
    participants: o.participants,
    settled_households: o.settled,
    delivered_wh: o.deliveredWh,
    reward_eur: o.rewardEur,
  };
}
export type OperatorEventView = ReturnType<typeof toOperatorEventView>;

export function toResultRowView(r: ResultRow) {
  return { user_id: r.userId, email: r.email, name: r.name, opted_in_at: r.choiceAt.toISOString(), auto: r.auto, predictability: r.predictability, result: toResultView(r.result) };
}

function toAccuracyView(a: FlexAccuracy | null) {
  if (!a) return null;
  return { predictability: a.predictability, testable_days: a.testable, bias: a.bias, relative_rmse: a.relativeRmse, normalised_mae: a.normalisedMae, computed_at: a.computedAt.toISOString() };
}

export function toFlexSettingsView(s: { autoOptIn: boolean; autoSendOffers: boolean; meterId: number | null; accuracy: FlexAccuracy | null }) {
  return { auto_opt_in: s.autoOptIn, auto_send_offers: s.autoSendOffers, meter_id: s.meterId, accuracy: toAccuracyView(s.accuracy) };
}
export type FlexSettingsView = ReturnType<typeof toFlexSettingsView>;
