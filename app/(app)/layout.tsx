import { requireCaller } from "@/lib/auth/session";
import { AppShell } from "@/components/layout/app-shell";
import { env } from "@/lib/env";

// Every page of this group needs a valid, current session (the custom server only checks that a cookie exists: server/page-policy.ts).
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const caller = await requireCaller();
  return (
    <AppShell caller={caller} contact={env().CONTACT_EMAIL}>
      {children}
    </AppShell>
  );
}
