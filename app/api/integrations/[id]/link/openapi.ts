import { integrationNameSchema } from "@/lib/validation/integration";
import { consentLinkSchema } from "@/lib/openapi/schemas/integrations";
import { describeRoute } from "@/lib/openapi/operations";

export default describeRoute("/api/integrations/{vendor}/link", {
  GET: {
    tag: "Integrations", access: "user",
    summary: "The vendor's consent URL",
    description: "With a state bound to the caller (valid 10 minutes) and, through an httpOnly cookie set here, to this browser.",
    pathParams: { vendor: { schema: integrationNameSchema } },
    responses: { 200: { json: consentLinkSchema, description: "OK", headers: { "Set-Cookie": "the browser binding of the state" } } },
    errors: { 404: "Unknown vendor" },
  },
});
