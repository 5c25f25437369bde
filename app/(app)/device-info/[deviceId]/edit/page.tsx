import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { EditDeviceInfo } from "@/components/devices/edit-device-info";
import { PageHeader } from "@/components/ui/page-header";
import { idOrNotFound } from "@/components/ui/route-id";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("devices"))("pages.editDevice") };
}

export default async function EditDevicePage({ params }: { params: Promise<{ deviceId: string }> }) {
  const id = idOrNotFound((await params).deviceId);
  const caller = await requireCaller();
  const t = await getT("devices");
  return (
    <Messages parts={["devices"]}>
      <PageHeader title={t("pages.editDevice")} back={{ href: `/device-info/${id}`, label: t("pages.backToDevice") }} />
      <EditDeviceInfo id={id} callerId={caller.id} />
    </Messages>
  );
}
