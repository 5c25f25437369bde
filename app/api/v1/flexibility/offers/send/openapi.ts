import { sendOffersSchema } from "@/lib/validation/flex";
import { householdOffersViewSchema } from "@/lib/openapi/schemas/flex-offers";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flexibility/offers/send", {
  POST: {
    tag: "Flexibility", access: "user",
    summary: "Send drafts to the operator: those named by ids, or every draft of the coming week not expired (each change dated)",
    body: { json: sendOffersSchema },
    responses: { 200: ok(householdOffersViewSchema) },
    errors: { 404: "An id is not one of the household's offers", 409: "An offer named is not a draft (code flex_offer_status) or has expired (code flex_offer_expired); nothing is sent" },
  },
});
