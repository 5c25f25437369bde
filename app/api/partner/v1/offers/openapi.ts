import { offerWeekQuerySchema } from "@/lib/validation/flex";
import { partnerOffersSchema } from "@/lib/openapi/schemas/flex-offers";
import { describeRoute, ok } from "@/lib/openapi/operations";
import { PARTNER_ERRORS, PARTNER_TOKEN_REQUIRED } from "@/app/api/partner/v1/live/openapi";

export default describeRoute("/api/partner/v1/offers", {
  GET: {
    tag: "Sharing", access: "partner",
    summary: "For the grid partner: the offers consenting households sent for a week (the coming one by default), each as a UFTP FlexOffer with its status, pseudonymised",
    description: PARTNER_TOKEN_REQUIRED,
    query: offerWeekQuerySchema,
    responses: { 200: ok(partnerOffersSchema) },
    errors: PARTNER_ERRORS,
  },
});
