import type { Metadata } from "next";
import { ComingSoon } from "@/components/layout/coming-soon";

export const metadata: Metadata = { title: "Edit Device" };

export default function EditDevicePage() {
  return <ComingSoon title="Edit Device" description="Here you will change a device." />;
}
