import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { listIntegrations } from "@/lib/services/integrations/vendor-accounts";
import { PageHeader } from "@/components/ui/page-header";
import { UserDeviceForm } from "@/components/devices/user-device-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("devices"))("pages.newDevice") };
}

export default async function NewUserDevicePage() {
  const caller = await requireCaller();
  const [linked, t] = await Promise.all([listIntegrations(caller), getT("devices")]);
  const integrations = linked.map(({ id, name }) => ({ id, name }));
  return (
    <Messages parts={["devices"]}>
      <PageHeader title={t("pages.newDevice")} subtitle={t("pages.newUserDeviceIntro")} back={{ href: "/user-devices", label: t("pages.myDevices") }} />
      <UserDeviceForm integrations={integrations} />
    </Messages>
  );
}
