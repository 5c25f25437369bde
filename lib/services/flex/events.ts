// Community flexibility events (docs/flexibility.md): the operator plans them, the households choose
// to take part (or their setting does), and see before the event their baseline for its window and
// after it what they delivered. Nothing is overwritten: a choice is a new row, a cancellation a date.
import type { Caller } from "@/lib/auth/caller";
import { db, Prisma } from "@/lib/db";
import { conflict, forbidden, invalid, notFound } from "@/lib/errors";
import { baseline, type DailyEnergy } from "@/lib/flex/baseline";
import { eventStatus, eventWindow, windowProblem, type EventStatus } from "@/lib/flex/events";
import type { FlexEvent, FlexResult } from "@/lib/generated/prisma/client";
import { jobs, QUEUES } from "@/lib/jobs/queue";
import { logError } from "@/lib/log";
import { addDays, daysBetween, parisDayOf } from "@/lib/time/paris";
import type { FlexEventInput } from "@/lib/validation/flex";
import { dailyEnergyOf, gridHalfHoursOf } from "./energy";
import { oneGridSource, roleOf, type Role } from "@/lib/telemetry/roles";

/** Days before an event its baseline may look back (FLEXIBILITY.md: 60). */
export const LOOKBACK_DAYS = 60;

export type BaselinePreview =
  | { status: "ok"; wh: number[]; totalWh: number; days: string[] }
  | { status: "insufficient"; days: string[]; needed: number }
  | { status: "no_meter" };

export type Choice = { optedIn: boolean; auto: boolean; at: Date } | null;

/** An event as a household sees it: its own choice, baseline (before) and result (after). */
export type HouseholdEvent = { event: FlexEvent; status: EventStatus; choice: Choice; baseline: BaselinePreview | null; result: FlexResult | null };

/** An event as the operator sees it: how many take part, and what was settled so far. */
export type OperatorEvent = { event: FlexEvent; status: EventStatus; participants: number; settled: number; deliveredWh: number; rewardEur: number };

/**
 * The meter each household takes part with: its first Linky meter (the one Home shows first), and
 * whether its history is still being fetched. One statement for any number of households; a
 * household without a meter is absent.
 */
export async function flexMetersOf(userIds: readonly number[]): Promise<Map<number, { id: number; syncing: boolean }>> {
  if (!userIds.length) return new Map();
  const rows = await db.$queryRaw<{ user_id: number; id: number; syncing: boolean }[]>`
    SELECT DISTINCT ON (user_id) user_id, id, sync_state IN ('queued', 'running') AS syncing
    FROM meters WHERE user_id = ANY(${[...userIds]}::int[]) ORDER BY user_id, id`;
  return new Map(rows.map((r) => [r.user_id, { id: r.id, syncing: r.syncing }]));
}

/**
 * Where each household's use is measured for an event, in the order tried: its live devices' grid
 * measurements (the clamps on its supply, or its Linky's TIC without a clamp: lib/telemetry/roles.ts),
 * whose readings come at once, then its Linky meter (`flexMetersOf`), whose come the day after.
 */
export type FlexSources = { grid: number[]; meter: { id: number; syncing: boolean } | null };

export async function flexSourcesOf(userIds: readonly number[]): Promise<Map<number, FlexSources>> {
  const [meters, devices] = await Promise.all([
    flexMetersOf(userIds),
    userIds.length
      ? db.device.findMany({ where: { ownerId: { in: [...userIds] }, mqtt: { isNot: null } }, select: { ownerId: true, mqtt: { select: { format: true } }, measurements: { select: { id: true, measureType: true, classification: true } } } })
      : [],
  ]);
  const out = new Map<number, FlexSources>(userIds.map((u) => [u, { grid: [], meter: meters.get(u) ?? null }]));
  const byUser = new Map<number, { id: number; role: Role; format: string }[]>();
  for (const d of devices) {
    if (d.ownerId === null) continue;
    const list = byUser.get(d.ownerId) ?? byUser.set(d.ownerId, []).get(d.ownerId)!;
    for (const m of d.measurements) list.push({ id: m.id, role: roleOf(m), format: d.mqtt!.format });
  }
  for (const [u, ms] of byUser) out.get(u)!.grid = oneGridSource(ms).flatMap((m) => (m.role === "grid" ? [m.id] : [])).sort((a, b) => a - b);
  return out;
}

/** A source's energy: its kind and its half hours laid out by day. */
export type SourceEnergy = { kind: "telemetry" | "meter"; energy: DailyEnergy };

/** Each household's sources' half hours from `fromDay` to `toDay`, in the order tried (a source without any reading is left out, a meter never: its days may come). */
export async function sourcesEnergy(sources: ReadonlyMap<number, FlexSources>, fromDay: string, toDay: string): Promise<Map<number, SourceEnergy[]>> {
  const gridOf = new Map([...sources].flatMap(([u, x]) => (x.grid.length ? [[u, x.grid] as const] : [])));
  const meterIds = [...sources.values()].flatMap((x) => (x.meter ? [x.meter.id] : []));
  const [{ drawn: grid }, meters] = await Promise.all([gridHalfHoursOf(gridOf, fromDay, toDay), dailyEnergyOf(meterIds, fromDay, toDay)]);
  return new Map(
    [...sources].map(([u, x]) => [
      u,
      [
        ...(grid.has(u) ? [{ kind: "telemetry" as const, energy: grid.get(u)! }] : []),
        ...(x.meter ? [{ kind: "meter" as const, energy: meters.get(x.meter.id) ?? { stepMin: 30 as const, byDay: new Map() } }] : []),
      ],
    ]),
  );
}

export async function flexMeterOf(userId: number): Promise<number | null> {
  return (await flexMetersOf([userId])).get(userId)?.id ?? null;
}

/**
 * The choice in force of each household for each event: its latest row (choices are never
 * overwritten), of the rows `where` selects. A subquery for the statements that need it.
 */
export const choicesInForce = (where: Prisma.Sql) => Prisma.sql`(
  SELECT DISTINCT ON (event_id, user_id) event_id, user_id, opted_in, auto, created_at
  FROM flex_participations WHERE ${where} ORDER BY event_id, user_id, id DESC)`;

type ChoiceRow = { eventId: number; userId: number; optedIn: boolean; auto: boolean; at: Date };

/** The choices in force of these households (all of them: `null`) for these events. */
async function choicesOf(eventIds: number[], userIds: number[] | null): Promise<ChoiceRow[]> {
  if (!eventIds.length) return [];
  const rows = await db.$queryRaw<{ event_id: number; user_id: number; opted_in: boolean; auto: boolean; created_at: Date }[]>`
    SELECT * FROM ${choicesInForce(Prisma.sql`event_id = ANY(${eventIds}::int[]) ${userIds ? Prisma.sql`AND user_id = ANY(${userIds}::int[])` : Prisma.empty}`)} c`;
  return rows.map((r) => ({ eventId: r.event_id, userId: r.user_id, optedIn: r.opted_in, auto: r.auto, at: r.created_at }));
}

/** Each household's event days (the events it took part in, but `exceptEventId`): never baseline candidates. */
export async function eventDaysOfUsers(userIds: number[], exceptEventId = 0): Promise<Map<number, Set<string>>> {
  if (!userIds.length) return new Map();
  const rows = await db.$queryRaw<{ user_id: number; day: string }[]>`
    SELECT DISTINCT c.user_id, to_char(e.starts_at AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS day
    FROM flex_events e
    JOIN ${choicesInForce(Prisma.sql`user_id = ANY(${userIds}::int[])`)} c ON c.event_id = e.id AND c.opted_in
    WHERE e.cancelled_at IS NULL AND e.id <> ${exceptEventId}`;
  const out = new Map<number, Set<string>>();
  for (const r of rows) (out.get(r.user_id) ?? out.set(r.user_id, new Set()).get(r.user_id)!).add(r.day);
  return out;
}

/**
 * A household's baseline for each event's window, from the days before it: one read of its meter
 * for all. An event further ahead than tomorrow looks back over the days to come too (none has
 * readings yet), so that its preview is the mean of the latest comparable days held.
 */
async function previewBaselines(userId: number, events: FlexEvent[], now: number): Promise<Map<number, BaselinePreview>> {
  const out = new Map<number, BaselinePreview>();
  if (!events.length) return out;
  const today = parisDayOf(now);
  const windows = events.map((e) => {
    const w = eventWindow(e.startsAt.getTime(), e.endsAt.getTime());
    return { e, w, lookback: LOOKBACK_DAYS + Math.max(0, daysBetween(today, w.day) - 1) };
  });
  const from = windows.map(({ w, lookback }) => addDays(w.day, -lookback)).sort()[0];
  const to = windows.map(({ w }) => w.day).sort().at(-1)!;
  const [sources, excludedOf] = await Promise.all([flexSourcesOf([userId]), eventDaysOfUsers([userId])]);
  const candidates = (await sourcesEnergy(sources, from, addDays(to, -1))).get(userId) ?? [];
  for (const { e, w, lookback } of windows) {
    if (!sources.get(userId)?.meter) {
      // taking part needs the Linky meter (choose): without it, none
      out.set(e.id, { status: "no_meter" });
      continue;
    }
    // the first source with enough comparable days (the household's other event days excluded)
    let last: BaselinePreview = { status: "insufficient", days: [], needed: 0 };
    for (const c of candidates) {
      const b = baseline(c.energy, w.day, { window: [w.from, w.to], excluded: excludedOf.get(userId), lookbackDays: lookback });
      if (b.status === "insufficient") {
        last = { status: "insufficient", days: b.days, needed: b.needed };
        continue;
      }
      const wh = b.values.slice(w.from, w.to).map((v) => Math.round(v * 10) / 10);
      last = { status: "ok", wh, totalWh: Math.round(wh.reduce((sum, v) => sum + v, 0) * 10) / 10, days: b.days };
      break;
    }
    out.set(e.id, last);
  }
  return out;
}

const open = (s: EventStatus) => s === "upcoming" || s === "running";

/** Events a household sees: every event of the community, newest first; its choice, its baseline while the event is to come, its result once settled. */
export async function householdEvents(caller: Caller, o: { skip: number; take: number; only?: "open" | "past"; order?: "asc" | "desc"; now?: number }): Promise<{ items: HouseholdEvent[]; total: number }> {
  const now = o.now ?? Date.now();
  const where: Prisma.FlexEventWhereInput =
    o.only === "open" ? { cancelledAt: null, endsAt: { gt: new Date(now) } } : o.only === "past" ? { OR: [{ endsAt: { lte: new Date(now) } }, { cancelledAt: { not: null } }] } : {};
  const [events, total] = await Promise.all([
    db.flexEvent.findMany({ where, orderBy: [{ startsAt: o.order ?? (o.only === "open" ? "asc" : "desc") }, { id: o.order ?? "desc" }], skip: o.skip, take: o.take }),
    db.flexEvent.count({ where }),
  ]);
  return { items: await householdViews(caller.id, events, now), total };
}

async function householdViews(userId: number, events: FlexEvent[], now: number): Promise<HouseholdEvent[]> {
  if (!events.length) return [];
  const ids = events.map((e) => e.id);
  const [choices, results] = await Promise.all([choicesOf(ids, [userId]), db.flexResult.findMany({ where: { eventId: { in: ids }, userId } })]);
  const resultOf = new Map(results.map((r) => [r.eventId, r]));
  const choiceOf = new Map(choices.map((c) => [c.eventId, { optedIn: c.optedIn, auto: c.auto, at: c.at }]));
  const statuses = new Map(events.map((e) => [e.id, eventStatus(e, now)]));
  const baselines = await previewBaselines(userId, events.filter((e) => open(statuses.get(e.id)!)), now);
  return events.map((event) => ({
    event,
    status: statuses.get(event.id)!,
    choice: choiceOf.get(event.id) ?? null,
    baseline: baselines.get(event.id) ?? null,
    result: resultOf.get(event.id) ?? null,
  }));
}

export async function householdEvent(caller: Caller, id: number, now = Date.now()): Promise<HouseholdEvent> {
  const event = await db.flexEvent.findUnique({ where: { id } });
  if (!event) throw notFound("Event");
  const [view] = await householdViews(caller.id, [event], now);
  return view;
}

/** Every event with its participation and settlement so far (the operator's list). */
export async function operatorEvents(o: { skip: number; take: number; ids?: number[]; order?: "asc" | "desc"; now?: number }): Promise<{ items: OperatorEvent[]; total: number }> {
  const where: Prisma.FlexEventWhereInput = o.ids ? { id: { in: o.ids } } : {};
  const order = o.order ?? "desc";
  const [events, total] = await Promise.all([db.flexEvent.findMany({ where, orderBy: [{ startsAt: order }, { id: order }], skip: o.skip, take: o.take }), db.flexEvent.count({ where })]);
  return { items: await operatorViews(events, o.now ?? Date.now()), total };
}

async function operatorViews(events: FlexEvent[], now: number): Promise<OperatorEvent[]> {
  const ids = events.map((e) => e.id);
  const [choices, sums] = await Promise.all([
    choicesOf(ids, null),
    db.flexResult.groupBy({ by: ["eventId"], where: { eventId: { in: ids }, status: "settled" }, _count: true, _sum: { deliveredWh: true, rewardEur: true } }),
  ]);
  const participants = new Map<number, number>();
  for (const c of choices) if (c.optedIn) participants.set(c.eventId, (participants.get(c.eventId) ?? 0) + 1);
  const sumOf = new Map(sums.map((s) => [s.eventId, s]));
  return events.map((event) => {
    const s = sumOf.get(event.id);
    return {
      event,
      status: eventStatus(event, now),
      participants: participants.get(event.id) ?? 0,
      settled: s?._count ?? 0,
      deliveredWh: Math.round((s?._sum.deliveredWh ?? 0) * 10) / 10,
      rewardEur: Math.round((s?._sum.rewardEur ?? 0) * 100) / 100,
    };
  });
}

export async function operatorEvent(id: number, now = Date.now()): Promise<OperatorEvent> {
  const event = await db.flexEvent.findUnique({ where: { id } });
  if (!event) throw notFound("Event");
  return (await operatorViews([event], now))[0];
}

/** One key for planning events: two operators planning at once cannot both pass the overlap check. */
const PLAN_LOCK = 7_265_001;

/**
 * Plans an event (admin): the window's rules, no overlap with another event not cancelled; the
 * households that take part automatically are entered; the invitations go out in the background.
 */
export async function createEvent(caller: Caller, input: FlexEventInput, now = Date.now()): Promise<OperatorEvent> {
  if (!caller.isSuperuser) throw forbidden();
  const startsAt = input.starts_at.getTime(), endsAt = input.ends_at.getTime();
  const problem = windowProblem(startsAt, endsAt, now);
  if (problem) throw invalid([problem], problem.message);
  const event = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${PLAN_LOCK})`;
    const other = await tx.flexEvent.findFirst({ where: { cancelledAt: null, startsAt: { lt: input.ends_at }, endsAt: { gt: input.starts_at } }, select: { id: true, title: true } });
    if (other) throw conflict(`This event overlaps event ${other.id} (${other.title})`, "flex_event_overlap");
    const made = await tx.flexEvent.create({
      data: { createdById: caller.id, title: input.title, message: input.message, direction: input.direction, startsAt: input.starts_at, endsAt: input.ends_at, rewardPerKwh: input.reward_per_kwh },
    });
    await tx.$executeRaw`
      INSERT INTO flex_participations (event_id, user_id, opted_in, auto)
      SELECT ${made.id}, u.id, true, true FROM users u
      WHERE u.flex_auto_opt_in AND u.is_active AND EXISTS (SELECT 1 FROM meters m WHERE m.user_id = u.id)`;
    return made;
  });
  await queueInvitations(event.id);
  return operatorEvent(event.id, now);
}

async function queueInvitations(eventId: number) {
  try {
    const boss = await jobs();
    await boss.send(QUEUES.flexInvite, { eventId }, { singletonKey: String(eventId) });
  } catch (err) {
    // the event stands; the settle round sends what was not sent (lib/jobs/workers.ts)
    logError(`flex invitations of event ${eventId} could not be queued`, err, {}, "warn");
  }
}

/** Cancels an event before it starts (admin): dated, never deleted; its choices stay as history. */
export async function cancelEvent(caller: Caller, id: number, now = Date.now()): Promise<OperatorEvent> {
  if (!caller.isSuperuser) throw forbidden();
  const done = await db.flexEvent.updateMany({ where: { id, cancelledAt: null, startsAt: { gt: new Date(now) } }, data: { cancelledAt: new Date(now) } });
  if (!done.count) {
    const e = await db.flexEvent.findUnique({ where: { id } });
    if (!e) throw notFound("Event");
    throw conflict(e.cancelledAt ? "This event is already cancelled" : "This event has started: it can no longer be cancelled", "flex_event_closed");
  }
  return operatorEvent(id, now);
}

/** Changes of choice a household may make for one event (its history stays readable). */
const MAX_CHOICES = 20;

/** A household's choice: taking part or not, until the event starts. */
export async function choose(caller: Caller, id: number, optedIn: boolean, now = Date.now()): Promise<HouseholdEvent> {
  await db.$transaction(async (tx) => {
    // the event's row locked: a choice and the start of the settlement never cross
    const [e] = await tx.$queryRaw<{ starts_at: Date; cancelled_at: Date | null }[]>`SELECT starts_at, cancelled_at FROM flex_events WHERE id = ${id} FOR SHARE`;
    if (!e) throw notFound("Event");
    if (e.cancelled_at) throw conflict("This event is cancelled", "flex_event_closed");
    if (e.starts_at.getTime() <= now) throw conflict("This event has started: choices closed when it began", "flex_event_closed");
    if (optedIn && !(await tx.meter.findFirst({ where: { userId: caller.id }, select: { id: true } }))) {
      throw conflict("Link your Linky meter to take part: the event is measured on it", "flex_no_meter");
    }
    const [last, count] = await Promise.all([
      tx.flexParticipation.findFirst({ where: { eventId: id, userId: caller.id }, orderBy: { id: "desc" }, select: { optedIn: true } }),
      tx.flexParticipation.count({ where: { eventId: id, userId: caller.id } }),
    ]);
    // the same choice again changes nothing (no new row)
    if (last?.optedIn === optedIn) return;
    if (count >= MAX_CHOICES) throw conflict(`You have changed your choice ${MAX_CHOICES} times for this event: it stays as it is`, "flex_choice_limit");
    await tx.flexParticipation.create({ data: { eventId: id, userId: caller.id, optedIn, auto: false } });
  });
  return householdEvent(caller, id, now);
}

export type ResultRow = { userId: number; email: string; name: string; choiceAt: Date; auto: boolean; predictability: string | null; result: FlexResult | null };

/** An event's participants and their results (admin), by e-mail, with how predictable each one's use is. */
export async function eventResults(caller: Caller, id: number): Promise<{ event: OperatorEvent; rows: ResultRow[] }> {
  if (!caller.isSuperuser) throw forbidden();
  const event = await operatorEvent(id);
  const taking = (await choicesOf([id], null)).filter((c) => c.optedIn);
  const choiceOf = new Map(taking.map((c) => [c.userId, c]));
  const userIds = taking.map((c) => c.userId);
  const [users, results, meters] = await Promise.all([
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true, firstName: true, lastName: true } }),
    db.flexResult.findMany({ where: { eventId: id } }),
    flexMetersOf(userIds),
  ]);
  // each household's verdict is its flexibility meter's
  const accuracy = await db.flexAccuracy.findMany({ where: { meterId: { in: [...meters.values()].map((m) => m.id) } }, select: { userId: true, predictability: true } });
  const resultOf = new Map(results.map((r) => [r.userId, r]));
  const verdictOf = new Map(accuracy.map((a) => [a.userId, a.predictability]));
  const rows = users
    .map((u) => {
      const c = choiceOf.get(u.id)!;
      return { userId: u.id, email: u.email, name: [u.firstName, u.lastName].filter(Boolean).join(" "), choiceAt: c.at, auto: c.auto, predictability: verdictOf.get(u.id) ?? null, result: resultOf.get(u.id) ?? null };
    })
    .sort((a, b) => a.email.localeCompare(b.email));
  return { event, rows };
}
