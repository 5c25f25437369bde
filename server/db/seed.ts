// The seed (prisma/seed.ts) run by the start and by `npm run db:seed`, in the same process: bundled
// with esbuild (about 0.1 s; tsx in a second process took 2-3 s) and run on a worker thread. Its
// fingerprint is kept in the database (table seed_state), and a start skips the seed while nothing
// it depends on changed.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { localMigrations } from "./migrate";
import { distDir, root } from "../paths";
import { timing } from "../timing";
import { loadEsbuild } from "../esbuild";

type Bundle = { code: string; files: string[] };
type SeedInputs = { files: string[]; env: string[] };

const SEED_ENTRY = path.join(root, "prisma", "seed.ts");
/** Files every fingerprint covers besides the seed's own sources: the packages it imports, path aliases. */
const ALWAYS_FILES = ["package-lock.json", "tsconfig.json"];
/**
 * Variables the seed's code names that say where the app runs, not what the seed writes (the
 * database holding the fingerprint, addresses, ports): a new port or URL does not re-seed.
 */
const PLACE_ENV = new Set(["DATABASE_URL", "APP_URL", "NEXTAUTH_URL", "PORT", "HOST", "EMBEDDED_PG_PORT", "FOYER_DATA_DIR", "MAIL_DIR", "SMTP_URL", "FOYER_TIMING", "FOYER_QUIET"]);

/**
 * The seed's fingerprint over `inputs` ({ files, env }): the files' contents, the variables'
 * values (or their absence) and the migrations, as an HMAC keyed with SECRET_KEY, so that the
 * database never holds a plain hash of the passwords among them.
 */
function seedFingerprint(inputs: SeedInputs): string {
  const h = crypto.createHmac("sha256", process.env.SECRET_KEY || "foyer-seed");
  for (const f of inputs.files) {
    let content;
    try { content = fs.readFileSync(path.join(root, f)); } catch { content = "\0missing"; }
    h.update(`file ${f} ${content.length}\0`).update(content);
  }
  for (const name of inputs.env) h.update(`env ${name}\0${process.env[name] === undefined ? "\0unset" : process.env[name]}\0`);
  for (const m of localMigrations(root)) h.update(`migration ${m.name} ${m.checksum}\0`);
  return h.digest("hex");
}

/** The seed bundled into one ES module (packages left external), and the files it is made of. */
async function esbuildSeed(): Promise<Bundle> {
  const esbuild = loadEsbuild();
  try {
    const out = await esbuild.build({
      entryPoints: [SEED_ENTRY], bundle: true, platform: "node", format: "esm", target: "node20", packages: "external",
      tsconfig: path.join(root, "tsconfig.json"), absWorkingDir: root, write: false, metafile: true, logLevel: "silent",
      outfile: path.join(root, "seed.mjs"),
    });
    return { code: out.outputFiles[0].text, files: [...new Set([...Object.keys(out.metafile.inputs), ...ALWAYS_FILES])].sort() };
  } finally {
    await esbuild.stop();
  }
}

/** Where `npm run build` leaves the seed's bundle, with the hash of each file it was made from. */
const SEED_CACHE = path.join(distDir, "foyer-seed.json");
const hashOf = (file: string) => {
  try {
    return crypto.createHash("sha256").update(fs.readFileSync(path.join(root, file))).digest("hex");
  } catch {
    return "missing";
  }
};

/** Bundles the seed for the starts to come (npm run build): they then skip esbuild (0.3-0.5 s) while its files are unchanged. */
export async function writeSeedBundle(file = SEED_CACHE): Promise<void> {
  const { code, files } = await esbuildSeed();
  fs.writeFileSync(file, JSON.stringify({ code, files: Object.fromEntries(files.map((f) => [f, hashOf(f)])) }));
}

/** The bundle `npm run build` left, if every file it was made from is as it was then; else null. */
export function cachedSeedBundle(file = SEED_CACHE): Bundle | null {
  let cached;
  try {
    cached = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
  if (typeof cached?.code !== "string" || !cached.files || typeof cached.files !== "object") return null;
  for (const [f, hash] of Object.entries(cached.files as Record<string, string>)) if (hashOf(f) !== hash) return null;
  return { code: cached.code, files: Object.keys(cached.files) };
}

/** The seed's bundle: the build's while its files are unchanged, else bundled now. */
async function bundleSeed(): Promise<Bundle> {
  return cachedSeedBundle() ?? (await esbuildSeed());
}

/**
 * What the seed's fingerprint covers: its files, and every variable its code names (lib/env.ts
 * names them all; an unset one counts once set) but those that only say where the app runs.
 */
function seedInputs({ code, files }: Bundle): SeedInputs {
  const env = [...new Set(code.match(/\b[A-Z][A-Z0-9_]+\b/g) ?? [])].filter((n) => !PLACE_ENV.has(n) && (n in process.env || /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(n))).sort();
  return { files, env };
}

// The seed's worker thread: loads the bundle at once; told "warm" (with the server's environment,
// complete once its database is up) it has the seed warm() what it will need while the migrations
// run; told "run", it runs its seed() and reports how it went.
const SEED_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const loaded = import(workerData.url);
loaded.catch(() => undefined); // reported when it is asked to run
let warmed;
parentPort.on("message", async ({ op, env }) => {
  // this thread may have started before the server's environment was complete
  Object.assign(process.env, env);
  // a failure here shows again, with its reason, when the seed itself needs what failed
  warmed ??= loaded.then((m) => m.warm?.()).catch(() => undefined);
  if (op !== "run") return;
  try {
    await warmed;
    await (await loaded).seed();
    parentPort.postMessage({ ok: true });
  } catch (e) {
    parentPort.postMessage({ ok: false, error: (e && e.stack) || String(e) });
  }
});
`;

/**
 * A worker thread that has the seed's bundle loaded and runs it on `run()`: in this process, on
 * the other core while the server's thread loads Next and applies migrations, with globals of its
 * own (database pool, job queue) released when it ends. The bundle is written next to the
 * packages it imports (node_modules/.cache/foyer: bare imports resolve from there) and removed
 * once the thread ends.
 */
function seedWorker(code: string) {
  const dir = path.join(root, "node_modules", ".cache", "foyer");
  fs.mkdirSync(dir, { recursive: true });
  // one left by a start that was killed meanwhile
  for (const f of fs.readdirSync(dir)) {
    const old = path.join(dir, f);
    try { if (f.startsWith("seed-") && Date.now() - fs.statSync(old).mtimeMs > 3_600_000) fs.rmSync(old, { force: true }); } catch {}
  }
  const file = path.join(dir, `seed-${process.pid}-${crypto.randomBytes(6).toString("hex")}.mjs`);
  fs.writeFileSync(file, code);
  const worker = new Worker(SEED_WORKER, { eval: true, workerData: { url: pathToFileURL(file).href } });
  let outcome: { ok: boolean; error?: string } | null = null;
  const ended = new Promise<void>((resolve, reject) => {
    worker.on("message", (m) => {
      outcome = m;
      // done: the start goes on while the thread ends by itself once its output is flushed (one
      // that some handle keeps alive is stopped)
      if (m.ok) resolve();
      setTimeout(() => void worker.terminate(), 5000).unref();
    });
    worker.on("error", (e: Error) => (outcome = { ok: false, error: e?.stack ?? String(e) }));
    worker.on("exit", (code) => {
      fs.rmSync(file, { force: true });
      if (!outcome?.ok) reject(new Error(outcome?.error ?? `the seed's thread exited (${code})`));
    });
  });
  ended.catch(() => undefined); // awaited by run(), or the thread was stopped
  return {
    warm: () => worker.postMessage({ op: "warm", env: { ...process.env } }),
    run: () => (worker.postMessage({ op: "run", env: { ...process.env } }), ended),
    stop: () => void worker.terminate(),
  };
}

/** The stored seed state, or null (never seeded, or no table yet). */
async function readSeedState(): Promise<{ fingerprint: string; inputs: SeedInputs } | null> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  try {
    await client.connect();
    const { rows } = await client.query("SELECT fingerprint, inputs FROM seed_state WHERE id = 1");
    return rows[0] ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

async function recordSeed(fingerprint: string, inputs: SeedInputs) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO seed_state (id, fingerprint, inputs, seeded_at) VALUES (1, $1, $2, now())
       ON CONFLICT (id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, inputs = EXCLUDED.inputs, seeded_at = EXCLUDED.seeded_at`,
      [fingerprint, JSON.stringify(inputs)],
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Gets the seed ready while the migrations run: decides whether it must run, i.e. whether the
 * fingerprint stored by the last seed differs from that of its inputs now (the files it was built
 * from, the variables it names, the migrations on disk, the packages; a file newly imported by the
 * seed comes with a change to one it imported, so the recorded list stays complete), and if so
 * bundles it, loads it on its thread and has it warm up. `environment`: a promise of the
 * environment being complete (the database up; it need not be migrated yet).
 * `run()`, once the migrations are applied, seeds when needed and records the new fingerprint;
 * it answers whether it seeded. `always`: no fingerprint check (npm run db:seed). `fresh`: the
 * database is new, so the seed runs for sure; it is bundled and loaded at once, before the
 * environment is complete (a first start initialises its cluster meanwhile).
 */
export function prepareSeed({ always = false, fresh = false, environment = Promise.resolve() }: { always?: boolean; fresh?: boolean; environment?: Promise<unknown> } = {}) {
  const load = async () => {
    const bundle = await bundleSeed();
    return { bundle, worker: seedWorker(bundle.code) };
  };
  const early = fresh ? load() : null;
  early?.catch(() => undefined); // reported by run(), unless the environment failed first
  const ready = (async () => {
    await environment;
    if (!early) {
      const state = always ? null : await readSeedState();
      if (state && seedFingerprint(state.inputs) === state.fingerprint) return null;
    }
    const seed = await (early ?? load());
    seed.worker.warm();
    return seed;
  })();
  ready.catch(() => undefined); // reported by run()
  return {
    /** Whether it will seed (false also when the check failed: run() reports why). */
    needed: ready.then((seed) => !!seed, () => false),
    async run() {
      const seed = await ready;
      if (!seed) return false;
      timing("seed loaded");
      await seed.worker.run();
      // the environment now, the one the seed ran with
      const inputs = seedInputs(seed.bundle);
      await recordSeed(seedFingerprint(inputs), inputs);
      return true;
    },
    /** Drops it (the migrations failed). */
    async cancel() {
      (await ready.catch(() => null))?.worker.stop();
    },
  };
}

/** Runs prisma/seed.ts now, whatever changed (npm run db:seed), on a migrated database. */
export async function runSeed(): Promise<void> {
  await prepareSeed({ always: true }).run();
}
