import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { DeviceInfoForm } from "@/components/devices/device-info-form";
import { PageHeader } from "@/components/ui/page-header";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("devices"))("pages.newDevice") };
}

export default async function NewDevicePage() {
  const caller = await requireCaller();
  const t = await getT("devices");
  return (
    <Messages parts={["devices"]}>
      <PageHeader title={t("pages.newDevice")} subtitle={t("pages.newDeviceIntro")} back={{ href: "/device-info", label: t("pages.devices") }} />
      <DeviceInfoForm callerId={caller.id} />
    </Messages>
  );
}
