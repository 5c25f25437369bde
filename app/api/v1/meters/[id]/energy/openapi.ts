import { energyQuerySchema } from "@/lib/validation/energy";
import { energyAnswerSchema } from "@/lib/openapi/schemas/meters";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/meters/{id}/energy", {
  GET: {
    tag: "Meters", access: "user",
    summary: "The meter's kWh, €, max power and CO2 over a period, in buckets",
    pathParams: idParam("meter"), query: energyQuerySchema("2000-01-01"),
    responses: { 200: ok(energyAnswerSchema) },
  },
});
