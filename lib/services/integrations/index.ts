// Integrations (vendor accounts), read side: what the device forms offer to link a device to.
import type { Caller } from "@/lib/auth/caller";
import { db } from "@/lib/db";

/** The caller's own integrations (also for an admin: a device links to its owner's), never their tokens. */
export async function listIntegrations(caller: Caller) {
  return db.integration.findMany({
    where: { userId: caller.id },
    select: { id: true, name: true, resource: true, needsRelink: true, sandbox: true, createdAt: true, updatedAt: true },
    orderBy: { id: "asc" },
  });
}
export type IntegrationSummary = Awaited<ReturnType<typeof listIntegrations>>[number];
