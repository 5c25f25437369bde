import { participationSchema } from "@/lib/validation/flex";
import { householdEventViewSchema } from "@/lib/openapi/schemas/flex";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flexibility/events/{id}/choice", {
  PUT: {
    tag: "Flexibility", access: "user",
    summary: "Take part in an event, or not, until it starts (each choice is kept, the latest is in force)", pathParams: idParam("event"),
    body: { json: participationSchema },
    responses: { 200: ok(householdEventViewSchema) },
    errors: { 409: "The event is cancelled or has started (code flex_event_closed), or, to take part, the household has no Linky meter (code flex_no_meter)" },
  },
});
