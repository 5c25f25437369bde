import type { Metadata } from "next";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui/page-header";
import { idOrNotFound } from "@/components/ui/route-id";
import { EditLocation } from "@/components/locations/edit-location";
import { requireCaller } from "@/lib/auth/session";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { prefetch } from "@/lib/http/prefetch";
import { locationUrl } from "@/lib/swr/keys";
import { GET as location } from "@/app/api/v1/locations/[id]/route";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("locations"))("page.editTitle") };
}

export default async function EditLocationPage({ params }: { params: Promise<{ locationId: string }> }) {
  const id = idOrNotFound((await params).locationId);
  const caller = await requireCaller();
  const [fallback, t] = await Promise.all([prefetch(caller, [[locationUrl(id), location, { id: String(id) }]]), getT("locations")]);
  return (
    <>
      <PageHeader title={t("page.editTitle")} back={{ href: "/locations/", label: t("page.back") }} />
      <Messages parts={["locations"]}>
        <SwrFallback fallback={fallback}>
          <EditLocation id={id} />
        </SwrFallback>
      </Messages>
    </>
  );
}
