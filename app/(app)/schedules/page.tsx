import type { Metadata } from "next";
import { ComingSoon } from "@/components/layout/coming-soon";

export const metadata: Metadata = { title: "Manual Schedules" };

export default function SchedulesPage() {
  return <ComingSoon title="Manual Schedules" description="Here you will plan the hours when your energy resources can flex." />;
}
