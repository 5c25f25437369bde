import { authedRoute, pathId } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { parseQuery } from "@/lib/http/parse";
import { energyOf } from "@/lib/services/energy/meter-energy";
import { parisToday } from "@/lib/services/energy/reading";
import { energyQuerySchema } from "@/lib/validation/energy";

// GET /api/v1/meters/{id}/energy: the meter's kWh, €, max power and CO2 over a period, in buckets (docs/my-energy.md)
export const GET = authedRoute(async ({ req, caller, params }) =>
  ok(await energyOf(caller, pathId(params, "id", "Meter"), parseQuery(req, energyQuerySchema(parisToday())))),
);
