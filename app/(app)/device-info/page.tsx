import type { Metadata } from "next";
import { ComingSoon } from "@/components/layout/coming-soon";

export const metadata: Metadata = { title: "Devices" };

export default function DevicesPage() {
  return <ComingSoon title="Devices" description="Here you will see and manage your devices." />;
}
