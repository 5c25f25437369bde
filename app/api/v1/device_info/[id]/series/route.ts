import { authedRoute, pathId } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toSeriesView } from "@/lib/serializers/telemetry";
import { deviceSeries } from "@/lib/services/telemetry/readings";
import { seriesQuerySchema } from "@/lib/validation/telemetry";

// GET /api/v1/device_info/{id}/series: each measurement's points (power mean, min, max; energy in and out) over a range
export const GET = authedRoute(async ({ req, caller, params }) =>
  ok(toSeriesView(await deviceSeries(caller, pathId(params, "id", "Device"), parseQuery(req, seriesQuerySchema)))),
);
