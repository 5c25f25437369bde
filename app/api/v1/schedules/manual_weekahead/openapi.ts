import { scheduleDataSchema } from "@/lib/validation/schedule";
import { scheduleViewSchema } from "@/lib/openapi/schemas/schedules";
import { describeRoute, created } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/schedules/manual_weekahead", {
  POST: {
    tag: "Schedules", access: "user",
    summary: "A new schedule from its data object",
    description: "A month in two parts is refused with detail 'Months are not allowed to overlap between schedules'.",
    body: { json: scheduleDataSchema },
    responses: { 201: created(scheduleViewSchema) },
  },
});
