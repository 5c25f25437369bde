import { operatorOfferViewSchema } from "@/lib/openapi/schemas/flex-offers";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flex_offers/{id}", {
  GET: {
    tag: "Flexibility", access: "admin",
    summary: "One offer, with every change of its status",
    pathParams: idParam("offer"),
    responses: { 200: ok(operatorOfferViewSchema) },
  },
});
