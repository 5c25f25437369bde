import type { Metadata } from "next";
import { ComingSoon } from "@/components/layout/coming-soon";

export const metadata: Metadata = { title: "Add Location" };

export default function NewLocationPage() {
  return <ComingSoon title="Add Location" description="Here you will add a location." />;
}
