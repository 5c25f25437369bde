import { env } from "@/lib/env";
import { publicRoute } from "@/lib/http/route";
import { callbackBrowser, completeLink, integrationNameOrThrow, readCallbackQuery } from "@/lib/services/integrations/vendor-accounts";
import { clearedBindingCookie } from "@/lib/services/integrations/browser-binding";

// GET /api/integrations/{vendor}/callback: the vendor's redirect; the state names the user, the
// browser's binding cookie (and session, if any) must match it; every answer is a redirect
export const GET = publicRoute(async ({ req, params }) => {
  const name = integrationNameOrThrow(params.id);
  const outcome = await completeLink(name, readCallbackQuery(req), await callbackBrowser(req, name));
  const path = !outcome.ok ? `/integrations?error=${encodeURIComponent(outcome.reason)}` : outcome.created ? "/?created=true" : "/?updated=true";
  return new Response(null, {
    status: 302,
    headers: { location: `${env().APP_URL.replace(/\/$/, "")}${path}`, "set-cookie": clearedBindingCookie(name), "cache-control": "no-store" },
  });
});
