// Vitest global setup for integration tests: a real, migrated PostgreSQL. TEST_DATABASE_URL if
// set (its database is wiped), else an embedded cluster under .data/test-pg (FOYER_TEST_PG_DIR to
// keep two runs of one checkout apart) on a free port.
import path from "node:path";
import crypto from "node:crypto";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-pg.mjs";
import { migrate } from "../../scripts/lib/migrate.mjs";

let stop: (() => Promise<void>) | undefined;

export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    process.env.FOYER_QUIET = "1";
    const db = await startEmbeddedPostgres({ root: path.resolve(process.env.FOYER_TEST_PG_DIR ?? ".data/test-pg"), port: 0, database: "foyer_test", fast: true });
    url = db.url as string;
    stop = db.stop;
  }
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  await client.end();
  await migrate({ url, cmd: "deploy", root: path.resolve("."), quiet: true });
  process.env.DATABASE_URL = url;
  project.provide("databaseUrl", url);
  project.provide("secretKey", crypto.randomBytes(32).toString("hex"));
  return async () => {
    await stop?.();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    secretKey: string;
  }
}
