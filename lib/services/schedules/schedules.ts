import type { Caller } from "@/lib/auth/caller";
import { db, Prisma } from "@/lib/db";
import { notFound } from "@/lib/errors";
import type { ListParams } from "@/lib/http/list";
import type { Schedule } from "@/lib/generated/prisma/client";
import type { ScheduleListFilters } from "@/lib/validation/list-filters";
import { validate } from "@/lib/http/parse";
import { ownedBy, ownerScope } from "@/lib/services/access";
import { containsInsensitive, fromEpochMs, orderWithId, readPage, whereAll } from "@/lib/services/sql-page";
import { scheduleDataSchema, type ScheduleData } from "@/lib/validation/schedule";

export const SCHEDULE_SORTABLE = ["id", "user_id", "der_name", "created_at", "updated_at"] as const;
const columns: Record<(typeof SCHEDULE_SORTABLE)[number], Prisma.Sql> = {
  id: Prisma.sql`s.id`, user_id: Prisma.sql`s.user_id`, der_name: Prisma.sql`s.der_name`, created_at: Prisma.sql`s.created_at`, updated_at: Prisma.sql`s.updated_at`,
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

/** Own schedules (admin: all), filtered, sorted and paged: the page and its total in one statement (lib/services/sql-page.ts). */
export async function listSchedules(caller: Caller, p: ListParams<(typeof SCHEDULE_SORTABLE)[number], ScheduleListFilters>): Promise<{ items: Schedule[]; total: number }> {
  const conditions: Prisma.Sql[] = [];
  const { userId } = ownerScope(caller, "userId", p.filters.user_id);
  if (userId !== undefined) conditions.push(Prisma.sql`s.user_id = ${userId}`);
  if (p.ids) conditions.push(Prisma.sql`s.id = ANY(${p.ids}::int[])`);
  if (p.filters.type !== undefined) conditions.push(Prisma.sql`s.type = ${p.filters.type}`);
  if (p.q) conditions.push(containsInsensitive(Prisma.sql`s.der_name`, p.q));
  else if (p.filters.der_name !== undefined) conditions.push(Prisma.sql`s.der_name = ${p.filters.der_name}`);
  const where = whereAll(conditions);
  const orderBy = orderWithId(columns, p.sort.field, p.sort.order);
  const { rows, total } = await readPage(
    Prisma.sql`SELECT count(*)::int FROM schedules s ${where}`,
    Prisma.sql`SELECT json_agg(json_build_array(s.id, s.user_id, s.der_name, s.type, s.data,
        (extract(epoch FROM s.created_at) * 1000)::bigint, (extract(epoch FROM s.updated_at) * 1000)::bigint) ORDER BY ${orderBy})
      FROM (SELECT * FROM schedules s ${where} ORDER BY ${orderBy} LIMIT ${p.take} OFFSET ${p.skip}) s`,
  );
  const items = rows.map(
    (r): Schedule => ({
      id: r[0] as number,
      userId: r[1] as number,
      derName: r[2] as string,
      type: r[3] as string,
      data: r[4] as Prisma.JsonValue,
      createdAt: fromEpochMs(r[5] as number),
      updatedAt: fromEpochMs(r[6] as number),
    }),
  );
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
