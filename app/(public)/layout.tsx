import { SiteShell } from "@/components/layout/site-shell";
import { env } from "@/lib/env";

// Pages open to everyone. Signed-in users keep the app's frame (e.g. on the privacy policy).
export default function PublicLayout({ children }: { children: React.ReactNode }) {
  return <SiteShell contact={env().CONTACT_EMAIL}>{children}</SiteShell>;
}
