"use client";
import { useTranslations } from "use-intl";
import { useDeviceInfo } from "@/lib/swr/use-devices";
import { DeviceInfoForm } from "./device-info-form";
import { ErrorState, LoadingState } from "@/components/ui/page-states";

/** Edit Device: the device form, prefilled once the device has loaded. */
export function EditDeviceInfo({ id, callerId }: { id: number; callerId: number }) {
  const t = useTranslations("devices");
  const { data, error, isLoading, mutate } = useDeviceInfo(id);
  if (error) return <ErrorState error={error} what={t("states.thisDevice")} onRetry={() => mutate()} back={{ href: "/device-info", label: t("pages.devices") }} />;
  if (isLoading || !data) return <LoadingState />;
  return <DeviceInfoForm callerId={callerId} device={data} />;
}
