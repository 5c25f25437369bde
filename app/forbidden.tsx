import { getCaller } from "@/lib/auth/session";
import { AppShell } from "@/components/layout/app-shell";
import { ForbiddenNotice } from "@/components/layout/forbidden-notice";
import { env } from "@/lib/env";

// What `forbidden()` renders, with HTTP status 403
export default async function Forbidden() {
  const caller = await getCaller();
  return caller ? (
    <AppShell caller={caller} contact={env().CONTACT_EMAIL}>
      <ForbiddenNotice />
    </AppShell>
  ) : (
    <ForbiddenNotice />
  );
}
