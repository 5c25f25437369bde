import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { DeviceView } from "@/components/devices/device-view";
import { idOrNotFound } from "@/components/ui/route-id";

export const metadata: Metadata = { title: "Device" };

export default async function DevicePage({ params }: { params: Promise<{ deviceId: string }> }) {
  const id = idOrNotFound((await params).deviceId);
  const caller = await requireCaller();
  return <DeviceView id={id} callerId={caller.id} isAdmin={caller.isSuperuser} />;
}
