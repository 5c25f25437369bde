import { authedRoute } from "@/lib/http/route";
import { parseListParams } from "@/lib/http/list";
import { listResponse } from "@/lib/http/respond";
import { toScheduleView } from "@/lib/serializers/schedule";
import { listSchedules, SCHEDULE_FILTERABLE, SCHEDULE_SORTABLE } from "@/lib/services/schedules";

// GET /api/v1/schedules: own schedules (admin: all, filter user_id)
export const GET = authedRoute(async ({ req, caller }) => {
  const { items, total } = await listSchedules(caller, parseListParams(req, { sortable: SCHEDULE_SORTABLE, filterable: SCHEDULE_FILTERABLE }));
  return listResponse(items.map(toScheduleView), total);
});
