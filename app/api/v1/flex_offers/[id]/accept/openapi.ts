import { operatorOfferViewSchema } from "@/lib/openapi/schemas/flex-offers";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flex_offers/{id}/accept", {
  POST: {
    tag: "Flexibility", access: "admin",
    summary: "Accept an offered offer, until it expires (the change dated, by whom)",
    pathParams: idParam("offer"),
    responses: { 200: ok(operatorOfferViewSchema) },
    errors: { 409: "The offer is not offered (code flex_offer_status) or has expired (code flex_offer_expired)" },
  },
});
