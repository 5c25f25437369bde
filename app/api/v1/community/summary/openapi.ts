import { summaryQuerySchema } from "@/lib/validation/community";
import { describeRoute } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/community/summary", {
  GET: {
    tag: "Community", access: "admin",
    summary: "The operation's energy over a period (to: the day after its last, at most 732 days) by day or month: consumption, production, self-consumed and surplus, its rates and the surplus by hour of day; withheld under 10 households; ?format=csv for the series",
    query: summaryQuerySchema,
    responses: {
      200: {
        description: "JSON: the period's figures (CommunitySummary); CSV: one row per day or month, in kWh, as an attachment (Content-Disposition)",
        // CommunitySummary: lib/openapi/schemas/community.ts communitySummaryViewSchema, named in lib/openapi/document.ts
        content: { "application/json": { schema: { $ref: "#/components/schemas/CommunitySummary" } }, "text/csv": { schema: { type: "string" } } },
      },
    },
  },
});
