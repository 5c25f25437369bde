"use client";
import { useLocation } from "@/lib/swr/use-locations";
import { ErrorState, LoadingState } from "@/components/ui/page-states";
import { LocationForm } from "./location-form";

/** Edit Location: the location form, prefilled once the location has loaded. */
export function EditLocation({ id }: { id: number }) {
  const { data, error, isLoading, mutate } = useLocation(id);
  if (error) return <ErrorState error={error} what="this location" onRetry={() => mutate()} back={{ href: "/locations/", label: "My Locations" }} />;
  if (isLoading || !data) return <LoadingState />;
  return <LocationForm location={data} />;
}
