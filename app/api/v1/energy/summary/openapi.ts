import { energySummarySchema } from "@/lib/openapi/schemas/meters";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/energy/summary", {
  GET: {
    tag: "Meters", access: "user",
    summary: "Home's summary of each of the caller's meters", responses: { 200: ok(energySummarySchema) },
  },
});
