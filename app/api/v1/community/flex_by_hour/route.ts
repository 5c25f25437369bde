import { authedRoute } from "@/lib/http/route";
import { parseQuery } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toFlexByHourView } from "@/lib/serializers/community";
import { flexByHour } from "@/lib/services/community/view";
import { periodQuerySchema } from "@/lib/validation/community";

// GET /api/v1/community/flex_by_hour?from=&to= (admin): the flexible kW offered, accepted and delivered by hour of day (withheld under 10 households)
export const GET = authedRoute(async ({ req, caller }) => ok(toFlexByHourView(await flexByHour(caller, parseQuery(req, periodQuerySchema)))), { role: "admin" });
