// What the server's start skips when nothing changed (server/db/migrate.ts, runtime.mjs), on the
// migrated test database: the schema engine when `_prisma_migrations` already records every local
// migration, and the seed while its fingerprint matches; both run again as soon as something changed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import pg from "pg";
import { createMigration, deployToEmptyDatabase, localMigrations, migrate, migrationsUpToDate } from "../../server/db/migrate";
import { cachedSeedBundle, prepareSeed, writeSeedBundle } from "../../server/db/seed";

const url = process.env.DATABASE_URL!;
const root = path.resolve(".");

/** A copy of the project's schema and migrations to change. */
function copyOfProject() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foyer-migrations-"));
  fs.cpSync(path.join(root, "prisma"), path.join(dir, "prisma"), { recursive: true, filter: (src) => !src.endsWith(".ts") });
  return dir;
}

describe("migrations at start", () => {
  const probe = "29990101000000_cold_start_probe";
  afterAll(async () => {
    await db.$executeRawUnsafe(`DROP TABLE IF EXISTS cold_start_probe`);
    await db.$executeRawUnsafe(`DELETE FROM _prisma_migrations WHERE migration_name = '${probe}'`);
  });

  it("needs no schema engine when every migration is applied with the same checksum", async () => {
    expect(await migrationsUpToDate(url, root)).toBe(true);
    expect(await migrate({ url, cmd: "deploy", root, quiet: true })).toBe("No pending migrations.");
  });

  it("lets the engine decide whenever a migration is pending, changed or the lock differs", async () => {
    const changed = copyOfProject();
    const first = fs.readdirSync(path.join(changed, "prisma/migrations")).find((d) => /^\d/.test(d))!;
    fs.appendFileSync(path.join(changed, "prisma/migrations", first, "migration.sql"), "\n-- edited after it was applied\n");
    expect(await migrationsUpToDate(url, changed)).toBe(false);

    const otherLock = copyOfProject();
    fs.writeFileSync(path.join(otherLock, "prisma/migrations/migration_lock.toml"), 'provider = "mysql"\n');
    expect(await migrationsUpToDate(url, otherLock)).toBe(false);

    // a pending migration is applied by the engine, after which the check passes again
    const pending = copyOfProject();
    fs.mkdirSync(path.join(pending, "prisma/migrations", probe));
    fs.writeFileSync(path.join(pending, "prisma/migrations", probe, "migration.sql"), "CREATE TABLE cold_start_probe (id INTEGER PRIMARY KEY);\n");
    expect(await migrationsUpToDate(url, pending)).toBe(false);
    expect(await migrate({ url, cmd: "deploy", root: pending, quiet: true })).toBe(`Applied migrations: ${probe}`);
    expect(await migrationsUpToDate(url, pending)).toBe(true);
    // the project's own folder now lacks one the database has: the engine's call again
    expect(await migrationsUpToDate(url, root)).toBe(false);
  });
});

describe("migrations on an empty database (a first start)", () => {
  const made: string[] = [];
  const admin = () => new pg.Client({ connectionString: url });
  const urlOf = (name: string) => {
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.toString();
  };
  async function emptyDatabase() {
    const name = `cold_start_${made.length}_${process.pid}`;
    const c = admin();
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}"`);
    await c.end();
    made.push(name);
    return urlOf(name);
  }
  /** What a schema is made of, as the catalogs say it: columns, constraints, indexes, enums, functions, triggers. */
  async function shape(at: string) {
    const c = new pg.Client({ connectionString: at });
    await c.connect();
    const q = async (sql: string) => (await c.query(sql)).rows;
    try {
      return {
        columns: await q(`SELECT table_name, column_name, data_type, udt_name, character_maximum_length, numeric_precision, numeric_scale, is_nullable, column_default FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2`),
        constraints: await q(`SELECT conrelid::regclass::text AS rel, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`),
        indexes: await q(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`),
        enums: await q(`SELECT t.typname, e.enumlabel, e.enumsortorder FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid ORDER BY 1, 3`),
        functions: await q(`SELECT proname, md5(prosrc) AS src FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1, 2`),
        triggers: await q(`SELECT tgrelid::regclass::text AS rel, tgname FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2`),
        migrations: await q(`SELECT migration_name, checksum, logs, rolled_back_at, finished_at IS NOT NULL AS finished, applied_steps_count FROM _prisma_migrations ORDER BY migration_name`),
      };
    } finally {
      await c.end();
    }
  }
  afterAll(async () => {
    const c = admin();
    await c.connect();
    for (const name of made) await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  });

  it("are applied without the engine, into the schema the engine makes, recorded as it records them: the engine then has nothing to do", async () => {
    const fast = await emptyDatabase();
    // a schema named after the role comes first in PostgreSQL's default search path ("$user",
    // public): the engine migrates public all the same, and so must this
    const c = new pg.Client({ connectionString: fast });
    await c.connect();
    await c.query(`CREATE SCHEMA "${decodeURIComponent(new URL(url).username)}"`);
    await c.end();
    const names = localMigrations(root).map((m) => m.name);
    expect(await deployToEmptyDatabase(fast, root)).toEqual(names);
    expect(await migrationsUpToDate(fast, root)).toBe(true);
    // the engine (a `schema` in the URL sends deploy to it) on an empty database, for comparison
    const engine = await emptyDatabase();
    expect(await deployToEmptyDatabase(`${engine}?schema=public`, root)).toBeNull();
    expect(await migrate({ url: `${engine}?schema=public`, cmd: "deploy", root, quiet: true })).toBe(`Applied migrations: ${names.join(", ")}`);
    const [a, b] = [await shape(fast), await shape(engine)];
    expect(a.columns.length).toBeGreaterThan(50);
    expect(a).toEqual(b);
    // the engine reads the history it finds as its own
    expect(await migrate({ url: `${fast}?schema=public`, cmd: "deploy", root, quiet: true })).toBe("No pending migrations.");
    const status = JSON.parse(await migrate({ url: `${fast}?schema=public`, cmd: "status", root, quiet: true }));
    expect(status).toMatchObject({ failedMigrationNames: [], editedMigrationNames: [], hasMigrationsTable: true });
    // a database that is not empty is the engine's
    expect(await deployToEmptyDatabase(fast, root)).toBeNull();
  });

  it("a migration that fails is rolled back and recorded as failed, as the engine records it, and the engine then refuses to go on", async () => {
    const broken = copyOfProject();
    const name = "29990101000000_broken";
    fs.mkdirSync(path.join(broken, "prisma/migrations", name));
    fs.writeFileSync(path.join(broken, "prisma/migrations", name, "migration.sql"), "CREATE TABLE half_done (id INTEGER);\nSELECT 1 / 0;\n");
    const at = await emptyDatabase();
    await expect(deployToEmptyDatabase(at, broken)).rejects.toThrow(/29990101000000_broken failed: division by zero/);
    const { migrations } = await shape(at);
    expect(migrations.at(-1)).toMatchObject({ migration_name: name, finished: false, applied_steps_count: 0, logs: expect.stringMatching(/division by zero/) });
    expect(migrations.slice(0, -1).every((m) => m.finished)).toBe(true);
    const c = new pg.Client({ connectionString: at });
    await c.connect();
    expect((await c.query("SELECT to_regclass('half_done') AS t")).rows[0].t).toBeNull();
    await c.end();
    expect(await migrationsUpToDate(at, broken)).toBe(false);
    await expect(migrate({ url: `${at}?schema=public`, cmd: "deploy", root: broken, quiet: true })).rejects.toThrow(/P3009|failed migrations/);
  });
});

describe("npm run db:migrate:create", () => {
  it("writes the SQL from the migrations to the schema as a new folder after the last, and nothing when they agree; its scratch database is dropped", async () => {
    const project = copyOfProject();
    const before = fs.readdirSync(path.join(project, "prisma/migrations")).filter((d) => /^\d/.test(d)).sort();
    expect(await createMigration({ url, name: "nothing", root: project })).toBe("No schema changes.");
    const schema = path.join(project, "prisma/schema.prisma");
    fs.writeFileSync(schema, fs.readFileSync(schema, "utf8").replace(/^model HouseholdProfile \{\n/m, (m) => `${m}  probeNote String? @map("probe_note")\n`));
    const said = await createMigration({ url, name: "probe_note", root: project });
    const after = fs.readdirSync(path.join(project, "prisma/migrations")).filter((d) => /^\d/.test(d)).sort();
    expect(after.slice(0, -1)).toEqual(before);
    const made = after.at(-1)!;
    expect(made).toMatch(/^\d{14}_probe_note$/);
    expect(made > before.at(-1)!).toBe(true);
    expect(said).toBe(`Created prisma/migrations/${made}/migration.sql`);
    expect(fs.readFileSync(path.join(project, "prisma/migrations", made, "migration.sql"), "utf8")).toMatch(/ALTER TABLE "household_profiles" ADD COLUMN\s+"probe_note" TEXT/);
    await expect(createMigration({ url, name: "no spaces; DROP", root: project })).rejects.toThrow(/letters, digits/);
    const [{ n }] = await db.$queryRawUnsafe<{ n: number }[]>("SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE 'prisma_shadow_%'");
    expect(n).toBe(0);
  }, 60_000);
});

describe("the seed at start", () => {
  const env = { ...process.env };
  afterAll(() => {
    for (const k of ["FIRST_SUPERUSER_EMAIL", "FIRST_SUPERUSER_PASSWORD", "SEED_DEMO", "BCRYPT_ROUNDS", "PORT"]) {
      if (env[k] === undefined) delete process.env[k];
      else process.env[k] = env[k];
    }
  });

  it("runs when nothing is recorded or an input changed, and is skipped otherwise", async () => {
    Object.assign(process.env, { FIRST_SUPERUSER_EMAIL: "first-admin@example.com", FIRST_SUPERUSER_PASSWORD: "first-admin-password", SEED_DEMO: "false" });
    expect(await prepareSeed().run()).toBe(true);
    expect(await db.user.findUnique({ where: { email: "first-admin@example.com" }, select: { isSuperuser: true } })).toEqual({ isSuperuser: true });
    expect(await db.tariff.count()).toBeGreaterThan(0);
    const [state] = await db.$queryRaw<{ fingerprint: string; inputs: { files: string[]; env: string[] } }[]>`SELECT fingerprint, inputs FROM seed_state`;
    expect(state.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(state.inputs.files).toEqual(expect.arrayContaining(["prisma/seed.ts", "prisma/demo.ts", "lib/energy/tariff-data.ts", "package-lock.json"]));
    expect(state.inputs.env).toEqual(expect.arrayContaining(["FIRST_SUPERUSER_EMAIL", "FIRST_SUPERUSER_PASSWORD", "SEED_DEMO", "SECRET_KEY"]));
    expect(state.inputs.env).not.toContain("DATABASE_URL");

    // nothing changed; where the app runs is no input
    expect(await prepareSeed().run()).toBe(false);
    process.env.PORT = "3999";
    expect(await prepareSeed().run()).toBe(false);

    // new admin credentials: seeded again, the new admin made
    process.env.FIRST_SUPERUSER_EMAIL = "second-admin@example.com";
    expect(await prepareSeed().run()).toBe(true);
    expect(await db.user.count({ where: { isSuperuser: true } })).toBe(2);
    expect(await prepareSeed().run()).toBe(false);

    // any variable the seed's code reads counts, set or unset
    process.env.BCRYPT_ROUNDS = "5";
    expect(await prepareSeed().run()).toBe(true);
    delete process.env.BCRYPT_ROUNDS;
    expect(await prepareSeed().run()).toBe(true);
    expect(await prepareSeed().run()).toBe(false);

    // npm run db:seed runs it whatever the fingerprint says
    expect(await prepareSeed({ always: true }).run()).toBe(true);
  });

  it("uses the bundle the build left while every file it was made from is unchanged", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "foyer-seed-cache-")), "foyer-seed.json");
    expect(cachedSeedBundle(file)).toBeNull();
    await writeSeedBundle(file);
    const cached = cachedSeedBundle(file)!;
    expect(cached.code).toMatch(/export\s*{[^}]*\bseed\b/);
    expect(cached.files).toEqual(expect.arrayContaining(["prisma/seed.ts", "prisma/demo.ts", "lib/energy/tariff-data.ts", "package-lock.json"]));
    // one file changed since: bundled again
    const written = JSON.parse(fs.readFileSync(file, "utf8"));
    fs.writeFileSync(file, JSON.stringify({ ...written, files: { ...written.files, "prisma/demo.ts": "0".repeat(64) } }));
    expect(cachedSeedBundle(file)).toBeNull();
    // one gone since
    fs.writeFileSync(file, JSON.stringify({ ...written, files: { ...written.files, "lib/gone-since.ts": written.files["prisma/seed.ts"] } }));
    expect(cachedSeedBundle(file)).toBeNull();
    fs.writeFileSync(file, "{ not json");
    expect(cachedSeedBundle(file)).toBeNull();
  });

  it("for a new cluster, loads at once, before the environment is complete, and seeds with the environment that came since", async () => {
    Object.assign(process.env, { FIRST_SUPERUSER_EMAIL: "first-admin@example.com", FIRST_SUPERUSER_PASSWORD: "first-admin-password", SEED_DEMO: "false" });
    await prepareSeed().run();
    expect(await prepareSeed().run()).toBe(false);
    let complete!: () => void;
    const environment = new Promise<void>((resolve) => (complete = resolve));
    const seed = prepareSeed({ fresh: true, environment });
    // what the server's environment brings once its database is up (its thread has started by
    // then: bundling takes 0.1-0.5 s), the seed's thread gets it
    await new Promise((r) => setTimeout(r, 2000));
    process.env.FIRST_SUPERUSER_EMAIL = "third-admin@example.com";
    complete();
    expect(await seed.needed).toBe(true);
    expect(await seed.run()).toBe(true);
    expect(await db.user.findUnique({ where: { email: "third-admin@example.com" }, select: { isSuperuser: true } })).toEqual({ isSuperuser: true });
    // and it recorded the fingerprint of that environment
    expect(await prepareSeed().run()).toBe(false);
  });
});
