import { netatmoHomesSchema, vendorErrorSchema } from "@/lib/openapi/schemas/integrations";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/integrations/netatmo/my/homesdata", {
  GET: {
    tag: "Integrations", access: "user",
    summary: "The caller's homes from Netatmo Connect",
    responses: { 200: ok(netatmoHomesSchema), 502: { json: vendorErrorSchema, description: "The vendor answered with an error" } },
    errors: { 404: "No Netatmo integration", 409: "The Netatmo account must be linked again" },
  },
});
