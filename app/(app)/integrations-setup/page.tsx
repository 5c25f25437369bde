import type { Metadata } from "next";
import { ComingSoon } from "@/components/layout/coming-soon";

export const metadata: Metadata = { title: "Add or update an integration" };

export default function IntegrationsSetupPage() {
  return <ComingSoon title="Add or update an integration" description="Here you will add a new integration or renew the link to an existing one." />;
}
