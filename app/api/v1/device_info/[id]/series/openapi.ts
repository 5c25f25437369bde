import { seriesQuerySchema } from "@/lib/validation/telemetry";
import { seriesViewSchema } from "@/lib/openapi/schemas/telemetry";
import { describeRoute, idParam, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/device_info/{id}/series", {
  GET: {
    tag: "Live telemetry", access: "user",
    summary: "Each measurement's points over [start, end): power mean, min and max, energy in and out; a period with no data has no point",
    description: "Default range: the last 24 hours. Default step: 1m up to a day, 15m up to 15 days, 1h up to 93 days, then 1d (local days, Europe/Paris). At most 36,000 points (a year at 15 minutes).",
    pathParams: idParam("device"), query: seriesQuerySchema,
    responses: { 200: ok(seriesViewSchema) },
  },
});
