import { authedRoute } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/parse";
import { created } from "@/lib/http/respond";
import { toScheduleView } from "@/lib/serializers/schedule";
import { createSchedule, parseScheduleBody } from "@/lib/services/schedules/schedules";

// POST /api/v1/schedules/manual_weekahead: a new schedule from its data object
export const POST = authedRoute(async ({ req, caller }) =>
  created(toScheduleView(await createSchedule(caller, parseScheduleBody(await readJsonBody(req))))),
);
