import { parseQuery } from "@/lib/http/parse";
import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { getLinkyCurve } from "@/lib/services/integrations/vendor-accounts";
import { linkyCurveQuerySchema } from "@/lib/validation/integration";

// GET /api/integrations/linky/my/{meter}/production: the 30-minute production curve (last 7 days, or ?start=&end=)
export const GET = authedRoute(async ({ req, caller, params }) =>
  ok(await getLinkyCurve(caller, params.meter ?? "", "production", parseQuery(req, linkyCurveQuerySchema))));
