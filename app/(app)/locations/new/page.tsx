import type { Metadata } from "next";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui/page-header";
import { LocationForm } from "@/components/locations/location-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("locations"))("page.newTitle") };
}

export default async function NewLocationPage() {
  const t = await getT("locations");
  return (
    <>
      <PageHeader title={t("page.newTitle")} subtitle={t("page.newSubtitle")} back={{ href: "/locations/", label: t("page.back") }} />
      <Messages parts={["locations"]}>
        <LocationForm />
      </Messages>
    </>
  );
}
