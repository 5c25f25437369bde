import type { Metadata } from "next";
import { getT } from "@/lib/i18n/server";
import { SiteShell } from "@/components/layout/site-shell";
import { env } from "@/lib/env";
import { NotFoundPanel } from "@/components/layout/not-found-panel";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("common"))("status.notFoundMeta") };
}

export default function NotFound() {
  return (
    <SiteShell contact={env().CONTACT_EMAIL}>
      <NotFoundPanel />
    </SiteShell>
  );
}
