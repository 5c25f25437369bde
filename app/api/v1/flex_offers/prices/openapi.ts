import { offerPricesSchema } from "@/lib/validation/flex";
import { offerPricesViewSchema } from "@/lib/openapi/schemas/flex-offers";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/flex_offers/prices", {
  GET: {
    tag: "Flexibility", access: "admin",
    summary: "The prices the offers prepared from now on ask (the latest set)",
    responses: { 200: ok(offerPricesViewSchema) },
  },
  PUT: {
    tag: "Flexibility", access: "admin",
    summary: "Set the offers' prices (each null for none): a new dated row; offers already prepared keep theirs",
    body: { json: offerPricesSchema },
    responses: { 200: ok(offerPricesViewSchema) },
  },
});
