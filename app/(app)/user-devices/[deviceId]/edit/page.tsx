import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { listIntegrations } from "@/lib/services/integrations";
import { EditUserDevice } from "@/components/devices/edit-user-device";
import { PageHeader } from "@/components/ui/page-header";
import { idOrNotFound } from "@/components/ui/route-id";

export const metadata: Metadata = { title: "Edit Device" };

export default async function EditUserDevicePage({ params }: { params: Promise<{ deviceId: string }> }) {
  const id = idOrNotFound((await params).deviceId);
  const caller = await requireCaller();
  const integrations = (await listIntegrations(caller)).map(({ id: integrationId, name }) => ({ id: integrationId, name }));
  return (
    <>
      <PageHeader title="Edit Device" back={{ href: "/user-devices", label: "My Devices" }} />
      <EditUserDevice id={id} integrations={integrations} />
    </>
  );
}
