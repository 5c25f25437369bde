import { expect, it } from "vitest";
import pg from "pg";
import { db } from "@/lib/db";
import * as health from "@/app/api/health/route";

it("answers 503 while the database refuses connections, and ok again afterwards", async () => {
  const url = new URL(process.env.DATABASE_URL!);
  const database = url.pathname.slice(1);
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const errors = console.error;
  try {
    await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`);
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [database]);
    console.error = () => {}; // the pool reports its dropped connections
    const down = await health.GET();
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: "error", database: "unreachable" });
  } finally {
    await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`);
    await admin.end();
    console.error = errors;
  }
  const up = await health.GET();
  expect(up.status).toBe(200);
  expect(await db.user.count()).toBe(0);
});
