import { integrationListSchema } from "@/lib/openapi/schemas/integrations";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/integrations", {
  GET: {
    tag: "Integrations", access: "user",
    summary: "The caller's own integrations (never their tokens)", responses: { 200: ok(integrationListSchema) },
  },
});
