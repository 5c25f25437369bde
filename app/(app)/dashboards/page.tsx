import type { Metadata } from "next";
import { DashboardsView } from "@/components/dashboards/dashboards-view";
import { dashboardsPublicUrl } from "@/lib/services/dashboards";

export const metadata: Metadata = { title: "Dashboards" };

export default function DashboardsPage() {
  return <DashboardsView publicUrl={dashboardsPublicUrl()} />;
}
