import type { Schedule } from "@/lib/generated/prisma/client";
import type { ScheduleData } from "@/lib/validation/schedule";

export function toScheduleView(s: Schedule) {
  return {
    id: s.id,
    user_id: s.userId,
    der_name: s.derName,
    type: s.type,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
    data: s.data as ScheduleData,
  };
}
export type ScheduleView = ReturnType<typeof toScheduleView>;
