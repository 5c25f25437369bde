import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { listIntegrations } from "@/lib/services/integrations";
import { PageHeader } from "@/components/ui/page-header";
import { IntegrationCards } from "@/components/integrations/integration-cards";
import { toIntegrationView } from "@/components/integrations/integration-view";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("integrations"))("setup.title") };
}

type Props = { searchParams: Promise<{ error?: string | string[] }> };

// /integrations-setup: where the home's 'Add/Update integration' leads; the same cards as /integrations.
export default async function IntegrationsSetupPage({ searchParams }: Props) {
  const caller = await requireCaller();
  const [integrations, { error }, t] = await Promise.all([listIntegrations(caller), searchParams, getT("integrations")]);
  return (
    <Messages parts={["integrations", "energy"]}>
      <PageHeader title={t("setup.title")} subtitle={t("setup.subtitle")} back={{ href: "/", label: t("setup.back") }} />
      <IntegrationCards initial={integrations.map(toIntegrationView)} callbackError={typeof error === "string" ? error : null} />
    </Messages>
  );
}
