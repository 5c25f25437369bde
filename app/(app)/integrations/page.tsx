import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { listIntegrations } from "@/lib/services/integrations";
import { PageHeader } from "@/components/ui/page-header";
import { IntegrationCards } from "@/components/integrations/integration-cards";
import { toIntegrationView } from "@/components/integrations/integration-view";
import { CanonicalAddressNotice } from "@/components/ui/canonical-address";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Your Integrations" };

type Props = { searchParams: Promise<{ error?: string | string[] }> };

// /integrations: the vendor accounts the user links; the vendor callback comes back here with ?error= when linking failed.
export default async function IntegrationsPage({ searchParams }: Props) {
  const caller = await requireCaller();
  const [integrations, { error }] = await Promise.all([listIntegrations(caller), searchParams]);
  return (
    <>
      <PageHeader title="Your Integrations" subtitle="Link the accounts that hold your energy data. Foyer only reads them, and you can unlink at any time." />
      <CanonicalAddressNotice appUrl={env().APP_URL} why="after you link an account, the vendor sends you back there, where you are not signed in. Log in there first." />
      <IntegrationCards initial={integrations.map(toIntegrationView)} callbackError={typeof error === "string" ? error : null} />
    </>
  );
}
