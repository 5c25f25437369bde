import { periodQuerySchema } from "@/lib/validation/community";
import { flexByHourViewSchema } from "@/lib/openapi/schemas/community";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/community/flex_by_hour", {
  GET: {
    tag: "Community", access: "admin",
    summary: "The flexible power the households offered, had accepted and delivered over a period, by hour of day (kW, the mean over its days); withheld under 10 households (format is not read: JSON only)",
    query: periodQuerySchema,
    responses: { 200: ok(flexByHourViewSchema) },
  },
});
