import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { getNetatmoHomes } from "@/lib/services/integrations/vendor-accounts";

// GET /api/integrations/netatmo/my/homesdata: the caller's homes from Netatmo Connect
export const GET = authedRoute(async ({ caller }) => ok(await getNetatmoHomes(caller)));
