import type { Caller } from "@/lib/auth/caller";
import { AppHeader, type HeaderUser } from "./app-header";
import s from "./frame.module.css";
import { SiteFooter } from "./site-footer";
import { SkipLink } from "./skip-link";

/** The full name, or the e-mail when there is no first name (how the avatar names the user). */
function displayName(caller: Pick<Caller, "email" | "firstName" | "lastName">): string {
  if (!caller.firstName) return caller.email;
  return [caller.firstName, caller.lastName].filter(Boolean).join(" ");
}

/** The frame of every logged-in page: top bar with navigation, content, footer. */
export function AppShell({ caller, contact, children }: { caller: Caller; contact: string; children: React.ReactNode }) {
  const user: HeaderUser = { name: displayName(caller), email: caller.email, isAdmin: caller.isSuperuser };
  return (
    <div className={s.shell}>
      <SkipLink />
      <AppHeader user={user} />
      <main id="main" tabIndex={-1} className={`${s.width} ${s.main}`}>
        {children}
      </main>
      <SiteFooter contact={contact} />
    </div>
  );
}
