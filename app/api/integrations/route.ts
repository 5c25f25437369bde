import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { toIntegrationView } from "@/lib/serializers/integration";
import { listIntegrations } from "@/lib/services/integrations/vendor-accounts";

// GET /api/integrations: the caller's own integrations, never their tokens
export const GET = authedRoute(async ({ caller }) => ok({ results: (await listIntegrations(caller)).map(toIntegrationView) }));
