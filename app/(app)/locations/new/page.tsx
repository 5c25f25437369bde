import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { LocationForm } from "@/components/locations/location-form";

export const metadata: Metadata = { title: "Add Location" };

export default function NewLocationPage() {
  return (
    <>
      <PageHeader title="Add Location" subtitle="A place where your devices are: your home, a second home, a workshop." back={{ href: "/locations/", label: "My Locations" }} />
      <LocationForm />
    </>
  );
}
