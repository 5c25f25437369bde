import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { listIntegrations } from "@/lib/services/integrations";
import { PageHeader } from "@/components/ui/page-header";
import { IntegrationCards } from "@/components/integrations/integration-cards";
import { toIntegrationView } from "@/components/integrations/integration-view";

export const metadata: Metadata = { title: "Add or update an integration" };

type Props = { searchParams: Promise<{ error?: string | string[] }> };

// /integrations-setup: where the home's 'Add/Update integration' leads; the same cards as /integrations.
export default async function IntegrationsSetupPage({ searchParams }: Props) {
  const caller = await requireCaller();
  const [integrations, { error }] = await Promise.all([listIntegrations(caller), searchParams]);
  return (
    <>
      <PageHeader
        title="Add or update an integration"
        subtitle="Link an account for the first time, or link it again to renew Foyer's access. You will come back to your home page once the vendor has asked for your consent."
        back={{ href: "/", label: "Home" }}
      />
      <IntegrationCards initial={integrations.map(toIntegrationView)} callbackError={typeof error === "string" ? error : null} />
    </>
  );
}
