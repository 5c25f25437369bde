// The app's own embedded cluster is started again when it exits unasked (server/db/embedded-pg.ts,
// `supervise`): killed outright, it answers again within seconds, with the data it had; stopped by
// the app (`stop()`), it stays stopped. A cluster started without `supervise` (the tests' own) is
// left down. Durable settings, as the app runs its cluster (a test cluster's `fast` may lose the last
// commits to a kill).
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { startEmbeddedPostgres } from "../../server/db/embedded-pg";
import { alive } from "../helpers/cluster";

// 0755: as root, PostgreSQL runs as `postgres`, which must enter the folder (mkdtemp makes it 0700)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foyer-pg-supervise-"));
fs.chmodSync(dir, 0o755);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The query's answer, or null when the cluster does not answer. */
async function ask(url: string, sql: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>(sql);
    return rows[0]?.v ?? "";
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("the app's embedded cluster", () => {
  it("comes back by itself after it is killed, with its data, and stays down once the app stops it", { timeout: 60_000 }, async () => {
    const cluster = await startEmbeddedPostgres({ root: path.join(dir, "app"), port: 0, database: "probe", fast: false, supervise: true });
    try {
      expect(await ask(cluster.url, "create table kept as select 'before'::text as v")).toBe("");
      expect(await ask(cluster.url, "select v from kept")).toBe("before");
      const first = cluster.child.pid!;
      process.kill(first, "SIGKILL");
      await until(async () => alive(first), (a) => !a, 5000);
      expect(await ask(cluster.url, "select 1::text as v")).toBeNull();
      expect(await until(() => ask(cluster.url, "select v from kept"), (v) => v !== null, 20_000)).toBe("before");
      expect(cluster.child.pid).not.toBe(first);
    } finally {
      await cluster.stop();
    }
    const last = cluster.child.pid!;
    expect(alive(last)).toBe(false);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await ask(cluster.url, "select 1::text as v")).toBeNull();
  });

  it("while it cannot start (its port taken meanwhile) tries again 1, 2, then 4 s apart, and is back once it can", { timeout: 60_000 }, async () => {
    const cluster = await startEmbeddedPostgres({ root: path.join(dir, "busy"), port: 0, database: "probe", fast: true, supervise: true });
    const port = Number(new URL(cluster.url).port);
    const quiet = process.env.FOYER_QUIET;
    process.env.FOYER_QUIET = "0";
    const waits: { at: number; s: number }[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((msg: unknown) => {
      const m = /starting it again in (\d+(?:\.\d+)?) s/.exec(String(msg));
      if (m) waits.push({ at: Date.now(), s: Number(m[1]) });
    });
    const squatter = net.createServer((socket) => socket.destroy());
    try {
      process.kill(cluster.child.pid!, "SIGKILL");
      // the port, taken as soon as PostgreSQL lets it go (before the first new start, 1 s later)
      await until(
        () => new Promise<boolean>((resolve) => {
          squatter.once("error", () => resolve(false));
          squatter.listen(port, "127.0.0.1", () => resolve(true));
        }),
        (taken) => taken,
        1000,
      );
      expect(squatter.listening).toBe(true);
      await until(async () => waits.length, (n) => n >= 3, 20_000);
      squatter.close();
      expect(await until(() => ask(cluster.url, "select 'back'::text as v"), (v) => v !== null, 20_000)).toBe("back");
      expect(waits.slice(0, 3).map((w) => w.s)).toEqual([1, 2, 4]);
      // each failed start came after the wait it announced
      expect(waits[1].at - waits[0].at).toBeGreaterThanOrEqual(1000);
      expect(waits[2].at - waits[1].at).toBeGreaterThanOrEqual(2000);
      // once back, a new exit waits 1 s again (counted from the waits so far: on a loaded machine
      // the squatter may have refused a fourth start, announcing 8 s, before it closed)
      const before = waits.length;
      process.kill(cluster.child.pid!, "SIGKILL");
      await until(async () => waits.length, (n) => n > before, 5000);
      expect(waits[before].s).toBe(1);
      expect(await until(() => ask(cluster.url, "select 'again'::text as v"), (v) => v !== null, 20_000)).toBe("again");
    } finally {
      if (squatter.listening) squatter.close();
      spy.mockRestore();
      if (quiet === undefined) delete process.env.FOYER_QUIET;
      else process.env.FOYER_QUIET = quiet;
      await cluster.stop();
    }
  });

  it("is left down when it was started without supervision", { timeout: 30_000 }, async () => {
    const cluster = await startEmbeddedPostgres({ root: path.join(dir, "test"), port: 0, database: "probe", fast: true });
    try {
      process.kill(cluster.child.pid!, "SIGKILL");
      await new Promise((r) => setTimeout(r, 2500));
      expect(await ask(cluster.url, "select 1::text as v")).toBeNull();
    } finally {
      await cluster.stop();
    }
  });
});
