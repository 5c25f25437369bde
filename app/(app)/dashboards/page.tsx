import type { Metadata } from "next";
import { ComingSoon } from "@/components/layout/coming-soon";

export const metadata: Metadata = { title: "Dashboards" };

export default function DashboardsPage() {
  return <ComingSoon title="Dashboards" description="Here you will follow your energy, power and carbon footprint on your dashboards." />;
}
