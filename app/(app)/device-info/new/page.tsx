import type { Metadata } from "next";
import { ComingSoon } from "@/components/layout/coming-soon";

export const metadata: Metadata = { title: "New Device" };

export default function NewDevicePage() {
  return <ComingSoon title="New Device" description="Here you will register a new device." />;
}
