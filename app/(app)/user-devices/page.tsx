import type { Metadata } from "next";
import { ComingSoon } from "@/components/layout/coming-soon";

export const metadata: Metadata = { title: "My Devices" };

export default function UserDevicesPage() {
  return <ComingSoon title="My Devices" description="Here you will see your devices and their channels as cards." />;
}
