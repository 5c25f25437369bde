// Prepares process.env before the app, the migrations or the seed run: loads .env, and when no
// DATABASE_URL is set starts the embedded PostgreSQL and supplies secrets generated once and kept
// under .data/ (never with a real DATABASE_URL: there the environment must provide them).
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { startEmbeddedPostgres } from "./embedded-pg";
import { migrate } from "./migrate";
import { dataDir, root } from "../paths";
import { embeddedPgPortFrom } from "@/lib/shared/settings.mjs";

function loadDotEnv() {
  for (const f of [".env.local", ".env"]) {
    const p = path.join(root, f);
    if (fs.existsSync(p)) process.loadEnvFile(p);
  }
}

function localSecrets(): Record<string, string> {
  const file = path.join(dataDir, "secrets.json");
  fs.mkdirSync(dataDir, { recursive: true });
  let s: Record<string, string> = {};
  try { s = JSON.parse(fs.readFileSync(file, "utf8")); } catch {}
  const gen = (n: number) => crypto.randomBytes(n).toString("base64url");
  const want = { SECRET_KEY: () => gen(48), ENCRYPTION_KEY: () => gen(32), FIRST_SUPERUSER_PASSWORD: () => gen(12), DEMO_USER_PASSWORD: () => gen(9) };
  let changed = false;
  for (const [k, make] of Object.entries(want)) if (!s[k]) { s[k] = make(); changed = true; }
  if (changed) fs.writeFileSync(file, JSON.stringify(s, null, 2) + "\n", { mode: 0o600 });
  return s;
}

/** The database the process runs on, once the environment is ready. */
export type Environment = {
  embedded: boolean;
  /** names of the secrets taken from .data/secrets.json */
  generated: string[];
  stop: () => Promise<void>;
};

/**
 * With `DATABASE_URL` unset, starts the embedded cluster in .data/pg and fills in missing secrets
 * from .data/secrets.json.
 */
export async function prepareEnvironment({ quiet = false } = {}): Promise<Environment> {
  loadDotEnv();
  process.env.CHECKPOINT_DISABLE = "1";
  if (process.env.DATABASE_URL) return { embedded: false, generated: [], stop: async () => {} };
  if (quiet) process.env.FOYER_QUIET = "1";
  const secrets = localSecrets();
  const generated: string[] = [];
  for (const [k, v] of Object.entries(secrets)) if (!process.env[k]) { process.env[k] = v; generated.push(k); }
  process.env.FIRST_SUPERUSER_EMAIL ??= "admin@example.com";
  process.env.DEMO_USER_EMAIL ??= "demo@example.com";
  // the app's own cluster: started again if it exits unasked (killed, crashed)
  const db = await startEmbeddedPostgres({ root: path.join(dataDir, "pg"), port: embeddedPgPortFrom(process.env), supervise: true });
  process.env.DATABASE_URL = db.url;
  process.env.FOYER_EMBEDDED_DB = "1";
  process.env.MAIL_DIR ??= path.join(dataDir, "mail");
  return { embedded: true, generated, stop: db.stop };
}

export async function migrateDeploy({ quiet = false } = {}): Promise<string> {
  return migrate({ url: process.env.DATABASE_URL!, cmd: "deploy", root, quiet });
}

/**
 * Whether this start makes a new embedded cluster (no DATABASE_URL, in the environment or .env,
 * and no cluster folder yet), whose database is then seeded for sure. A wrong guess costs only a
 * seed run when none was needed (the seed is idempotent).
 */
export function newEmbeddedCluster(): boolean {
  loadDotEnv();
  return !process.env.DATABASE_URL && !fs.existsSync(path.join(dataDir, "pg"));
}
