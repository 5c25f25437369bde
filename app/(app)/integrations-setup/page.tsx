import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { PageHeader } from "@/components/ui/page-header";
import { IntegrationCardsWithData } from "@/app/(app)/integrations/integration-cards-with-data";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("integrations"))("setup.title") };
}

type Props = { searchParams: Promise<{ error?: string | string[] }> };

// /integrations-setup: where the home's 'Add/Update integration' leads; the same cards as /integrations.
export default async function IntegrationsSetupPage({ searchParams }: Props) {
  const caller = await requireCaller();
  const [{ error }, t] = await Promise.all([searchParams, getT("integrations")]);
  return (
    <Messages parts={["integrations", "energy"]}>
      <PageHeader title={t("setup.title")} subtitle={t("setup.subtitle")} back={{ href: "/", label: t("setup.back") }} />
      <IntegrationCardsWithData caller={caller} callbackError={typeof error === "string" ? error : null} />
    </Messages>
  );
}
