import { editOfferSchema } from "@/lib/validation/flex";
import { householdOffersViewSchema } from "@/lib/openapi/schemas/flex-offers";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flexibility/offers/{id}", {
  PATCH: {
    tag: "Flexibility", access: "user",
    summary: "Change a draft's power per period (each at most what the resource can offer then, one above 0): a new draft supersedes it, the old one kept as history; answers the offer's week",
    pathParams: idParam("offer"),
    body: { json: editOfferSchema },
    responses: { 200: ok(householdOffersViewSchema) },
    errors: { 404: "Not one of the household's offers", 409: "Not a draft (code flex_offer_status) or expired (code flex_offer_expired)", 422: "A period over the resource's capacity (errors at power_w.<i>), the wrong number of periods, or no power at all" },
  },
});
