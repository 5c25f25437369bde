"use client";
import { useUserDevice } from "@/lib/swr/use-devices";
import { ErrorState, LoadingState } from "@/components/ui/page-states";
import { UserDeviceForm } from "./user-device-form";
import type { IntegrationChoice } from "./user-device-values";

/** Edit Device of My Devices: the form, prefilled once the device has loaded. */
export function EditUserDevice({ id, integrations }: { id: number; integrations: IntegrationChoice[] }) {
  const { data, error, isLoading, mutate } = useUserDevice(id);
  if (error) return <ErrorState error={error} what="this device" onRetry={() => mutate()} back={{ href: "/user-devices", label: "My Devices" }} />;
  if (isLoading || !data) return <LoadingState />;
  return <UserDeviceForm device={data} integrations={integrations} />;
}
