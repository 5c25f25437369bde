import { householdEventViewSchema } from "@/lib/openapi/schemas/flex";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flexibility/events/{id}", {
  GET: {
    tag: "Flexibility", access: "user",
    summary: "An event with the household's choice, its baseline (before) and its result (after)", pathParams: idParam("event"),
    responses: { 200: ok(householdEventViewSchema) },
  },
});
