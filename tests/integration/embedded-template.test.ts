// A new embedded cluster is a copy of the template `initdb` made once (server/db/embedded-pg.ts):
// the copy works with the template's password; a template that is not this user's alone is not
// used, nor is it for a cluster given its own password; and with no template, the first cluster's
// `initdb` leaves one. A copy is told from an `initdb` by PostgreSQL's system identifier, which
// `initdb` draws anew and a copy keeps.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { prepareClusterTemplate, startEmbeddedPostgres } from "../../server/db/embedded-pg";

// 0755: as root, PostgreSQL runs as `postgres`, which must enter the folder (mkdtemp makes it 0700)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foyer-pg-template-"));
fs.chmodSync(dir, 0o755);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Starts a new cluster in `dir/name`, reads its system identifier, stops it. */
async function newCluster(name: string, options: { template: string; password?: string }) {
  const root = path.join(dir, name);
  const cluster = await startEmbeddedPostgres({ root, port: 0, database: "probe", fast: true, ...options });
  try {
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { rows } = await client.query<{ id: string }>("select system_identifier::text as id from pg_control_system()");
    const databases = (await client.query<{ datname: string }>("select datname from pg_database order by datname")).rows.map((r) => r.datname);
    await client.end();
    const secret = path.join(root, "password");
    return { id: rows[0].id, databases, password: fs.readFileSync(secret, "utf8").trim(), mode: fs.statSync(secret).mode & 0o777 };
  } finally {
    await cluster.stop();
  }
}

describe("a new embedded cluster", () => {
  const template = path.join(dir, "template");

  it("is a copy of the template, with its password, kept private, and the app's database made", async () => {
    expect(await prepareClusterTemplate({ template })).toBe(true);
    // made once
    expect(await prepareClusterTemplate({ template })).toBe(false);
    const tplPassword = fs.readFileSync(path.join(template, "password"), "utf8").trim();
    expect(fs.statSync(path.join(template, "password")).mode & 0o777).toBe(0o600);

    const a = await newCluster("a", { template });
    const b = await newCluster("b", { template });
    expect(a.id).toBe(b.id);
    expect(a.password).toBe(tplPassword);
    expect(a.mode).toBe(0o600);
    // the build's template has the app's database: a first start does not create it
    expect(a.databases).toEqual(["foyer", "postgres", "probe", "template0", "template1"]);
  }, 60_000);

  it("runs initdb when the template's password is readable by others, or when it is given a password", async () => {
    const copied = (await newCluster("c", { template })).id;
    fs.chmodSync(path.join(template, "password"), 0o644);
    const open = await newCluster("d", { template });
    expect(open.id).not.toBe(copied);
    expect(open.password).not.toBe(fs.readFileSync(path.join(template, "password"), "utf8").trim());
    fs.chmodSync(path.join(template, "password"), 0o600);

    const own = await newCluster("e", { template, password: "chosen-for-this-cluster" });
    expect(own.id).not.toBe(copied);
    expect(own.password).toBe("chosen-for-this-cluster");
  }, 60_000);

  it("with no template, leaves the one its initdb made for the next", async () => {
    const later = path.join(dir, "later");
    const first = await newCluster("f", { template: later });
    expect(fs.readFileSync(path.join(later, "password"), "utf8").trim()).toBe(first.password);
    // the copy keeps the identifier initdb drew for the first
    const second = await newCluster("g", { template: later });
    expect(second.id).toBe(first.id);
    expect(second.databases).toEqual(["postgres", "probe", "template0", "template1"]);
  }, 60_000);
});
