// npm run worker: the energy sync's workers as a process of their own, beside any number of app
// and worker processes on the same database (DATABASE_URL). Stops gracefully on SIGINT/SIGTERM.
import { env } from "@/lib/env";
import { startWorkers } from "@/lib/jobs/workers";
import { stopJobs } from "@/lib/jobs/queue";

try {
  env();
} catch (e) {
  console.error(`[foyer] ${(e as Error).message}`);
  process.exit(1);
}
try {
  await startWorkers();
} catch (e) {
  console.error(`[foyer] the workers could not start: ${(e as Error).message}`);
  process.exit(1);
}
console.log(`[foyer] energy sync workers started (pid ${process.pid})`);
const stop = async () => {
  await stopJobs();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
