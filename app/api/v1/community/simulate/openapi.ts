import { simulateSchema } from "@/lib/validation/community";
import { simulationViewSchema } from "@/lib/openapi/schemas/community";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/community/simulate", {
  POST: {
    tag: "Community", access: "admin",
    summary: "A period replayed under each key asked (all three by default), side by side, with the operator's shares or those given (% by household); nothing is stored",
    body: { json: simulateSchema },
    responses: { 200: ok(simulationViewSchema) },
  },
});
