import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { PageHeader } from "@/components/ui/page-header";
import { IntegrationCardsWithData } from "@/app/(app)/integrations/integration-cards-with-data";
import { CanonicalAddressNotice } from "@/components/ui/canonical-address";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { env } from "@/lib/env";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("integrations"))("page.title") };
}

type Props = { searchParams: Promise<{ error?: string | string[] }> };

// /integrations: the vendor accounts the user links; the vendor callback comes back here with ?error= when linking failed.
export default async function IntegrationsPage({ searchParams }: Props) {
  const caller = await requireCaller();
  const [{ error }, t] = await Promise.all([searchParams, getT("integrations")]);
  return (
    <Messages parts={["integrations", "energy"]}>
      <PageHeader title={t("page.title")} subtitle={t("page.subtitle")} />
      <CanonicalAddressNotice appUrl={env().APP_URL} why={t("page.canonicalWhy")} />
      <IntegrationCardsWithData caller={caller} callbackError={typeof error === "string" ? error : null} />
    </Messages>
  );
}
