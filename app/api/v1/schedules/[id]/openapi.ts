import { z } from "zod";
import { scheduleDataSchema } from "@/lib/validation/schedule";
import { scheduleViewSchema } from "@/lib/openapi/schemas/schedules";
import { describeRoute, idParam, ok, noContent } from "@/lib/openapi/operations";

/** PUT /api/v1/schedules/{id}: the data object, or a whole Schedule record whose `data` holds it (react-admin). */
const scheduleUpdateBody = z.union([scheduleDataSchema, z.looseObject({ data: scheduleDataSchema })]);

export default describeRoute("/api/v1/schedules/{id}", {
  GET: {
    tag: "Schedules", access: "user",
    summary: "A schedule", pathParams: idParam("schedule"), responses: { 200: ok(scheduleViewSchema) },
  },
  PUT: {
    tag: "Schedules", access: "user",
    summary: "Change a schedule: the data object, or a whole record whose data holds it",
    pathParams: idParam("schedule"), body: { json: scheduleUpdateBody },
    responses: { 200: ok(scheduleViewSchema) },
  },
  DELETE: {
    tag: "Schedules", access: "user",
    summary: "Delete a schedule", pathParams: idParam("schedule"), responses: { 204: noContent },
  },
});
