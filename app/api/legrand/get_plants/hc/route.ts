import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { getLegrandPlants } from "@/lib/services/integrations/vendor-accounts";

// GET /api/legrand/get_plants/hc: the caller's plants from Legrand Home + Control
export const GET = authedRoute(async ({ caller }) => ok(await getLegrandPlants(caller)));
