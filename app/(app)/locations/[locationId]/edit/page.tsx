import type { Metadata } from "next";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui/page-header";
import { idOrNotFound } from "@/components/ui/route-id";
import { EditLocation } from "@/components/locations/edit-location";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("locations"))("page.editTitle") };
}

export default async function EditLocationPage({ params }: { params: Promise<{ locationId: string }> }) {
  const id = idOrNotFound((await params).locationId);
  const t = await getT("locations");
  return (
    <>
      <PageHeader title={t("page.editTitle")} back={{ href: "/locations/", label: t("page.back") }} />
      <Messages parts={["locations"]}>
        <EditLocation id={id} />
      </Messages>
    </>
  );
}
