import { authedRoute } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { createLink, integrationNameOrThrow } from "@/lib/services/integrations/vendor-accounts";

// GET /api/integrations/{vendor}/link: the vendor's consent URL, with a state bound to the caller
// and, through an httpOnly cookie, to this browser (the segment is named [id] because DELETE
// /api/integrations/{id} shares this level)
export const GET = authedRoute(async ({ caller, params }) => {
  const { link, cookie } = await createLink(caller, integrationNameOrThrow(params.id));
  return ok({ link }, { headers: { "set-cookie": cookie, "cache-control": "no-store" } });
});
