import type { Caller } from "@/lib/auth/caller";
import { listIntegrations } from "@/lib/services/integrations/vendor-accounts";
import { prefetch } from "@/lib/http/prefetch";
import { METERS_URL } from "@/lib/swr/keys";
import { GET as meters } from "@/app/api/v1/meters/route";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { IntegrationCards } from "@/components/integrations/integration-cards";
import { toIntegrationView } from "@/components/integrations/integration-view";

/**
 * The vendor cards of /integrations and /integrations-setup, with what the server already has (here,
 * beside the pages, since it reads the meters through their route handler): the
 * caller's integrations and, with a Linky linked, its meters' sync (the Linky card's MeterSyncList),
 * so that the card does not open on a placeholder and then grow by the meters' height.
 */
export async function IntegrationCardsWithData({ caller, callbackError }: { caller: Caller; callbackError: string | null }) {
  const integrations = await listIntegrations(caller);
  const fallback = integrations.some((i) => i.name === "linky") ? await prefetch(caller, [[METERS_URL, meters]]) : {};
  return (
    <SwrFallback fallback={fallback}>
      <IntegrationCards initial={integrations.map(toIntegrationView)} callbackError={callbackError} />
    </SwrFallback>
  );
}
