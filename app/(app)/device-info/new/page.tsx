import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { DeviceInfoForm } from "@/components/devices/device-info-form";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "New Device" };

export default async function NewDevicePage() {
  const caller = await requireCaller();
  return (
    <>
      <PageHeader title="New Device" subtitle="Register a device, then add its measurements on the device's page." back={{ href: "/device-info", label: "Devices" }} />
      <DeviceInfoForm callerId={caller.id} />
    </>
  );
}
