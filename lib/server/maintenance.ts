// Housekeeping off the request path: expired rate-limit hits, OAuth states and reset tokens, and
// the energy changes no cache asks for any more, are deleted every few minutes by each server
// process (the deletes are idempotent, so several processes on one database do no harm).
import { isDatabaseUnavailable } from "@/lib/db";
import { purgeExpiredStates } from "@/lib/services/integrations/vendor-accounts";
import { purgeOldHits } from "@/lib/services/rate-limit/sliding-window";
import { purgeResetTokens } from "@/lib/services/auth/password-reset";
import { purgeOldChanges } from "@/lib/services/energy/changes";
import { logError } from "@/lib/log";

const EVERY_MS = 5 * 60_000;

/** One pass; returns what was removed. */
export async function runMaintenance(now = Date.now()) {
  const [hits, resetTokens, oauthStates, energyChanges] = await Promise.all([
    purgeOldHits(now),
    purgeResetTokens(now),
    purgeExpiredStates(now),
    purgeOldChanges(),
  ]);
  return { hits, resetTokens, oauthStates, energyChanges };
}

const g = globalThis as unknown as { foyerMaintenance?: NodeJS.Timeout };

export function startMaintenance() {
  if (g.foyerMaintenance) return;
  const pass = () =>
    runMaintenance().catch((err) => {
      if (!isDatabaseUnavailable(err)) logError("maintenance failed", err);
    });
  g.foyerMaintenance = setInterval(pass, EVERY_MS);
  g.foyerMaintenance.unref();
  setTimeout(pass, 10_000).unref();
}
