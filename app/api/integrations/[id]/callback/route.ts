import { env } from "@/lib/env";
import { parseQuery } from "@/lib/http/parse";
import { publicRoute } from "@/lib/http/route";
import { completeLink, integrationNameOrThrow } from "@/lib/services/integrations";
import { oauthCallbackQuerySchema } from "@/lib/validation/integration";

const to = (path: string) => Response.redirect(`${env().APP_URL.replace(/\/$/, "")}${path}`, 302);

// GET /api/integrations/{vendor}/callback: the vendor's redirect; the state, not a session, names the user
export const GET = publicRoute(async ({ req, params }) => {
  const outcome = await completeLink(integrationNameOrThrow(params.id), parseQuery(req, oauthCallbackQuerySchema));
  if (!outcome.ok) return to(`/integrations?error=${encodeURIComponent(outcome.reason)}`);
  return to(outcome.created ? "/?created=true" : "/?updated=true");
});
