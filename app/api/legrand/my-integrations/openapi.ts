import { integrationViewSchema } from "@/lib/openapi/schemas/integrations";
import { describeRoute } from "@/lib/openapi/operations";

export default describeRoute("/api/legrand/my-integrations", {
  GET: {
    tag: "Integrations", access: "user",
    summary: "All of the caller's integrations, as a bare array",
    responses: { 200: { json: integrationViewSchema, list: true, description: "The integrations" } },
  },
});
