import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toIntegrationView } from "@/lib/serializers/integration";
import { listIntegrations } from "@/lib/services/integrations/vendor-accounts";

// GET /api/legrand/my-integrations: all of the caller's integrations, as a bare array
export const GET = authedRoute(async ({ caller }) => ok((await listIntegrations(caller)).map(toIntegrationView)));
