import { getCaller } from "@/lib/auth/session";
import { AppShell } from "./app-shell";
import { PublicShell } from "./public-shell";

/** For pages open to everyone (privacy policy, logout): the app's frame when signed in, else the visitors'. */
export async function SiteShell({ children }: { children: React.ReactNode }) {
  const caller = await getCaller();
  return caller ? <AppShell caller={caller}>{children}</AppShell> : <PublicShell>{children}</PublicShell>;
}
