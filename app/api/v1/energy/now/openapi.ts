import { nowViewSchema } from "@/lib/openapi/schemas/telemetry";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/energy/now", {
  GET: {
    tag: "Live telemetry", access: "user",
    summary: "The household's power now from its live devices: grid, solar, home, the biggest consumers; devices offline or in error",
    responses: { 200: ok(nowViewSchema) },
  },
});
