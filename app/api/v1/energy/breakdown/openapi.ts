import { breakdownQuerySchema } from "@/lib/validation/telemetry";
import { breakdownViewSchema } from "@/lib/openapi/schemas/telemetry";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/energy/breakdown", {
  GET: {
    tag: "Live telemetry", access: "user",
    summary: "Where the household's energy went over local days, from its devices: grid, solar, EV, measured consumers and the rest; yesterday against Linky",
    query: breakdownQuerySchema,
    responses: { 200: ok(breakdownViewSchema) },
  },
});
