import { partnerViewSchema } from "@/lib/openapi/schemas/sharing";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/partners/{id}/revoke", {
  POST: {
    tag: "Sharing", access: "admin",
    summary: "Revoke a partner's credentials: its tokens stop working at its next request (a revoked partner is answered as it is)",
    pathParams: idParam("partner"),
    responses: { 200: ok(partnerViewSchema) },
  },
});
