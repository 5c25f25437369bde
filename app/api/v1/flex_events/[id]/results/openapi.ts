import { resultsQuerySchema } from "@/lib/validation/flex";
import { describeRoute, idParam } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flex_events/{id}/results", {
  GET: {
    tag: "Flexibility", access: "admin",
    summary: "Each participant's settlement, by e-mail, and the event's total; ?format=csv for the file",
    pathParams: idParam("event"),
    query: resultsQuerySchema,
    responses: {
      200: {
        description: "JSON: the event and its households (FlexResults); CSV: one row per participant then the total, as an attachment (Content-Disposition)",
        // FlexResults: lib/openapi/schemas/flex.ts flexResultsSchema, named in lib/openapi/document.ts
        content: { "application/json": { schema: { $ref: "#/components/schemas/FlexResults" } }, "text/csv": { schema: { type: "string" } } },
      },
    },
  },
});
