import type { Metadata } from "next";
import { ComingSoon } from "@/components/layout/coming-soon";

export const metadata: Metadata = { title: "Your Integrations" };

export default function IntegrationsPage() {
  return <ComingSoon title="Your Integrations" description="Here you will link your Linky meter and your Legrand or Netatmo account." />;
}
