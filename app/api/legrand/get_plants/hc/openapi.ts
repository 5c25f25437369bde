import { legrandPlantsSchema, vendorErrorSchema } from "@/lib/openapi/schemas/integrations";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/legrand/get_plants/hc", {
  GET: {
    tag: "Integrations", access: "user",
    summary: "The caller's plants from Legrand Home + Control",
    responses: { 200: ok(legrandPlantsSchema), 502: { json: vendorErrorSchema, description: "The vendor answered with an error" } },
    errors: { 404: "No Legrand integration", 409: "The Legrand account must be linked again" },
  },
});
