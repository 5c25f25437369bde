// Prepares process.env before the app, the migrations or the seed run: loads .env, and when no
// DATABASE_URL is set starts the embedded PostgreSQL and supplies secrets generated once and kept
// under .data/ (never with a real DATABASE_URL: there the environment must provide them).
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { startEmbeddedPostgres } from "./embedded-pg.mjs";
import { migrate } from "./migrate.mjs";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
/** Where local state lives (embedded cluster, generated secrets, mail): FOYER_DATA_DIR or .data/ */
export const dataDir = path.resolve(root, process.env.FOYER_DATA_DIR ?? ".data");

function loadDotEnv() {
  for (const f of [".env.local", ".env"]) {
    const p = path.join(root, f);
    if (fs.existsSync(p)) process.loadEnvFile(p);
  }
}

function localSecrets() {
  const file = path.join(dataDir, "secrets.json");
  fs.mkdirSync(dataDir, { recursive: true });
  let s = {};
  try { s = JSON.parse(fs.readFileSync(file, "utf8")); } catch {}
  const gen = (n) => crypto.randomBytes(n).toString("base64url");
  const want = { SECRET_KEY: () => gen(48), ENCRYPTION_KEY: () => gen(32), FIRST_SUPERUSER_PASSWORD: () => gen(12), DEMO_USER_PASSWORD: () => gen(9) };
  let changed = false;
  for (const [k, make] of Object.entries(want)) if (!s[k]) { s[k] = make(); changed = true; }
  if (changed) fs.writeFileSync(file, JSON.stringify(s, null, 2) + "\n", { mode: 0o600 });
  return s;
}

/**
 * Returns { embedded, generated (names of the secrets taken from .data/secrets.json), stop() }. With `DATABASE_URL` unset, starts the embedded cluster
 * in .data/pg and fills in missing secrets from .data/secrets.json.
 */
export async function prepareEnvironment({ quiet = false } = {}) {
  loadDotEnv();
  process.env.CHECKPOINT_DISABLE = "1";
  if (process.env.DATABASE_URL) return { embedded: false, generated: [], stop: async () => {} };
  if (quiet) process.env.FOYER_QUIET = "1";
  const secrets = localSecrets();
  const generated = [];
  for (const [k, v] of Object.entries(secrets)) if (!process.env[k]) { process.env[k] = v; generated.push(k); }
  process.env.FIRST_SUPERUSER_EMAIL ??= "admin@example.com";
  process.env.DEMO_USER_EMAIL ??= "demo@example.com";
  const db = await startEmbeddedPostgres({ root: path.join(dataDir, "pg"), port: Number(process.env.EMBEDDED_PG_PORT ?? 54329) });
  process.env.DATABASE_URL = db.url;
  process.env.FOYER_EMBEDDED_DB = "1";
  process.env.MAIL_DIR ??= path.join(dataDir, "mail");
  return { embedded: true, generated, stop: db.stop };
}

export async function migrateDeploy({ quiet = false } = {}) {
  return migrate({ url: process.env.DATABASE_URL, cmd: "deploy", root, quiet });
}

/** Runs prisma/seed.ts (TypeScript, through tsx) with the current environment. */
export async function runSeed() {
  const { spawn } = await import("node:child_process");
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, path.join(root, "prisma", "seed.ts")], { stdio: "inherit", cwd: root, env: process.env });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed failed (exit ${code})`))));
  });
}
