import Box from "@mui/material/Box";
import { PageWidth } from "@/components/ui/page-width";
import type { Caller } from "@/lib/auth/caller";
import { AppHeader, type HeaderUser } from "./app-header";
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
    <Box sx={{ minHeight: "100dvh", display: "flex", flexDirection: "column" }}>
      <SkipLink />
      <AppHeader user={user} />
      <PageWidth component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: "none", py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
        {children}
      </PageWidth>
      <SiteFooter contact={contact} />
    </Box>
  );
}
