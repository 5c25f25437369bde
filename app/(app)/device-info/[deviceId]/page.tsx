import type { Metadata } from "next";
import { ComingSoon } from "@/components/layout/coming-soon";

export const metadata: Metadata = { title: "Device" };

export default function DevicePage() {
  return <ComingSoon title="Device" description="Here you will see a device and its measurements." />;
}
