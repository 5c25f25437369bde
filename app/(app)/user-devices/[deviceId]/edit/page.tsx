import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { listIntegrations } from "@/lib/services/integrations/vendor-accounts";
import { EditUserDevice } from "@/components/devices/edit-user-device";
import { PageHeader } from "@/components/ui/page-header";
import { idOrNotFound } from "@/components/ui/route-id";
import { SwrFallback } from "@/components/ui/swr-fallback";
import { prefetch } from "@/lib/http/prefetch";
import { deviceInfoUrl, userDeviceUrl } from "@/lib/swr/keys";
import { GET as device } from "@/app/api/v1/device_info/[id]/route";
import { GET as userDevice } from "@/app/api/v1/user_devices/[id]/route";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("devices"))("pages.editDevice") };
}

export default async function EditUserDevicePage({ params }: { params: Promise<{ deviceId: string }> }) {
  const id = idOrNotFound((await params).deviceId);
  const caller = await requireCaller();
  const path = { id: String(id) };
  const [linked, t, fallback] = await Promise.all([
    listIntegrations(caller),
    getT("devices"),
    prefetch(caller, [
      [userDeviceUrl(id), userDevice, path],
      [deviceInfoUrl(id), device, path],
    ]),
  ]);
  const integrations = linked.map(({ id: integrationId, name }) => ({ id: integrationId, name }));
  return (
    <Messages parts={["devices"]}>
      <PageHeader title={t("pages.editDevice")} back={{ href: "/user-devices", label: t("pages.myDevices") }} />
      <SwrFallback fallback={fallback}>
        <EditUserDevice id={id} integrations={integrations} />
      </SwrFallback>
    </Messages>
  );
}
