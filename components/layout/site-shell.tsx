import { getCaller } from "@/lib/auth/session";
import { AppShell } from "./app-shell";
import { PublicShell } from "./public-shell";

/** For pages open to everyone (privacy policy, logout): the app's frame when signed in, else the visitors'. */
export async function SiteShell({ children, contact }: { children: React.ReactNode; contact: string }) {
  const caller = await getCaller();
  return caller ? (
    <AppShell caller={caller} contact={contact}>
      {children}
    </AppShell>
  ) : (
    <PublicShell contact={contact}>{children}</PublicShell>
  );
}
