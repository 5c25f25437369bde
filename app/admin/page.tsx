import type { Metadata } from "next";
import { requireAdmin } from "@/lib/auth/session";
import { AdminLoader } from "@/components/admin/admin-loader";
import { Messages } from "@/components/i18n/messages";

export const metadata: Metadata = { title: "Admin" };

// GET /admin: the back-office, for admins only (others get 403 before any admin code ships), in the
// app's language: its own words, the device types' names and the schedules' words
export default async function AdminPage() {
  await requireAdmin();
  return (
    <Messages parts={["admin", "devices", "schedules"]}>
      <AdminLoader />
    </Messages>
  );
}
