import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { Messages } from "@/components/i18n/messages";
import { getT } from "@/lib/i18n/server";
import { DeviceView } from "@/components/devices/device-view";
import { idOrNotFound } from "@/components/ui/route-id";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("devices"))("pages.device") };
}

export default async function DevicePage({ params }: { params: Promise<{ deviceId: string }> }) {
  const id = idOrNotFound((await params).deviceId);
  const caller = await requireCaller();
  return (
    <Messages parts={["devices"]}>
      <DeviceView id={id} callerId={caller.id} isAdmin={caller.isSuperuser} />
    </Messages>
  );
}
