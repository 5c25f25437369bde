"use client";
import { useTranslations } from "use-intl";
import { useDeviceInfo, useUserDevice } from "@/lib/swr/use-devices";
import { ErrorState, LoadingState } from "@/components/ui/page-states";
import { UserDeviceForm } from "./user-device-form";
import type { IntegrationChoice } from "./user-device-values";

/**
 * Edit Device of My Devices: the form, prefilled once the device has loaded, with its channels'
 * display names from the device's other view (the same rows).
 */
export function EditUserDevice({ id, integrations }: { id: number; integrations: IntegrationChoice[] }) {
  const t = useTranslations("devices");
  const device = useUserDevice(id);
  const info = useDeviceInfo(id);
  const error = device.error ?? info.error;
  if (error) {
    const retry = () => Promise.all([device.mutate(), info.mutate()]);
    return <ErrorState error={error} what={t("states.thisDevice")} onRetry={retry} back={{ href: "/user-devices", label: t("pages.myDevices") }} />;
  }
  if (!device.data || !info.data) return <LoadingState />;
  const displayNames = new Map(info.data.metadata.map((m) => [m.name, m.display_name]));
  return <UserDeviceForm device={device.data} displayNames={displayNames} integrations={integrations} />;
}
