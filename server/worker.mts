// npm run worker: the background work as a process of its own, beside any number of app and
// worker processes on the same database (DATABASE_URL): the energy sync's job workers (unless
// FOYER_WORKERS=false), and the telemetry ingest when there is a broker to read: MQTT_URL (give
// each ingest process its own FOYER_INGEST_ID, and MQTT_SHARED_GROUP to split the stream), or
// FOYER_INGEST=true to read the app's embedded broker (MQTT_PORT on this host). Never the
// embedded broker itself: that one runs in the app. Stops gracefully on SIGINT/SIGTERM.
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
// FOYER_INGEST's default (true) is the app's: here the ingest runs when a broker is named or it is asked for
const ingest = Boolean(e.MQTT_URL && e.FOYER_INGEST) || process.env.FOYER_INGEST === "true";
try {
  if (e.FOYER_WORKERS) await startWorkers();
  if (ingest) await startTelemetry({ broker: false, ingest: true, simulator: false });
} catch (err) {
  console.error(`[foyer] the workers could not start: ${(err as Error).message}`);
  process.exit(1);
}
console.log(`[foyer] worker started (pid ${process.pid}):${e.FOYER_WORKERS ? " energy sync jobs" : ""}${ingest ? " telemetry ingest" : ""}`);
const stop = async () => {
  await Promise.all([stopJobs(), stopTelemetry()]);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
