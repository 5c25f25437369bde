// What a server process does once at start: refuse a bad configuration with a message naming the
// variable (instead of a server that answers 500 to everything), then start the maintenance loop.
import { env } from "@/lib/env";
import { startMaintenance } from "./maintenance";

export async function startServerProcess() {
  try {
    env();
  } catch (e) {
    console.error(`\n[foyer] ${(e as Error).message}\n`);
    process.exit(1);
  }
  startMaintenance();
  if (env().FOYER_WORKERS) {
    const { startWorkers } = await import("@/lib/jobs/workers");
    // logged by startWorkers; the server serves on without them (the next start tries again)
    void startWorkers().catch(() => undefined);
  }
}
