import { healthDownSchema, healthSchema } from "@/lib/openapi/schemas/common";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/health", {
  GET: {
    tag: "Meta", access: "public",
    summary: "Liveness and database reachability",
    responses: { 200: ok(healthSchema), 503: { json: healthDownSchema, description: "The database is unreachable (Retry-After)" } },
  },
});
