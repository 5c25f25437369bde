import type { Metadata } from "next";
import { requireCaller } from "@/lib/auth/session";
import { ComingSoon } from "@/components/layout/coming-soon";
import { ForbiddenNotice } from "@/components/layout/forbidden-notice";

export const metadata: Metadata = { title: "Admin" };

// The back-office is for admins only: anyone else gets a 403 message inside the app's frame.
export default async function AdminPage() {
  const caller = await requireCaller();
  if (!caller.isSuperuser) return <ForbiddenNotice />;
  return <ComingSoon title="Admin" description="Here you will manage users, devices and schedules." />;
}
