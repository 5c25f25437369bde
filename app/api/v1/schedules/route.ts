import { authedRoute } from "@/lib/http/route";
import { parseListParams } from "@/lib/http/list";
import { scheduleListFilters } from "@/lib/validation/list-filters";
import { listResponse } from "@/lib/http/respond";
import { toScheduleView } from "@/lib/serializers/schedule";
import { listSchedules, SCHEDULE_SORTABLE } from "@/lib/services/schedules/schedules";

// GET /api/v1/schedules: own schedules (admin: all, filter user_id)
export const GET = authedRoute(async ({ req, caller }) => {
  const { items, total } = await listSchedules(caller, parseListParams(req, { sortable: SCHEDULE_SORTABLE, filters: scheduleListFilters }));
  return listResponse(items.map(toScheduleView), total);
});
