import { operatorEventViewSchema } from "@/lib/openapi/schemas/flex";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flex_events/{id}/cancel", {
  POST: {
    tag: "Flexibility", access: "admin",
    summary: "Cancel an event before it starts (dated, never deleted; its choices stay as history)", pathParams: idParam("event"),
    responses: { 200: ok(operatorEventViewSchema) },
    errors: { 409: "The event is already cancelled or has started (code flex_event_closed)" },
  },
});
