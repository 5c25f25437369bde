import type { Metadata } from "next";
import { ComingSoon } from "@/components/layout/coming-soon";

export const metadata: Metadata = { title: "Edit Location" };

export default function EditLocationPage() {
  return <ComingSoon title="Edit Location" description="Here you will change a location." />;
}
