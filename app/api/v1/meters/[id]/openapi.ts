import { meterTariffSchema } from "@/lib/validation/energy";
import { meterViewSchema } from "@/lib/openapi/schemas/meters";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/meters/{id}", {
  GET: {
    tag: "Meters", access: "user",
    summary: "A meter and its sync progress", pathParams: idParam("meter"), responses: { 200: ok(meterViewSchema) },
  },
  PATCH: {
    tag: "Meters", access: "user",
    summary: "The household's tariff option, subscribed power and off-peak hours (null: back to the contract's)",
    pathParams: idParam("meter"), body: { json: meterTariffSchema },
    responses: { 200: ok(meterViewSchema) },
  },
});
