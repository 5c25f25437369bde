import { tariffComparisonSchema } from "@/lib/openapi/schemas/meters";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/meters/{id}/tariff-comparison", {
  GET: {
    tag: "Meters", access: "user",
    summary: "The last 12 full months priced under Base, HP/HC and Tempo", pathParams: idParam("meter"),
    responses: { 200: ok(tariffComparisonSchema) },
  },
});
