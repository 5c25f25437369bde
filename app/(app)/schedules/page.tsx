import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { SchedulesView } from "@/components/schedules/schedules-view";

export const metadata: Metadata = { title: "Manual Schedules" };

export default async function SchedulesPage() {
  const caller = await requireCaller();
  return <SchedulesView viewer={{ id: caller.id, isSuperuser: caller.isSuperuser }} />;
}
