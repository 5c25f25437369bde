// The database stops, then starts again; then it freezes (its processes stopped with SIGSTOP).
// Every request must answer 503 (with Retry-After) within the pool's timeouts, never 500 and
// never hang; once the database is back, requests succeed again without a restart, and no write
// that was acknowledged is lost.
import { afterAll, describe, expect, inject, it } from "vitest";
import { alive, clusterPids as clusterPidsOf, postmasterPid as postmasterPidOf } from "../helpers/cluster";

// short timeouts for this file (read once by lib/env.ts, on the first database call below), and a
// read's deadline shorter than the client's query timeout (1.5 s + 1 s)
Object.assign(process.env, { DB_CONNECT_TIMEOUT_MS: "1000", DB_STATEMENT_TIMEOUT_MS: "1500", READ_DEADLINE_MS: "2000" });

const { call } = await import("../helpers/api");
const { makeUser } = await import("../factories/users");
const health = await import("@/app/api/health/route");
const locations = await import("@/app/api/v1/locations/route");
const location = await import("@/app/api/v1/locations/[id]/route");
const { startEmbeddedPostgres } = await import("../../server/db/embedded-pg");

const dataDir = inject("pgDataDir");
const pgRoot = inject("pgRoot");
const port = Number(new URL(process.env.DATABASE_URL!).port);

const postmasterPid = () => postmasterPidOf(dataDir);
const clusterPids = () => clusterPidsOf(dataDir);
async function stopCluster() {
  const pid = postmasterPid();
  process.kill(pid, "SIGINT"); // PostgreSQL's fast shutdown
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  expect(alive(pid)).toBe(false);
}
const startCluster = () => startEmbeddedPostgres({ root: pgRoot, port, database: "foyer_test", fast: true });

/** Calls `fn` and returns its answer with the time it took. */
async function timed<T>(fn: () => Promise<T>): Promise<{ r: T; ms: number }> {
  const t = performance.now();
  const r = await fn();
  return { r, ms: performance.now() - t };
}

async function waitHealthy(ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await health.GET();
    if (res.status === 200) return;
    if (Date.now() > until) throw new Error("the database did not come back");
    await new Promise((r) => setTimeout(r, 100));
  }
}

let frozen: number[] = [];
afterAll(() => {
  for (const pid of frozen) process.kill(pid, "SIGCONT");
});

// a pool that loses its connections reports it on console.warn (one line each), not console.error
describe.skipIf(!dataDir)("database outages", () => {
  it("answers 503 while PostgreSQL is stopped, recovers without a restart, and loses no acknowledged write", async () => {
    const owner = await makeUser();
    const made = await call(locations.POST, { token: owner.token, json: { name: "Before", country: "FR", lat: 45, lon: 5 } });
    expect(made.status).toBe(201);

    await stopCluster();
    try {
      for (const attempt of [
        () => call(locations.GET, { token: owner.token }),
        () => call(locations.POST, { token: owner.token, json: { name: "During", country: "FR", lat: 45, lon: 5 } }),
        () => call(location.GET, { token: owner.token, params: { id: String(made.body.id) } }),
      ]) {
        const { r, ms } = await timed(attempt);
        expect(r.status).toBe(503);
        expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(typeof r.body.detail).toBe("string");
        expect(JSON.stringify(r.body)).not.toMatch(/ECONNREFUSED|prisma|127\.0\.0\.1/i);
        expect(ms).toBeLessThan(5000);
      }
      const { r: down, ms } = await timed(() => health.GET());
      expect(down.status).toBe(503);
      expect(ms).toBeLessThan(1500);
    } finally {
      await startCluster();
    }

    await waitHealthy(10_000);
    const after = await call(locations.GET, { token: owner.token });
    expect(after.status).toBe(200);
    expect(after.body.map((l: { name: string }) => l.name)).toEqual(["Before"]); // kept, and the refused write left nothing
    expect((await call(locations.POST, { token: owner.token, json: { name: "After", country: "FR", lat: 45, lon: 5 } })).status).toBe(201);
  });

  it("answers 503 within the timeouts while PostgreSQL is frozen, health within about a second", async () => {
    const owner = await makeUser();
    expect((await call(locations.GET, { token: owner.token })).status).toBe(200); // the pool holds a live connection

    frozen = clusterPids();
    for (const pid of frozen) process.kill(pid, "SIGSTOP");
    try {
      const { r: h, ms: hms } = await timed(() => health.GET());
      expect(h.status).toBe(503);
      expect(hms).toBeLessThan(1500);

      const results = await Promise.all([1, 2, 3].map(() => timed(() => call(locations.GET, { token: owner.token }))));
      for (const { r, ms } of results) {
        expect(r.status).toBe(503);
        expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
        // connect timeout 1 s, query timeout 1.5 s + 1 s: well under the 8 s the probe saw hanging
        expect(ms).toBeLessThan(4000);
      }
    } finally {
      for (const pid of frozen) process.kill(pid, "SIGCONT");
      frozen = [];
    }
    await waitHealthy(10_000);
    expect((await call(locations.GET, { token: owner.token })).status).toBe(200);
  });

  it("answers every read by its deadline while PostgreSQL is frozen, even on a connection the pool held", async () => {
    const owner = await makeUser();
    // the pool holds live idle connections: a read that takes one sends its statement into the
    // frozen server and, without the deadline, waits for the client's query timeout (1.5 s + 1 s)
    await Promise.all(Array.from({ length: 8 }, () => call(locations.GET, { token: owner.token })));

    frozen = clusterPids();
    for (const pid of frozen) process.kill(pid, "SIGSTOP");
    try {
      // reads arriving one after another while it stays frozen (one every 100 ms for 3 s)
      const many = await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          await new Promise((r) => setTimeout(r, i * 100));
          return timed(() => call(locations.GET, { token: owner.token }));
        }),
      );
      for (const { r, ms } of many) {
        expect(r.status).toBe(503);
        expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(ms).toBeLessThan(2300); // the deadline is 2 s
      }
    } finally {
      for (const pid of frozen) process.kill(pid, "SIGCONT");
      frozen = [];
    }
    await waitHealthy(10_000);
    expect((await call(locations.GET, { token: owner.token })).status).toBe(200);
  });
});
