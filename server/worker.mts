// npm run worker: the background work as a process of its own, beside any number of app and
// worker processes on the same database (DATABASE_URL) and broker (MQTT_URL): the energy sync's
// job workers (unless FOYER_WORKERS=false) and the telemetry ingest (unless FOYER_INGEST=false;
// give each ingest process its own FOYER_INGEST_ID, and MQTT_SHARED_GROUP to split the stream).
// Never the embedded broker: that one runs in the app. Stops gracefully on SIGINT/SIGTERM.
import { env } from "@/lib/env";
import { startWorkers } from "@/lib/jobs/workers";
import { stopJobs } from "@/lib/jobs/queue";
import { startTelemetry, stopTelemetry } from "@/lib/mqtt/run";

try {
  env();
} catch (e) {
  console.error(`[foyer] ${(e as Error).message}`);
  process.exit(1);
}
const e = env();
try {
  if (e.FOYER_WORKERS) await startWorkers();
  if (e.FOYER_INGEST) await startTelemetry({ broker: false, ingest: true, simulator: false });
} catch (err) {
  console.error(`[foyer] the workers could not start: ${(err as Error).message}`);
  process.exit(1);
}
console.log(`[foyer] worker started (pid ${process.pid}):${e.FOYER_WORKERS ? " energy sync jobs" : ""}${e.FOYER_INGEST ? " telemetry ingest" : ""}`);
const stop = async () => {
  await Promise.all([stopJobs(), stopTelemetry()]);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
