import type { Metadata } from "next";
import { requireAdmin } from "@/lib/auth/session";
import { AdminLoader } from "@/components/admin/admin-loader";

export const metadata: Metadata = { title: "Admin" };

// GET /admin: the back-office, for admins only (others get 403 before any admin code ships)
export default async function AdminPage() {
  await requireAdmin();
  return <AdminLoader />;
}
