// Flexibility offers (docs/flexibility.md, "Offers"): each week, from each week-ahead schedule and
// its resource's baseline, the household's offers for the coming week; the household sends them
// (or its setting does), the operator accepts or rejects them, the round activates, expires and
// settles them. Every change of status is a dated row (flex_offer_changes); nothing is deleted.
import type { Caller } from "@/lib/auth/caller";
import { db, Prisma } from "@/lib/db";
import { conflict, forbidden, invalid, notFound } from "@/lib/errors";
import { backtest, baseline, predictability, type DailyEnergy, type Predictability } from "@/lib/flex/baseline";
import { parisClock, type FlexDirection } from "@/lib/flex/events";
import { capacityW, comingWeek, expiryOf, OFFER_TRANSITIONS, offerPower, offerSettlement, scheduledDays, whToW, windowOf, type OfferSchedule, type OfferStatus } from "@/lib/flex/offers";
import type { FlexOffer, FlexOfferPrice } from "@/lib/generated/prisma/client";
import { addDays, daysBetween, parisDayOf, parisDayStart } from "@/lib/time/paris";
import { dailyEnergyOf, dailyEnergyOfMeasurements, windowsComplete } from "./energy";
import { recentDays } from "./accuracy";
import { eventDaysOfUsers, flexMetersOf, LOOKBACK_DAYS } from "./events";

const DIRECTIONS: FlexDirection[] = ["down", "up"];

/** Where a schedule's offers come from, or why it has none this week. */
export type ScheduleNote = {
  scheduleId: number;
  derName: string;
  resource: { kind: "measurement"; id: number; name: string } | { kind: "meter"; id: number } | null;
  offers: number;
  problem: null | "no_resource" | "not_this_week" | "insufficient" | "nothing_to_offer" | "too_late";
  /** with "insufficient": comparable days found and needed */
  days?: number;
  needed?: number;
  /**
   * A device channel's baseline tried on its recent days as the household's is every night
   * (lib/services/flex/accuracy.ts): how far its offers can be trusted. The meter's is the
   * household's own verdict (GET /api/v1/flexibility), not repeated here.
   */
  accuracy?: { predictability: Predictability; testable: number; bias: number | null; relativeRmse: number | null; normalisedMae: number | null };
};

export type OfferWithOwner = FlexOffer & { user?: { email: string } };

const dayString = (d: Date) => d.toISOString().slice(0, 10);
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
const norm = (s: string | null | undefined) => (s ?? "").trim().toLocaleLowerCase("fr");

/** The community's offer prices in force (the latest the operator set), or none. */
export async function currentPrices(): Promise<FlexOfferPrice | null> {
  return db.flexOfferPrice.findFirst({ orderBy: { id: "desc" } });
}

/** The operator sets the prices offers prepared from now on carry (a new dated row; the offers already made keep theirs). */
export async function setPrices(caller: Caller, p: { availability_eur_per_mw_h: number | null; utilisation_eur_per_mwh: number | null }): Promise<FlexOfferPrice> {
  if (!caller.isSuperuser) throw forbidden();
  return db.flexOfferPrice.create({ data: { availabilityEurPerMwH: p.availability_eur_per_mw_h, utilisationEurPerMwh: p.utilisation_eur_per_mwh, setById: caller.id } });
}

/** Changes offers' status where it is one of those the transition comes from; dated rows; returns the ids changed. */
async function transition(tx: Prisma.TransactionClient, ids: number[], to: Exclude<OfferStatus, "draft">, byId: number | null, now: number, extra: Prisma.FlexOfferUpdateManyMutationInput = {}): Promise<number[]> {
  if (!ids.length) return [];
  const from = OFFER_TRANSITIONS[to];
  // the rows locked in id order: two rounds (or an operator and a round) never cross
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM flex_offers WHERE id = ANY(${ids}::int[]) AND status::text = ANY(${[...from]}::text[]) ORDER BY id FOR UPDATE`;
  const changed = locked.map((r) => r.id);
  if (!changed.length) return [];
  await tx.flexOffer.updateMany({ where: { id: { in: changed } }, data: { ...extra, status: to } });
  // dated by the app's clock, as the offers' own dates (created_at, the rounds' now)
  await tx.flexOfferChange.createMany({ data: changed.map((offerId) => ({ offerId, status: to, byId, at: new Date(now) })) });
  return changed;
}

type Resource = ScheduleNote["resource"];

/**
 * Prepares the offers of `week` for these households from their schedules as they are now: a draft
 * per schedule, day and direction with power to offer; a draft whose schedule changed since is
 * superseded by a new one; an offer already sent stays as it is. Households that let Foyer send
 * their offers have the new drafts sent. Returns, per household, a note per schedule.
 */
export async function prepareOffers(userIds: readonly number[], week: string, now = Date.now()): Promise<Map<number, ScheduleNote[]>> {
  const notes = new Map<number, ScheduleNote[]>(userIds.map((u) => [u, []]));
  if (!userIds.length) return notes;
  const ids = [...userIds];
  const [schedules, measurements, meters, prices, existing, autoSend] = await Promise.all([
    db.schedule.findMany({ where: { userId: { in: ids } }, orderBy: { id: "asc" } }),
    db.measurement.findMany({ where: { device: { ownerId: { in: ids } } }, select: { id: true, name: true, displayName: true, device: { select: { ownerId: true } } }, orderBy: { id: "asc" } }),
    flexMetersOf(ids),
    currentPrices(),
    db.flexOffer.findMany({ where: { userId: { in: ids }, week: dayDate(week), status: { not: "superseded" } } }),
    db.user.findMany({ where: { id: { in: ids }, flexAutoSendOffers: true }, select: { id: true } }),
  ]);

  // a schedule's resource: the household's measurement of that name, else its Linky meter
  const resourceOf = (userId: number, derName: string): Resource => {
    const m = measurements.find((x) => x.device.ownerId === userId && (norm(x.displayName) === norm(derName) || norm(x.name) === norm(derName)));
    if (m) return { kind: "measurement", id: m.id, name: m.displayName || m.name };
    const meter = meters.get(userId);
    return meter ? { kind: "meter", id: meter.id } : null;
  };
  const resources = new Map(schedules.map((s) => [s.id, resourceOf(s.userId, s.derName)]));
  const today = parisDayOf(now);
  const from = addDays(today, -LOOKBACK_DAYS);
  // a channel's recent days tried as the nightly accuracy tries the meter's (each with its own lookback)
  const tried = recentDays(now);
  const pick = (kind: "measurement" | "meter") => [...new Set([...resources.values()].flatMap((r) => (r?.kind === kind ? [r.id] : [])))];
  const [meterEnergy, measurementEnergy, excludedOf] = await Promise.all([
    dailyEnergyOf(pick("meter"), from, today),
    dailyEnergyOfMeasurements(pick("measurement"), addDays(tried.at(-1)!, -LOOKBACK_DAYS), today),
    eventDaysOfUsers(ids),
  ]);
  // a draft of a schedule changed (or deleted) since it was made is superseded, whatever the schedule now gives
  const updatedAt = new Map(schedules.map((s) => [s.id, s.updatedAt]));
  const isStale = (o: FlexOffer) => o.status === "draft" && o.expiresAt.getTime() > now && (o.scheduleId === null || !updatedAt.has(o.scheduleId) || o.createdAt < updatedAt.get(o.scheduleId)!);
  const stale = existing.filter(isStale).map((o) => o.id);
  const live = new Map(existing.filter((o) => !isStale(o)).map((o) => [`${o.scheduleId}/${dayString(o.day)}/${o.direction}`, o]));

  const fresh: Prisma.FlexOfferCreateManyInput[] = [];
  // a resource's baseline of a day and window, once for both directions
  const baselines = new Map<string, ReturnType<typeof baseline>>();
  for (const s of schedules) {
    const resource = resources.get(s.id)!;
    const note: ScheduleNote = { scheduleId: s.id, derName: s.derName, resource, offers: 0, problem: null };
    notes.get(s.userId)!.push(note);
    if (!resource) {
      note.problem = "no_resource";
      continue;
    }
    const days = scheduledDays(s.data as unknown as OfferSchedule, week);
    if (!days.length) {
      note.problem = "not_this_week";
      continue;
    }
    const stepMin = resource.kind === "measurement" ? 15 : 30;
    const energy: DailyEnergy = (resource.kind === "measurement" ? measurementEnergy : meterEnergy).get(resource.id) ?? { stepMin, byDay: new Map() };
    if (resource.kind === "measurement") {
      const { accuracy, testable } = backtest(energy, tried, { excluded: excludedOf.get(s.userId), lookbackDays: LOOKBACK_DAYS });
      note.accuracy = { predictability: testable ? predictability(accuracy) : "unknown", testable, ...accuracy };
    }
    let late = 0;
    for (const { day, part } of days) {
      const expiresAt = expiryOf(day);
      const w = windowOf(day, part.hours, stepMin);
      if (!w) continue;
      for (const direction of DIRECTIONS) {
        const key = `${s.id}/${day}/${direction}`;
        if (live.has(key)) {
          note.offers += 1;
          continue;
        }
        if (expiresAt <= now) {
          late += 1;
          continue;
        }
        // a day further ahead looks back over the days to come too (none has readings yet)
        const memoKey = `${resource.kind}/${resource.id}/${s.userId}/${day}/${w.from}/${w.to}`;
        let b = baselines.get(memoKey);
        if (!b) baselines.set(memoKey, (b = baseline(energy, day, { window: [w.from, w.to], excluded: excludedOf.get(s.userId), lookbackDays: LOOKBACK_DAYS + Math.max(0, daysBetween(today, day) - 1) })));
        if (b.status === "insufficient") {
          // the first day short of comparable days speaks for the week
          if (note.problem !== "insufficient") Object.assign(note, { problem: "insufficient", days: b.days.length, needed: b.needed });
          continue;
        }
        const baselineW = b.values.slice(w.from, w.to).map((wh) => Math.round(whToW(wh, stepMin)));
        const powerW = offerPower(direction, part.average_power, baselineW, w.mask);
        if (powerW.every((p) => p === 0)) continue;
        const dayStart = parisDayStart(day);
        fresh.push({
          userId: s.userId,
          scheduleId: s.id,
          measurementId: resource.kind === "measurement" ? resource.id : null,
          meterId: resource.kind === "meter" ? resource.id : null,
          resource: s.derName,
          direction,
          week: dayDate(week),
          day: dayDate(day),
          startsAt: new Date(dayStart + w.from * stepMin * 60_000),
          endsAt: new Date(dayStart + w.to * stepMin * 60_000),
          stepMin,
          ratedW: part.average_power,
          powerW,
          baselineW,
          baselineDays: b.days,
          expiresAt: new Date(expiresAt),
          availabilityEurPerMwH: prices?.availabilityEurPerMwH ?? null,
          utilisationEurPerMwh: prices?.utilisationEurPerMwh ?? null,
          // the app's clock, as the schedule's updatedAt (Prisma's): compared to tell a stale draft
          createdAt: new Date(now),
        });
        note.offers += 1;
      }
    }
    // a problem is said when the schedule gives nothing this week
    if (note.offers) Object.assign(note, { problem: null, days: undefined, needed: undefined });
    else if (!note.problem) note.problem = late ? "too_late" : "nothing_to_offer";
  }

  if (stale.length || fresh.length) {
    await db.$transaction(async (tx) => {
      await transition(tx, stale, "superseded", null, now);
      // one live offer per schedule, day and direction (a partial unique index): a second preparer's rows are skipped
      // in one statement (Prisma's createManyAndReturn took 2 s for 2,800 offers): the households
      // that let Foyer send theirs have them offered at once, both changes dated
      const auto = new Set(autoSend.map((u) => u.id));
      const rows = fresh.map((o) => ({ ...o, auto: auto.has(o.userId) }));
      await tx.$executeRaw`
        WITH r AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(
            "userId" int, "scheduleId" int, "measurementId" int, "meterId" int, resource text, direction text, week date, day date,
            "startsAt" timestamptz, "endsAt" timestamptz, "stepMin" smallint, "ratedW" float8, "powerW" jsonb, "baselineW" jsonb, "baselineDays" jsonb,
            "expiresAt" timestamptz, "availabilityEurPerMwH" float8, "utilisationEurPerMwh" float8, "createdAt" timestamptz, auto boolean)
        ), made AS (
          INSERT INTO flex_offers (user_id, schedule_id, measurement_id, meter_id, resource, direction, week, day, starts_at, ends_at, step_min, rated_w,
                                   power_w, baseline_w, baseline_days, expires_at, availability_eur_per_mw_h, utilisation_eur_per_mwh, created_at, status)
          SELECT "userId", "scheduleId", "measurementId", "meterId", resource, direction::"FlexDirection", week, day, "startsAt", "endsAt", "stepMin", "ratedW",
                 "powerW", "baselineW", "baselineDays", "expiresAt", "availabilityEurPerMwH", "utilisationEurPerMwh", "createdAt",
                 (CASE WHEN auto THEN 'offered' ELSE 'draft' END)::"FlexOfferStatus"
          FROM r
          -- one live offer per schedule, day and direction (a partial unique index): a second preparer's rows are skipped
          ON CONFLICT DO NOTHING
          RETURNING id, status
        )
        INSERT INTO flex_offer_changes (offer_id, status, by_id, at)
        SELECT id, 'draft'::"FlexOfferStatus", NULL::int, ${new Date(now)}::timestamptz FROM made
        UNION ALL SELECT id, 'offered'::"FlexOfferStatus", NULL::int, ${new Date(now)}::timestamptz FROM made WHERE status = 'offered'
        ORDER BY 1, 2`;
    });
  }
  return notes;
}

/** The offers of a household for a week, by day (the superseded ones are history, not shown). */
async function offersOfWeek(userId: number, week: string): Promise<FlexOffer[]> {
  return db.flexOffer.findMany({ where: { userId, week: dayDate(week), status: { not: "superseded" } }, orderBy: [{ startsAt: "asc" }, { direction: "asc" }, { id: "asc" }] });
}

export type HouseholdOffers = { week: string; coming: boolean; autoSend: boolean; prices: FlexOfferPrice | null; notes: ScheduleNote[]; offers: FlexOffer[] };

/**
 * A household's offers for a week (the coming one by default). The coming week's drafts are
 * prepared first from its schedules as they are now, so that an edited schedule shows at once.
 */
export async function householdOffers(caller: Caller, week: string | null, now = Date.now()): Promise<HouseholdOffers> {
  const coming = comingWeek(now);
  const w = week ?? coming;
  const notes = w === coming ? ((await prepareOffers([caller.id], w, now)).get(caller.id) ?? []) : [];
  const [offers, user, prices] = await Promise.all([offersOfWeek(caller.id, w), db.user.findUniqueOrThrow({ where: { id: caller.id }, select: { flexAutoSendOffers: true } }), currentPrices()]);
  return { week: w, coming: w === coming, autoSend: user.flexAutoSendOffers, prices, notes, offers };
}

/** The household sends its drafts (these, or all of the coming week's): each offered until its expiry. */
export async function sendOffers(caller: Caller, ids: number[] | null, now = Date.now()): Promise<HouseholdOffers> {
  const week = comingWeek(now);
  // the drafts of a schedule changed since the page was read are superseded first: never sent
  await prepareOffers([caller.id], week, now);
  await db.$transaction(async (tx) => {
    const mine = await tx.flexOffer.findMany({ where: { userId: caller.id, ...(ids ? { id: { in: ids } } : { week: dayDate(week), status: "draft" }) }, select: { id: true, status: true, expiresAt: true } });
    if (ids) {
      const found = new Set(mine.map((o) => o.id));
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) throw notFound(`Offer ${missing}`);
      const notDraft = mine.find((o) => o.status !== "draft");
      if (notDraft) throw conflict(`Offer ${notDraft.id} is ${notDraft.status}: only a draft can be sent`, "flex_offer_status");
    }
    const expired = mine.find((o) => o.status === "draft" && o.expiresAt.getTime() <= now);
    if (expired && ids) throw conflict(`Offer ${expired.id} expired at ${expired.expiresAt.toISOString()}: it can no longer be sent`, "flex_offer_expired");
    const sent = await transition(tx, mine.filter((o) => o.expiresAt.getTime() > now).map((o) => o.id), "offered", caller.id, now);
    // an offer named that another request superseded (or sent) meanwhile: nothing is sent
    if (ids && sent.length !== new Set(ids).size) throw conflict("Some of these offers changed meanwhile: read them again and send what you mean to", "flex_offer_status");
  });
  return householdOffers(caller, week, now);
}

/**
 * The household changes a draft's power per period (lowers it, or raises it back): each period at
 * most what the resource can offer then (its capacity against the baseline the offer was prepared
 * with), one period at least above 0. The draft is superseded by a new one (its history kept).
 */
export async function editOffer(caller: Caller, id: number, powerW: number[], now = Date.now()): Promise<HouseholdOffers> {
  // a draft of a schedule changed since is superseded first (409 below): never edited into looking fresh
  await prepareOffers([caller.id], comingWeek(now), now);
  const week = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM flex_offers WHERE id = ${id} AND user_id = ${caller.id} FOR UPDATE`;
    if (!locked) throw notFound("Offer");
    const o = await tx.flexOffer.findUniqueOrThrow({ where: { id } });
    if (o.status !== "draft") throw conflict(`Offer ${id} is ${o.status}: only a draft can be changed`, "flex_offer_status");
    if (o.expiresAt.getTime() <= now) throw conflict(`Offer ${id} expired at ${o.expiresAt.toISOString()}: it can no longer be changed`, "flex_offer_expired");
    const baselineW = o.baselineW as number[];
    if (powerW.length !== baselineW.length) throw invalid([{ path: "power_w", message: `power_w must hold ${baselineW.length} values, one per period of the window` }]);
    // the periods the schedule covers (a draft that survived the preparation above is its schedule's as it is now)
    const schedule = o.scheduleId === null ? null : await tx.schedule.findUnique({ where: { id: o.scheduleId } });
    const part = schedule && scheduledDays(schedule.data as unknown as OfferSchedule, dayString(o.week)).find((d) => d.day === dayString(o.day))?.part;
    const mask = part ? windowOf(dayString(o.day), part.hours, o.stepMin as 15 | 30)?.mask : undefined;
    if (!mask || mask.length !== baselineW.length) throw conflict(`Offer ${id} no longer matches its schedule: read your offers again`, "flex_offer_status");
    const over = powerW.flatMap((w, i) => {
      const at = parisClock(o.startsAt.getTime() + i * o.stepMin * 60_000);
      if (!mask[i] && w > 0) return [{ path: `power_w.${i}`, message: `${at} is not in ${o.resource}'s schedule: its power there stays 0` }];
      const cap = capacityW(o.direction, o.ratedW, baselineW[i]);
      return w > cap ? [{ path: `power_w.${i}`, message: `${w} W at ${at} is over what ${o.resource} can offer then (${cap} W)` }] : [];
    });
    if (over.length) throw invalid(over, over[0].message);
    if (powerW.every((w) => w === 0)) throw invalid([{ path: "power_w", message: "An offer needs power in at least one period" }]);
    await transition(tx, [id], "superseded", caller.id, now);
    await tx.flexOffer.create({
      data: {
        userId: o.userId, scheduleId: o.scheduleId, measurementId: o.measurementId, meterId: o.meterId, resource: o.resource, direction: o.direction, week: o.week, day: o.day,
        startsAt: o.startsAt, endsAt: o.endsAt, stepMin: o.stepMin, ratedW: o.ratedW, powerW, baselineW, baselineDays: o.baselineDays as string[], expiresAt: o.expiresAt,
        availabilityEurPerMwH: o.availabilityEurPerMwH, utilisationEurPerMwh: o.utilisationEurPerMwh, createdAt: new Date(now),
        changes: { create: { status: "draft", byId: caller.id, at: new Date(now) } },
      },
    });
    return dayString(o.week);
  });
  return householdOffers(caller, week, now);
}

/** The household's setting: its offers sent each week without review (and the coming week's drafts now). */
export async function setAutoSend(caller: Caller, on: boolean, now = Date.now()): Promise<void> {
  await db.user.update({ where: { id: caller.id }, data: { flexAutoSendOffers: on } });
  if (on) await sendOffers(caller, null, now);
}

/** The operator answers an offer: accepted or rejected, while it is offered and not expired. */
export async function decideOffer(caller: Caller, id: number, accept: boolean, now = Date.now()): Promise<FlexOffer> {
  if (!caller.isSuperuser) throw forbidden();
  return db.$transaction(async (tx) => {
    const [o] = await tx.$queryRaw<{ status: OfferStatus; expires_at: Date }[]>`SELECT status::text AS status, expires_at FROM flex_offers WHERE id = ${id} FOR UPDATE`;
    if (!o) throw notFound("Offer");
    if (o.status !== "offered") throw conflict(`This offer is ${o.status}: only an offered one can be ${accept ? "accepted" : "rejected"}`, "flex_offer_status");
    if (o.expires_at.getTime() <= now) throw conflict(`This offer expired at ${o.expires_at.toISOString()}`, "flex_offer_expired");
    await transition(tx, [id], accept ? "accepted" : "rejected", caller.id, now);
    return tx.flexOffer.findUniqueOrThrow({ where: { id } });
  });
}

/** An offer's history: its changes of status, oldest first. */
export async function offerChanges(offerIds: number[]) {
  if (!offerIds.length) return new Map<number, { status: OfferStatus; at: Date; byId: number | null }[]>();
  const rows = await db.flexOfferChange.findMany({ where: { offerId: { in: offerIds } }, orderBy: { id: "asc" } });
  const out = new Map<number, { status: OfferStatus; at: Date; byId: number | null }[]>();
  for (const r of rows) (out.get(r.offerId) ?? out.set(r.offerId, []).get(r.offerId)!).push({ status: r.status, at: r.at, byId: r.byId });
  return out;
}

export type OfferFilter = { week?: string; status?: OfferStatus; userId?: number; ids?: number[] };

/** What the operator sees: the offers households sent, never their drafts (nor those replaced, nor those that expired unsent). */
const SENT: Prisma.FlexOfferWhereInput = {
  OR: [{ status: { notIn: ["superseded", "draft", "expired"] } }, { status: "expired", changes: { some: { status: "offered" } } }],
};

const whereOf = (f: OfferFilter): Prisma.FlexOfferWhereInput => ({
  AND: [SENT, f.status ? { status: f.status } : {}],
  ...(f.ids ? { id: { in: f.ids } } : {}),
  ...(f.week ? { week: dayDate(f.week) } : {}),
  ...(f.userId ? { userId: f.userId } : {}),
});

/** The community's offers (admin): those households sent, not their drafts, by start. */
export async function operatorOffers(caller: Caller, f: OfferFilter & { skip: number; take: number; order?: "asc" | "desc" }): Promise<{ items: OfferWithOwner[]; total: number }> {
  if (!caller.isSuperuser) throw forbidden();
  const where = whereOf(f);
  const [items, total] = await Promise.all([
    db.flexOffer.findMany({ where, orderBy: [{ startsAt: f.order ?? "asc" }, { id: f.order ?? "asc" }], skip: f.skip, take: f.take, include: { user: { select: { email: true } } } }),
    db.flexOffer.count({ where }),
  ]);
  return { items, total };
}

export async function operatorOffer(caller: Caller, id: number): Promise<OfferWithOwner> {
  if (!caller.isSuperuser) throw forbidden();
  const o = await db.flexOffer.findFirst({ where: { id, ...SENT }, include: { user: { select: { email: true } } } });
  if (!o) throw notFound("Offer");
  return o;
}

/** Each hour of a week (Paris), the community's power offered and accepted, down and up, in kW. */
export type HourFlex = { start: Date; downOfferedKw: number; upOfferedKw: number; downAcceptedKw: number; upAcceptedKw: number };

/** The community's flexibility by hour of a week: the mean power over the hour of the offers sent (offered, accepted, activated, settled) and of those accepted. */
export async function weekFlexibility(caller: Caller, week: string): Promise<{ week: string; offers: number; hours: HourFlex[] }> {
  if (!caller.isSuperuser) throw forbidden();
  const offers = await db.flexOffer.findMany({ where: { week: dayDate(week), status: { in: ["offered", "accepted", "activated", "settled"] } }, select: { startsAt: true, stepMin: true, powerW: true, direction: true, status: true } });
  const start = parisDayStart(week);
  const end = parisDayStart(addDays(week, 7));
  const hours: HourFlex[] = [];
  for (let t = start; t < end; t += 3_600_000) hours.push({ start: new Date(t), downOfferedKw: 0, upOfferedKw: 0, downAcceptedKw: 0, upAcceptedKw: 0 });
  for (const o of offers) {
    const accepted = o.status !== "offered";
    (o.powerW as number[]).forEach((w, i) => {
      const t = o.startsAt.getTime() + i * o.stepMin * 60_000;
      const h = hours[Math.floor((t - start) / 3_600_000)];
      if (!h || !w) return;
      // a period's power counts for its share of the hour
      const kw = (w / 1000) * (o.stepMin / 60);
      if (o.direction === "down") {
        h.downOfferedKw += kw;
        if (accepted) h.downAcceptedKw += kw;
      } else {
        h.upOfferedKw += kw;
        if (accepted) h.upAcceptedKw += kw;
      }
    });
  }
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return { week, offers: offers.length, hours: hours.map((h) => ({ ...h, downOfferedKw: r(h.downOfferedKw), upOfferedKw: r(h.upOfferedKw), downAcceptedKw: r(h.downAcceptedKw), upAcceptedKw: r(h.upAcceptedKw) })) };
}

/** After its window, how long an activated offer waits for its readings before it is settled without them. */
const SETTLE_WAIT_MS = 4 * 24 * 3600_000;

/**
 * The offers' round (with the events' every 15 minutes): offers not answered by their expiry
 * expire; accepted ones activate when their window begins; activated ones are settled once their
 * resource's readings of the window are in (or without them after SETTLE_WAIT_MS).
 */
export async function offersRound(now = Date.now()): Promise<{ expired: number; activated: number; settled: number }> {
  const at = new Date(now);
  const [toExpire, toActivate] = await Promise.all([
    db.flexOffer.findMany({ where: { status: { in: ["draft", "offered"] }, expiresAt: { lte: at } }, select: { id: true } }),
    db.flexOffer.findMany({ where: { status: "accepted", startsAt: { lte: at } }, select: { id: true } }),
  ]);
  const [expired, activated] = await db.$transaction(async (tx) => [await transition(tx, toExpire.map((o) => o.id), "expired", null, now), await transition(tx, toActivate.map((o) => o.id), "activated", null, now)]);
  const settled = await settleOffers(now);
  return { expired: expired.length, activated: activated.length, settled };
}

/** Activated offers settled per page (their resources read in one statement per kind). */
const SETTLE_PAGE = 500;

async function settleOffers(now: number): Promise<number> {
  let settled = 0;
  // every due offer, a page at a time: those still waiting for their readings do not hold back the others
  for (let after = 0; ; ) {
    const due = await db.flexOffer.findMany({ where: { status: "activated", endsAt: { lte: new Date(now) }, id: { gt: after } }, orderBy: { id: "asc" }, take: SETTLE_PAGE });
    if (!due.length) return settled;
    settled += await settlePage(due, now);
    after = due.at(-1)!.id;
  }
}

async function settlePage(due: FlexOffer[], now: number): Promise<number> {
  const days = due.map((o) => dayString(o.day)).sort();
  const [meters, measurements] = await Promise.all([
    dailyEnergyOf([...new Set(due.flatMap((o) => (o.meterId ? [o.meterId] : [])))], days[0], days.at(-1)!),
    dailyEnergyOfMeasurements([...new Set(due.flatMap((o) => (o.measurementId ? [o.measurementId] : [])))], days[0], days.at(-1)!),
  ]);
  // a channel's window only once every minute of it is in (its quarter's row comes with the first minute)
  const rolled = await windowsComplete(due.flatMap((o) => (o.measurementId ? [{ id: o.id, measurementId: o.measurementId, start: o.startsAt, end: o.endsAt }] : [])));
  let settled = 0;
  for (const o of due) {
    const day = dayString(o.day);
    const energy = o.measurementId ? measurements.get(o.measurementId) : o.meterId ? meters.get(o.meterId) : undefined;
    const from = Math.round((o.startsAt.getTime() - parisDayStart(day)) / (o.stepMin * 60_000));
    const n = (o.powerW as number[]).length;
    const actual = energy?.byDay.get(day)?.slice(from, from + n) ?? [];
    const complete = actual.length === n && actual.every((v) => v !== null) && (!o.measurementId || rolled.has(o.id));
    if (!complete && now < o.endsAt.getTime() + SETTLE_WAIT_MS) continue;
    const s = complete
      ? offerSettlement({ direction: o.direction, stepMin: o.stepMin, powerW: o.powerW as number[], baselineW: o.baselineW as number[], availabilityEurPerMwH: o.availabilityEurPerMwH, utilisationEurPerMwh: o.utilisationEurPerMwh }, actual)
      : null;
    await db.$transaction((tx) => transition(tx, [o.id], "settled", null, now, { actualWh: actual, deliveredWh: s?.deliveredWh ?? null, rewardEur: s?.rewardEur ?? null }));
    settled += 1;
  }
  return settled;
}

/** The weekly round (Thursday morning): every household with a schedule has its coming week's offers prepared (and sent, by its setting). */
export async function prepareAllOffers(now = Date.now()): Promise<{ households: number }> {
  const week = comingWeek(now);
  // the households with a schedule, and those whose last schedule went (their drafts are superseded)
  const users = await db.$queryRaw<{ user_id: number }[]>`
    SELECT s.user_id FROM schedules s JOIN users u ON u.id = s.user_id WHERE u.is_active
    UNION SELECT user_id FROM flex_offers WHERE week = ${dayDate(week)} AND status = 'draft'
    ORDER BY 1`;
  const ids = users.map((u) => u.user_id);
  for (let i = 0; i < ids.length; i += 200) await prepareOffers(ids.slice(i, i + 200), week, now);
  return { households: ids.length };
}
