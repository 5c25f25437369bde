import { scheduleListFilters } from "@/lib/validation/list-filters";
import { SCHEDULE_SORTABLE } from "@/lib/services/schedules/schedules";
import { scheduleViewSchema } from "@/lib/openapi/schemas/schedules";
import { describeRoute, list } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/schedules", {
  GET: {
    tag: "Schedules", access: "user",
    summary: "Own schedules (admin: all, filter user_id)",
    query: { sortable: SCHEDULE_SORTABLE, filters: scheduleListFilters },
    responses: { 200: list(scheduleViewSchema) },
  },
});
