import { offerFiltersSchema } from "@/lib/validation/flex";
import { operatorOfferViewSchema } from "@/lib/openapi/schemas/flex-offers";
import { describeRoute, list } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flex_offers", {
  GET: {
    tag: "Flexibility", access: "admin",
    summary: "The offers households sent (never their drafts), by start; filters week (a Monday), status, user_id",
    query: { sortable: ["starts_at"], filters: offerFiltersSchema },
    responses: { 200: list(operatorOfferViewSchema) },
  },
});
