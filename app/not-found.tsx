import type { Metadata } from "next";
import { SiteShell } from "@/components/layout/site-shell";
import { env } from "@/lib/env";
import { NotFoundPanel } from "@/components/layout/not-found-panel";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <SiteShell contact={env().CONTACT_EMAIL}>
      <NotFoundPanel />
    </SiteShell>
  );
}
