import type { Caller } from "@/lib/auth/caller";
import { db, Prisma } from "@/lib/db";
import { notFound } from "@/lib/http/errors";
import { orderByWithId, type ListParams } from "@/lib/http/list";
import type { ScheduleListFilters } from "@/lib/validation/list-filters";
import { validate } from "@/lib/http/parse";
import { ownedBy, ownerScope } from "@/lib/services/access";
import { scheduleDataSchema, type ScheduleData } from "@/lib/validation/schedule";

export const SCHEDULE_SORTABLE = ["id", "user_id", "der_name", "created_at", "updated_at"] as const;
const columns: Record<(typeof SCHEDULE_SORTABLE)[number], keyof Prisma.ScheduleOrderByWithRelationInput> = {
  id: "id", user_id: "userId", der_name: "derName", created_at: "createdAt", updated_at: "updatedAt",
};

/**
 * A PUT body is either the bare `data` object or a whole Schedule record whose `data` holds it
 * (react-admin); error paths stay relative to the body.
 */
export function parseScheduleBody(body: unknown): ScheduleData {
  const isRecord = body !== null && typeof body === "object" && !Array.isArray(body) && "data" in body && typeof (body as { data: unknown }).data === "object" && !("months" in body);
  return isRecord ? validate(scheduleDataSchema, (body as { data: unknown }).data, ["data"]) : validate(scheduleDataSchema, body);
}

function stored(d: ScheduleData): Prisma.InputJsonObject {
  const { schedules, ...main } = d;
  return (schedules?.length ? { ...main, schedules } : main) as Prisma.InputJsonObject;
}

export async function listSchedules(caller: Caller, p: ListParams<(typeof SCHEDULE_SORTABLE)[number], ScheduleListFilters>) {
  const where: Prisma.ScheduleWhereInput = { ...ownerScope(caller, "userId", p.filters.user_id) };
  if (p.ids) where.id = { in: p.ids };
  if (p.filters.der_name !== undefined) where.derName = p.filters.der_name;
  if (p.filters.type !== undefined) where.type = p.filters.type;
  if (p.q) where.derName = { contains: p.q, mode: "insensitive" };
  const orderBy = orderByWithId<Prisma.ScheduleOrderByWithRelationInput>(columns[p.sort.field], p.sort.order);
  // two statements on two pooled connections, no transaction held: a read needs no more
  const [items, total] = await Promise.all([
    db.schedule.findMany({ where, orderBy, skip: p.skip, take: p.take }),
    db.schedule.count({ where }),
  ]);
  return { items, total };
}

export async function getScheduleOrThrow(caller: Caller, id: number) {
  const s = await db.schedule.findFirst({ where: { id, ...ownedBy(caller, "userId") } });
  if (!s) throw notFound("Schedule");
  return s;
}

/** POST /api/v1/schedules/manual_weekahead */
export async function createSchedule(caller: Caller, data: ScheduleData) {
  return db.schedule.create({ data: { userId: caller.id, derName: data.der_name, type: "manual_weekahead", data: stored(data) } });
}

/** PUT /api/v1/schedules/{id}: replaces the data. */
export async function updateSchedule(caller: Caller, id: number, data: ScheduleData) {
  await getScheduleOrThrow(caller, id);
  return db.schedule.update({ where: { id }, data: { derName: data.der_name, data: stored(data) } });
}

export async function deleteSchedule(caller: Caller, id: number) {
  const { count } = await db.schedule.deleteMany({ where: { id, ...ownedBy(caller, "userId") } });
  if (!count) throw notFound("Schedule");
}
