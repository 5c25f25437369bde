import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { EditDeviceInfo } from "@/components/devices/edit-device-info";
import { PageHeader } from "@/components/ui/page-header";
import { idOrNotFound } from "@/components/ui/route-id";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { prefetch } from "@/lib/http/prefetch";
import { deviceInfoUrl } from "@/lib/swr/keys";
import { GET as device } from "@/app/api/v1/device_info/[id]/route";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("devices"))("pages.editDevice") };
}

export default async function EditDevicePage({ params }: { params: Promise<{ deviceId: string }> }) {
  const id = idOrNotFound((await params).deviceId);
  const caller = await requireCaller();
  const [fallback, t] = await Promise.all([prefetch(caller, [[deviceInfoUrl(id), device, { id: String(id) }]]), getT("devices")]);
  return (
    <Messages parts={["devices"]}>
      <PageHeader title={t("pages.editDevice")} back={{ href: `/device-info/${id}`, label: t("pages.backToDevice") }} />
      <SwrFallback fallback={fallback}>
        <EditDeviceInfo id={id} callerId={caller.id} />
      </SwrFallback>
    </Messages>
  );
}
