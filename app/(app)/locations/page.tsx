import type { Metadata } from "next";
import { ComingSoon } from "@/components/layout/coming-soon";

export const metadata: Metadata = { title: "My Locations" };

export default function LocationsPage() {
  return <ComingSoon title="My Locations" description="Here you will see your locations and the devices in each of them." />;
}
