import { authedRoute, pathId } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/parse";
import { noContent, ok } from "@/lib/http/respond";
import { toScheduleView } from "@/lib/serializers/schedule";
import { deleteSchedule, getScheduleOrThrow, parseScheduleBody, updateSchedule } from "@/lib/services/schedules/schedules";

// GET /api/v1/schedules/{id}
export const GET = authedRoute(async ({ caller, params }) => ok(toScheduleView(await getScheduleOrThrow(caller, pathId(params, "id", "Schedule")))));

// PUT /api/v1/schedules/{id}: the data object, or a whole record whose data holds it
export const PUT = authedRoute(async ({ req, caller, params }) => {
  const id = pathId(params, "id", "Schedule");
  return ok(toScheduleView(await updateSchedule(caller, id, parseScheduleBody(await readJsonBody(req)))));
});

// DELETE /api/v1/schedules/{id}
export const DELETE = authedRoute(async ({ caller, params }) => {
  await deleteSchedule(caller, pathId(params, "id", "Schedule"));
  return noContent();
});
