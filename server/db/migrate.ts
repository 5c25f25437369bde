// Prisma migrations without the native schema engine (it downloads from a host these machines
// cannot reach): Prisma's WASM schema engine driven through @prisma/adapter-pg. The migrations are
// standard (`prisma/migrations/*/migration.sql`, table `_prisma_migrations`), so `prisma migrate
// deploy` stays interchangeable wherever the native engine can be had.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import pg from "pg";

// The schema engine and the driver adapter are driven through their internals (what they exchange is
// not typed for outside use): `Loose` is what they hand over.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
/** A local migration: its folder and the checksum Prisma records for it (null when it cannot be read). */
type LocalMigration = { name: string; checksum: string | null };

const require = createRequire(import.meta.url);
// the schema engine and its adapter load only when there is something for them to do (about
// 100 ms): a start whose migrations are all applied answers from one plain query
let bg: Loose, PrismaPg: Loose, bindMigrationAwareSqlAdapterFactory: Loose, ColumnTypeEnum: Loose;

// adapter-pg 7.10 does not map PostgreSQL's internal "char" type (oid 18), which the engine's
// introspection reads (pg_class.relkind, ...); and its executeScript() splits scripts on ";" even
// inside string literals. Patch both on each connection the engine gets.
function patchAdapter(q: Loose): Loose {
  const perform = q.performIO.bind(q);
  const queryRaw = Object.getPrototypeOf(q).queryRaw;
  q.queryRaw = async (query: unknown) => {
    const res = await perform(query);
    const charIdx: number[] = [];
    res.fields.forEach((f: { dataTypeID: number }, i: number) => { if (f.dataTypeID === 18) { charIdx.push(i); f.dataTypeID = 25; } });
    const out = await queryRaw.call(Object.assign(Object.create(q), { performIO: async () => res }), query);
    for (const i of charIdx) out.columnTypes[i] = ColumnTypeEnum.Character;
    return out;
  };
  if (q.executeScript) {
    q.executeScript = async (script: string) => {
      try { await q.client.query(script); } catch (e) { q.onError(e); }
    };
  }
  if (q.startTransaction) {
    const start = q.startTransaction.bind(q);
    q.startTransaction = async (...a: unknown[]) => patchAdapter(await start(...a));
  }
  return q;
}

let wasmLoaded = false;
async function loadEngineModule() {
  if (wasmLoaded) return;
  // imported by resolved file URL: under tsx this module may be evaluated from a data: URL, where a
  // bare specifier in import() cannot be resolved
  const load = (file: string) => import(pathToFileURL(file).href);
  bg = await load(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg"));
  ({ PrismaPg } = await load(require.resolve("@prisma/adapter-pg")));
  ({ bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } = await load(require.resolve("@prisma/driver-adapter-utils")));
  const g = globalThis as Loose;
  g.PRISMA_WASM_PANIC_REGISTRY ??= { message: "", set_message(this: { message: string }, m: string) { this.message = `RuntimeError: ${m}`; } };
  const wasmFile = path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm")), "schema_engine_bg.wasm");
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmFile), { "./schema_engine_bg.js": bg });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports as Loose).__wbindgen_start();
  wasmLoaded = true;
}

function listMigrations(migrationsDir: string) {
  let lockContent: string | null = null;
  try { lockContent = fs.readFileSync(path.join(migrationsDir, "migration_lock.toml"), "utf8"); } catch {}
  const dirs = fs.existsSync(migrationsDir)
    ? fs.readdirSync(migrationsDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    : [];
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => {
      let content;
      try { content = { tag: "ok", value: fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8") }; }
      catch (e) { content = { tag: "error", value: String(e) }; }
      return { path: name, migrationFile: { path: "migration.sql", content } };
    }),
  };
}

/**
 * The local migrations, in order: each folder's name and the checksum Prisma records for it in
 * `_prisma_migrations` (the SHA-256 of its migration.sql, in hex).
 */
export function localMigrations(root: string): LocalMigration[] {
  const dir = path.join(root, "prisma/migrations");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort().map((name) => {
    let checksum: string | null = null;
    try { checksum = crypto.createHash("sha256").update(fs.readFileSync(path.join(dir, name, "migration.sql"))).digest("hex"); } catch {}
    return { name, checksum };
  });
}

/**
 * The local migrations when plain queries can stand in for the schema engine: PostgreSQL as the
 * lock file says, the default schema (no `schema` in the URL), every migration.sql readable. Else
 * null: the engine decides.
 */
function plainMigrations(url: string, root: string): LocalMigration[] | null {
  if (new URL(url).searchParams.has("schema")) return null;
  let lock = "";
  try { lock = fs.readFileSync(path.join(root, "prisma/migrations/migration_lock.toml"), "utf8"); } catch {}
  if (!/^\s*provider\s*=\s*"postgresql"\s*$/m.test(lock)) return null;
  const local = localMigrations(root);
  return local.some((m) => !m.checksum) ? null : local;
}

/**
 * Whether `migrate deploy` has nothing to do, from one plain query instead of the schema engine:
 * `_prisma_migrations` records exactly the local migrations, each finished with the same checksum,
 * and nothing failed or unknown (rows rolled back do not count, as for Prisma). Anything else, or
 * any doubt (no such table yet, a `schema` in the URL, another lock provider), answers false and
 * the engine decides: it applies what is pending and reports what is wrong exactly as before.
 */
export async function migrationsUpToDate(url: string, root: string): Promise<boolean> {
  const local = plainMigrations(url, root);
  if (!local) return false;
  const client = new pg.Client(pgConfigFromUrl(url));
  try {
    await client.connect();
    const { rows } = await client.query("SELECT migration_name, checksum, finished_at IS NOT NULL AS finished FROM _prisma_migrations WHERE rolled_back_at IS NULL");
    if (rows.length !== local.length || rows.some((r) => !r.finished)) return false;
    const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    return local.every((m) => applied.get(m.name) === m.checksum);
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The advisory lock Prisma's schema engine holds while it migrates a PostgreSQL database. */
const PRISMA_MIGRATE_LOCK = 72707369;
/** `_prisma_migrations` as Prisma's schema engine creates it. */
const MIGRATIONS_TABLE = `CREATE TABLE "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/**
 * `migrate deploy` on an empty database (a first start) without the schema engine, whose WASM
 * takes longer to load than the migrations take to run (0.6 s against 0.2): under the engine's own
 * advisory lock, its `_prisma_migrations` table, then each migration as the engine applies one (its
 * row, its script as one multi-statement query, then finished_at and its step). A script that
 * fails is recorded as failed, with its error in `logs`, as the engine records it. Returns the
 * names applied, or null when the database is not empty or in any doubt (a `schema` in the URL,
 * another lock provider): the engine decides.
 */
export async function deployToEmptyDatabase(url: string, root: string): Promise<string[] | null> {
  const local = plainMigrations(url, root);
  if (!local?.length) return null;
  const client = new pg.Client(pgConfigFromUrl(url));
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK]);
    // the engine's schema when the URL names none, whatever the role's own search path says
    await client.query('SET search_path TO "public"');
    // nothing of anyone's in the schema yet: no relation, no type of its own
    const { rows: [{ taken }] } = await client.query(
      `SELECT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public')
           OR EXISTS (SELECT 1 FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = 'public') AS taken`,
    );
    if (taken) return null;
    await client.query(MIGRATIONS_TABLE);
    for (const m of local) {
      const id = crypto.randomUUID();
      await client.query("INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)", [id, m.checksum, m.name]);
      try {
        await client.query(fs.readFileSync(path.join(root, "prisma/migrations", m.name, "migration.sql"), "utf8"));
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        await client.query("UPDATE _prisma_migrations SET logs = $2 WHERE id = $1", [id, why]);
        throw new Error(`Migration ${m.name} failed: ${why}`);
      }
      await client.query("UPDATE _prisma_migrations SET finished_at = now(), applied_steps_count = applied_steps_count + 1 WHERE id = $1", [id]);
    }
    return local.map((m) => m.name);
  } finally {
    await client.end().catch(() => {});
  }
}

function pgConfigFromUrl(url: string) {
  // discrete fields, not { connectionString }: PrismaPg's shadow-database config spreads this and
  // overrides `database`, but pg lets a connectionString win over it.
  const u = new URL(url);
  return {
    host: u.hostname, port: Number(u.port || 5432), user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password), database: decodeURIComponent(u.pathname.slice(1)) || "postgres",
    ssl: /sslmode=(require|verify)/.test(u.search) ? { rejectUnauthorized: !/sslmode=require/.test(u.search) } : undefined,
  };
}

/**
 * Run one migration command against `url`.
 * cmd: "deploy" | "rolled-back" (arg: name) | "status" | "diff-empty"; "create" is createMigration's
 * Returns a one-line summary (or JSON / SQL text for status and diff-empty).
 */
export async function migrate({
  url,
  cmd,
  arg = undefined,
  root = process.cwd(),
  quiet = false,
}: {
  url: string;
  cmd: string;
  arg?: string;
  root?: string;
  quiet?: boolean;
}): Promise<string> {
  if (cmd === "deploy" && (await migrationsUpToDate(url, root))) {
    if (!quiet) console.log("No pending migrations.");
    return "No pending migrations.";
  }
  if (cmd === "deploy") {
    const applied = await deployToEmptyDatabase(url, root);
    if (applied) {
      const said = `Applied migrations: ${applied.join(", ")}`;
      if (!quiet) console.log(said);
      return said;
    }
  }
  const schemaPath = path.join(root, "prisma/schema.prisma");
  const migrationsDir = path.join(root, "prisma/migrations");
  const schemaContent = fs.readFileSync(schemaPath, "utf8");
  const files = [{ path: schemaPath, content: schemaContent }];
  const filters = { externalTables: [], externalEnums: [] };
  await loadEngineModule();
  const pgConfig = pgConfigFromUrl(url);
  const base = new PrismaPg(pgConfig);
  // our own shadow database handling: PrismaPg 7.10 drops it before closing its pool (which fails
  // and leaks prisma_migrate_shadow_db_* databases)
  const factory = bindMigrationAwareSqlAdapterFactory({
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => patchAdapter(await base.connect()),
    async connectToShadowDb() {
      const admin = new pg.Client(pgConfig);
      await admin.connect();
      const db = `prisma_shadow_${crypto.randomUUID().replaceAll("-", "")}`;
      await admin.query(`CREATE DATABASE "${db}"`);
      const adapter = patchAdapter(await new PrismaPg({ ...pgConfig, database: db }).connect());
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await dispose();
        await admin.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
        await admin.end();
      };
      return adapter;
    },
  });
  const engine = await bg.SchemaEngine.new({ datamodels: [[schemaPath, schemaContent]] }, (line: string) => {
    if (process.env.DEBUG_SCHEMA_ENGINE) console.error("[engine]", line);
  }, factory);
  const say = (m: string) => { if (!quiet) console.log(m); return m; };
  try {
    if (cmd === "deploy") {
      const out = await engine.applyMigrations({ migrationsList: listMigrations(migrationsDir), filters });
      return say(out.appliedMigrationNames.length ? `Applied migrations: ${out.appliedMigrationNames.join(", ")}` : "No pending migrations.");
    }
    if (cmd === "create") {
      // the engine's own createMigration wants a shadow database it cannot get through the adapter
      // factory ("PostgreSQL shadow DB must be provided through an external factory"): the engine
      // is connected to a scratch database holding the migrations (see createMigration), and its
      // diff from that database to the schema is the new migration, as `migrate dev` computes it
      const out = await engine.diff({ from: { tag: "schemaDatasource", files, configDir: root }, to: { tag: "schemaDatamodel", files }, script: true, exitCode: null, filters });
      return out.stdout ?? "";
    }
    if (cmd === "rolled-back") {
      await engine.markMigrationRolledBack({ migrationName: arg });
      return say(`Marked ${arg} as rolled back.`);
    }
    if (cmd === "status") {
      const out = await engine.diagnoseMigrationHistory({ migrationsList: listMigrations(migrationsDir), optInToShadowDatabase: false, filters });
      return say(JSON.stringify(out, null, 2));
    }
    if (cmd === "diff-empty") {
      const out = await engine.diff({ from: { tag: "empty" }, to: { tag: "schemaDatamodel", files }, script: true, exitCode: null, filters });
      return say(out.stdout ?? "");
    }
    throw new Error(`unknown migrate command ${cmd}`);
  } catch (e) {
    const panic = (globalThis as Loose).PRISMA_WASM_PANIC_REGISTRY?.message;
    if (panic && e instanceof Error) e.message += `\n${panic}`;
    throw e;
  } finally {
    engine.free();
    await base.dispose?.().catch(() => {});
  }
}

/**
 * `npm run db:migrate:create -- <name>`: the SQL that takes a database holding every migration to
 * `prisma/schema.prisma`, written as a new migration folder (nothing when they agree). The
 * migrations are replayed into a scratch database on the same server, dropped afterwards. What
 * Prisma's schema cannot declare (CHECK constraints, partial indexes, triggers, the `community`
 * schema) lives in the migrations only, and the diff leaves it alone.
 */
export async function createMigration({ url, name, root = process.cwd() }: { url: string; name: string; root?: string }): Promise<string> {
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error("a migration's name is letters, digits and _");
  const admin = new pg.Client(pgConfigFromUrl(url));
  await admin.connect();
  const scratch = `prisma_shadow_${crypto.randomUUID().replaceAll("-", "")}`;
  await admin.query(`CREATE DATABASE "${scratch}"`);
  try {
    const u = new URL(url);
    u.pathname = `/${scratch}`;
    await deployToEmptyDatabase(u.toString(), root);
    const script = await migrate({ url: u.toString(), cmd: "create", root, quiet: true });
    if (!script.split("\n").some((l) => l.trim() && !l.trim().startsWith("--"))) {
      console.log("No schema changes.");
      return "No schema changes.";
    }
    // after every existing folder, even one stamped ahead of the clock, so the order stays the order
    const last = localMigrations(root).at(-1)?.name.slice(0, 14) ?? "";
    let stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    if (/^\d{14}$/.test(last) && stamp <= last) stamp = String(BigInt(last) + BigInt(1));
    const dir = path.join(root, "prisma/migrations", `${stamp}_${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "migration.sql"), script);
    const said = `Created ${path.relative(root, dir)}/migration.sql`;
    console.log(said);
    return said;
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
  }
}
