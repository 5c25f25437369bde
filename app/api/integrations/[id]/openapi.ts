import { unlinkQuerySchema } from "@/lib/validation/integration";
import { describeRoute, idParam, noContent } from "@/lib/openapi/operations";

export default describeRoute("/api/integrations/{id}", {
  DELETE: {
    tag: "Integrations", access: "user",
    summary: "Unlink: forget (and revoke where the vendor allows) the tokens",
    pathParams: idParam("integration"), query: unlinkQuerySchema,
    responses: { 204: noContent },
  },
});
