// Vitest global setup for integration tests: a real, migrated PostgreSQL. TEST_DATABASE_URL if
// set (its database is wiped), else an embedded cluster under .data/test-pg (FOYER_TEST_PG_DIR to
// keep two runs of one checkout apart) on a free port.
import path from "node:path";
import crypto from "node:crypto";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../server/db/embedded-pg";
import { migrate } from "../../server/db/migrate";

let stop: (() => Promise<void>) | undefined;
let dataDir: string | undefined;

/** Stops whatever PostgreSQL runs on `dir` now (the outage test restarts the cluster itself). */
async function stopWhateverRuns(dir: string) {
  const fs = await import("node:fs");
  let pid = 0;
  try {
    pid = Number(fs.readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return;
  }
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!pid || !alive()) return;
  process.kill(pid, "SIGCONT");
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 100 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
}

export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    process.env.FOYER_QUIET = "1";
    const db = await startEmbeddedPostgres({ root: path.resolve(process.env.FOYER_TEST_PG_DIR ?? ".data/test-pg"), port: 0, database: "foyer_test", fast: true });
    url = db.url as string;
    stop = db.stop;
    dataDir = db.dataDir as string;
  }
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  // every schema the migrations and the job queue make: public, energy (readings), telemetry, community (rollups), pgboss
  await client.query('DROP SCHEMA IF EXISTS community CASCADE; DROP SCHEMA IF EXISTS telemetry CASCADE; DROP SCHEMA IF EXISTS energy CASCADE; DROP SCHEMA IF EXISTS pgboss CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  await client.end();
  await migrate({ url, cmd: "deploy", root: path.resolve("."), quiet: true });
  process.env.DATABASE_URL = url;
  project.provide("databaseUrl", url);
  project.provide("secretKey", crypto.randomBytes(32).toString("hex"));
  // where the embedded cluster lives, for the tests that stop and freeze it ("" with TEST_DATABASE_URL)
  project.provide("pgRoot", dataDir ? path.resolve(process.env.FOYER_TEST_PG_DIR ?? ".data/test-pg") : "");
  project.provide("pgDataDir", dataDir ?? "");
  return async () => {
    await stop?.();
    if (dataDir) await stopWhateverRuns(dataDir);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    secretKey: string;
    pgRoot: string;
    pgDataDir: string;
  }
}
