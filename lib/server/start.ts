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
  // what server/main.mts calls before it stops the database: the job workers finish the job in
  // hand (or give up on it after 5 s, within the 10 s a supervisor usually grants a stop) instead
  // of failing on a closing connection
  (globalThis as { foyerStop?: () => Promise<void> }).foyerStop = async () => {
    const [{ stopJobs }, { stopTelemetry }] = await Promise.all([import("@/lib/jobs/queue"), import("@/lib/mqtt/run")]);
    await Promise.all([stopJobs(5_000), stopTelemetry().catch(() => undefined)]);
  };
  if (env().FOYER_WORKERS) {
    const { startWorkers } = await import("@/lib/jobs/workers");
    // logged by startWorkers; the server serves on without them (the next start tries again)
    void startWorkers().catch(() => undefined);
  }
  const e = env();
  if (e.FOYER_TELEMETRY) {
    // the broker (embedded), the ingest and the demo's device simulator (docs/telemetry.md); the
    // server serves on without them, and says why
    const { startTelemetry } = await import("@/lib/mqtt/run");
    void startTelemetry({ broker: true, ingest: e.FOYER_INGEST, simulator: e.DEVICE_SIMULATOR }).catch((err) =>
      console.error(`[foyer] live telemetry could not start: ${(err as Error).message}`),
    );
  }
}
