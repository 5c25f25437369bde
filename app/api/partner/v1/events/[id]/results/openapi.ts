import { partnerEventResultsSchema } from "@/lib/openapi/schemas/sharing";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";
import { PARTNER_ERRORS, PARTNER_TOKEN_REQUIRED } from "@/app/api/partner/v1/live/openapi";

export default describeRoute("/api/partner/v1/events/{id}/results", {
  GET: {
    tag: "Sharing", access: "partner",
    summary: "For the grid partner: a community event and its consenting participants' settlements (baseline, readings, delivery; no reward), pseudonymised",
    description: PARTNER_TOKEN_REQUIRED,
    pathParams: idParam("event"),
    responses: { 200: ok(partnerEventResultsSchema) },
    errors: PARTNER_ERRORS,
  },
});
