import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { LocationList } from "@/components/locations/location-list";

export const metadata: Metadata = { title: "My Locations" };

export default async function LocationsPage() {
  const caller = await requireCaller();
  return <LocationList callerId={caller.id} isAdmin={caller.isSuperuser} />;
}
