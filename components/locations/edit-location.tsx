"use client";
import { useTranslations } from "use-intl";
import { useLocation } from "@/lib/swr/use-locations";
import { ErrorState, LoadingState } from "@/components/ui/page-states";
import { LocationForm } from "./location-form";

/** Edit Location: the location form, prefilled once the location has loaded. */
export function EditLocation({ id }: { id: number }) {
  const t = useTranslations("locations.page");
  const { data, error, isLoading, mutate } = useLocation(id);
  if (error) return <ErrorState error={error} what={t("thisLocation")} onRetry={() => mutate()} back={{ href: "/locations/", label: t("back") }} />;
  if (isLoading || !data) return <LoadingState />;
  return <LocationForm location={data} />;
}
