import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { idOrNotFound } from "@/components/ui/route-id";
import { EditLocation } from "@/components/locations/edit-location";

export const metadata: Metadata = { title: "Edit Location" };

export default async function EditLocationPage({ params }: { params: Promise<{ locationId: string }> }) {
  const id = idOrNotFound((await params).locationId);
  return (
    <>
      <PageHeader title="Edit Location" back={{ href: "/locations/", label: "My Locations" }} />
      <EditLocation id={id} />
    </>
  );
}
