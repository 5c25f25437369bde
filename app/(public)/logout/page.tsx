import type { Metadata } from "next";
import { LogoutView } from "@/components/auth/logout-view";

export const metadata: Metadata = { title: "Log out" };

export default function LogoutPage() {
  return <LogoutView />;
}
