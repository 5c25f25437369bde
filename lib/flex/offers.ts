// Offers of flexibility prepared from a household's week-ahead schedules (docs/flexibility.md,
// "Offers"; /work/shared/FLEXIBILITY.md, "Offers"): which days of the coming week a schedule
// covers, its window on each day, the power it can offer per period against its resource's
// baseline, the offer's expiry and settlement, and the offer as UFTP's FlexOffer. Pure functions.
import { delivered, localSlots } from "@/lib/flex/baseline";
import type { FlexDirection } from "@/lib/flex/events";
import { addDays, parisDayOf, parisToUtc, weekdayOf } from "@/lib/time/paris";

export type OfferPart = { months: readonly number[]; days: readonly number[]; hours: readonly number[]; average_power: number };
export type OfferSchedule = OfferPart & { start_date?: string; schedules?: readonly OfferPart[] };

/** The statuses of an offer, in the order of its life (docs/flexibility.md, "Offers"). */
export const OFFER_STATUSES = ["draft", "offered", "accepted", "rejected", "activated", "settled", "expired", "superseded"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** The statuses of an offer a household sent: all the operator sees. */
export const SENT_STATUSES = ["offered", "accepted", "rejected", "activated", "settled", "expired"] as const;

/** Once split, a schedule's parts replace it (the specification: "the main schedule is disabled"). */
export function partsOf(s: OfferSchedule): readonly OfferPart[] {
  return s.schedules?.length ? s.schedules : [s];
}

/** A day's weekday as the schedules number it: 0 Monday ... 6 Sunday. */
export const scheduleWeekday = (day: string) => (weekdayOf(day) + 6) % 7;

/** The Monday of the week after the one `now` is in (Paris): the week offers are prepared for. */
export function comingWeek(now: number): string {
  const today = parisDayOf(now);
  return addDays(today, 7 - scheduleWeekday(today));
}

/** The days of the week starting `week` (a Monday) that the schedule covers, each with its part: month and weekday match, from its start date on. */
export function scheduledDays(s: OfferSchedule, week: string): { day: string; part: OfferPart }[] {
  const from = s.start_date ? parisDayOf(Date.parse(s.start_date)) : null;
  const out: { day: string; part: OfferPart }[] = [];
  for (let i = 0; i < 7; i++) {
    const day = addDays(week, i);
    if (from && day < from) continue;
    const month = Number(day.slice(5, 7));
    const part = partsOf(s).find((p) => p.months.includes(month) && p.days.includes(i));
    if (part) out.push({ day, part });
  }
  return out;
}

/**
 * The periods of `day` at `stepMin` whose local hour is one of `hours`: the window [from, to) spans
 * the first to the last of them, `mask` says which periods of the window are scheduled. On the
 * 25-hour day the repeated hour is scheduled twice; on the 23-hour day the skipped hour is absent.
 */
export function windowOf(day: string, hours: readonly number[], stepMin: 15 | 30): { from: number; to: number; mask: boolean[] } | null {
  const wanted = new Set(hours);
  const inHours = localSlots(day, stepMin).map((minute) => wanted.has(Math.floor(minute / 60)));
  const from = inHours.indexOf(true);
  if (from < 0) return null;
  const to = inHours.lastIndexOf(true) + 1;
  return { from, to, mask: inHours.slice(from, to) };
}

/**
 * The power (W) a resource of `ratedW` can offer in one period, against its baseline there (W):
 * down, what it would draw (never more than the baseline, nor than its rated power); up, the rest
 * of its rated power (rated minus baseline). Down and up together are the rated power.
 */
export function capacityW(direction: FlexDirection, ratedW: number, baselineW: number): number {
  // rounded once, so that down and up still add up to the rated power
  const drawn = Math.round(Math.min(ratedW, Math.max(0, baselineW)));
  return direction === "down" ? drawn : Math.round(ratedW - drawn);
}

/** An offer's power per period of its window: the capacity where the schedule has the hour, 0 elsewhere. */
export function offerPower(direction: FlexDirection, ratedW: number, baselineW: readonly number[], mask: readonly boolean[]): number[] {
  if (baselineW.length !== mask.length) throw new Error(`Baseline of ${baselineW.length} periods, window of ${mask.length}`);
  return baselineW.map((b, i) => (mask[i] ? capacityW(direction, ratedW, b) : 0));
}

/** Energy (Wh) per period at `stepMin` as mean power (W), and back. */
export const whToW = (wh: number, stepMin: number) => (wh * 60) / stepMin;
export const wToWh = (w: number, stepMin: number) => (w * stepMin) / 60;

/** An offer can be answered until noon (Paris) of the day before its day: the day-ahead gate. */
export function expiryOf(day: string): number {
  return parisToUtc(`${addDays(day, -1)} 12:00:00`)!;
}

/**
 * What an offer earns once settled, in €: availability (€/MW/h) on the power offered over the
 * window, and utilisation (€/MWh) on the energy delivered against the baseline, per period at most
 * what was offered there and nothing for a period that delivered less than nothing.
 */
export function offerSettlement(
  o: { direction: FlexDirection; stepMin: number; powerW: readonly number[]; baselineW: readonly number[]; availabilityEurPerMwH: number | null; utilisationEurPerMwh: number | null },
  actualWh: readonly (number | null)[],
): { deliveredWh: number; creditedWh: number; rewardEur: number } {
  if (o.powerW.length !== o.baselineW.length) throw new Error(`Power of ${o.powerW.length} periods, baseline of ${o.baselineW.length}`);
  const baselineWh = o.baselineW.map((w) => wToWh(w, o.stepMin));
  const { perPeriod, total } = delivered(o.direction, baselineWh, actualWh);
  const creditedWh = perPeriod.reduce<number>((s, f, i) => s + Math.min(Math.max(0, f ?? 0), wToWh(o.powerW[i], o.stepMin)), 0);
  const offeredMwh = o.powerW.reduce((s, w) => s + wToWh(w, o.stepMin), 0) / 1e6;
  const reward = offeredMwh * (o.availabilityEurPerMwH ?? 0) + (creditedWh / 1e6) * (o.utilisationEurPerMwh ?? 0);
  return { deliveredWh: Math.round(total * 10) / 10, creditedWh: Math.round(creditedWh * 10) / 10, rewardEur: Math.round(reward * 100) / 100 };
}

/** The offer's statuses a change may come from, per status it leads to (the rest are refused). */
export const OFFER_TRANSITIONS: Record<Exclude<OfferStatus, "draft">, readonly OfferStatus[]> = {
  offered: ["draft"],
  accepted: ["offered"],
  rejected: ["offered"],
  activated: ["accepted"],
  settled: ["activated"],
  expired: ["draft", "offered"],
  superseded: ["draft"],
};

/** The community as UFTP's CongestionPoint (an EntityAddress): Foyer's offers are the community's, not a grid node's. */
export const CONGESTION_POINT = "foyer:community";

/** The fields of an offer the UFTP document is made of (the serializer's view). */
type UftpSource = {
  id: number;
  day: string;
  direction: FlexDirection;
  step_min: number;
  period_start: number;
  power_w: readonly number[];
  expires_at: string;
  availability_eur_per_mw_h: number | null;
  household: string;
  resource: string;
};

/**
 * An offer as LF Energy Shapeshifter's (UFTP 3) FlexOffer, in JSON with the specification's
 * attribute names: the Period is the offer's day, the ISPs are numbered from 1 at the day's first
 * period, Power is in W and signed as UFTP signs it (positive: more consumption, `up`; negative:
 * less, `down`), consecutive periods of the same power merged with a Duration. The Price asked is
 * the availability price over the power offered (0 when the operator set none). The
 * CongestionPoint is Foyer's community; there is no FlexRequest (the offers are unsolicited).
 */
export function toUftpFlexOffer(o: UftpSource, congestionPoint: string) {
  const sign = o.direction === "up" ? 1 : -1;
  const isps: { Power: number; Start: number; Duration: number }[] = [];
  o.power_w.forEach((w, i) => {
    const power = w === 0 ? 0 : sign * Math.round(w);
    const last = isps.at(-1);
    if (last && last.Power === power && last.Start + last.Duration === o.period_start + i + 1) last.Duration += 1;
    else isps.push({ Power: power, Start: o.period_start + i + 1, Duration: 1 });
  });
  const offeredMwh = o.power_w.reduce((s, w) => s + wToWh(w, o.step_min), 0) / 1e6;
  return {
    MessageID: `foyer-offer-${o.id}`,
    Period: o.day,
    "ISP-Duration": `PT${o.step_min}M`,
    TimeZone: "Europe/Paris",
    CongestionPoint: congestionPoint,
    ExpirationDateTime: o.expires_at,
    BaselineReference: "xofy-10-4",
    Currency: "EUR",
    OfferOption: [{ OptionReference: `${o.household}/${o.resource}`, Price: Math.round(offeredMwh * (o.availability_eur_per_mw_h ?? 0) * 100) / 100, MinActivationFactor: 1, ISP: isps.filter((p) => p.Power !== 0) }],
  };
}
