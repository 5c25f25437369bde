import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { EditDeviceInfo } from "@/components/devices/edit-device-info";
import { PageHeader } from "@/components/ui/page-header";
import { idOrNotFound } from "@/components/ui/route-id";

export const metadata: Metadata = { title: "Edit Device" };

export default async function EditDevicePage({ params }: { params: Promise<{ deviceId: string }> }) {
  const id = idOrNotFound((await params).deviceId);
  const caller = await requireCaller();
  return (
    <>
      <PageHeader title="Edit Device" back={{ href: `/device-info/${id}`, label: "Back to the device" }} />
      <EditDeviceInfo id={id} callerId={caller.id} />
    </>
  );
}
