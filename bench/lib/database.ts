// The throw-away database of a benchmark that calls the app's services in its own process
// (bench:energy, bench:export, bench:readings): an embedded PostgreSQL in `dir` (durable defaults,
// as production), migrated, with the app's environment pointed at it; stopped and its folder
// removed afterwards, on Ctrl-C too (BENCH_KEEP=1 keeps the folder).
import crypto from "node:crypto";
import fs from "node:fs";
import { startEmbeddedPostgres, type EmbeddedCluster } from "../../server/db/embedded-pg";
import { migrate } from "../../server/db/migrate";
import { root } from "../../server/paths";

export async function withBenchDatabase(dir: string, run: (cluster: EmbeddedCluster) => Promise<void>): Promise<void> {
  fs.rmSync(dir, { recursive: true, force: true });
  process.env.FOYER_QUIET = "1";
  const cluster = await startEmbeddedPostgres({ root: dir, port: 0, database: "bench", fast: false });
  const cleanup = async () => {
    await cluster.stop();
    if (process.env.BENCH_KEEP !== "1") fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));
  try {
    await migrate({ url: cluster.url, cmd: "deploy", root, quiet: true });
    Object.assign(process.env, { DATABASE_URL: cluster.url, SECRET_KEY: crypto.randomBytes(32).toString("hex"), CHECKPOINT_DISABLE: "1" });
    await run(cluster);
  } finally {
    const { disconnectDb } = await import("../../lib/db");
    await disconnectDb();
    await cleanup();
  }
}
