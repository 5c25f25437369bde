import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { listIntegrations } from "@/lib/services/integrations";
import { PageHeader } from "@/components/ui/page-header";
import { UserDeviceForm } from "@/components/devices/user-device-form";

export const metadata: Metadata = { title: "New Device" };

export default async function NewUserDevicePage() {
  const caller = await requireCaller();
  const integrations = (await listIntegrations(caller)).map(({ id, name }) => ({ id, name }));
  return (
    <>
      <PageHeader title="New Device" subtitle="The device, where it is, how it reports and what it measures." back={{ href: "/user-devices", label: "My Devices" }} />
      <UserDeviceForm integrations={integrations} />
    </>
  );
}
