import { operatorEventViewSchema } from "@/lib/openapi/schemas/flex";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flex_events/{id}", {
  GET: {
    tag: "Flexibility", access: "admin",
    summary: "An event with its participants and what was settled so far", pathParams: idParam("event"),
    responses: { 200: ok(operatorEventViewSchema) },
  },
});
