// npm run bench:api: the API's lists on a production build against a bare node:http + pg server
// of our own (bench/api-baseline.mjs) that answers byte-identical JSON (same auth check,
// same rows), and against the ceiling: a Next route handler of the same build that answers the
// same bytes without any work (app/api/bench/ceiling/[name]/route.bench.ts). The ceiling is in no
// production build, so the bench builds its own copy of the app with it first: `npm run build`
// (scripts/build.mts) into .next-bench/ with FOYER_BENCH_BUILD=1, under which next.config.js
// routes route.bench.ts; its output goes to .data/bench-api/build.log, and every server of the app
// here runs that build. `npm run bench:api -- --no-build` reuses the copy already in .next-bench/
// (with a warning when sources changed after it). .next/ (or FOYER_DIST_DIR's build) is neither
// needed nor touched. One run, on its own embedded PostgreSQL under .data/bench-api (durable
// defaults; its data removed afterwards, the servers' logs and the build's output kept).
//   0. builds the bench's copy (unless --no-build): 70 s on the 2-core machine, from nothing;
//   1. seeds a household (20 locations with devices and measurements, schedules, devices without
//      a location), other users' rows around it, and an admin with 201 users; signs a bearer token
//      for each caller as lib/auth/tokens.ts does;
//   2. fetches every endpoint from the app and the baseline and fails unless the bodies (and
//      X-Total-Count) are byte-identical; the ceiling then serves the app's bytes;
//   3. warm-up, then BENCH_ROUNDS (3) interleaved rounds of BENCH_SECONDS (5 s) at 100 connections
//      (autocannon), app, baseline and ceiling in turn (the order rotates each round) on
//      locations/my, schedules, device_info/ and the admin's users list: req/s with its spread,
//      ratios per round, CPU per request of each server process and of PostgreSQL;
//   4. each list at a fixed rate of half the app's measured capacity, BENCH_FIXED_ROUNDS (3)
//      interleaved rounds of BENCH_FIXED_SECONDS (8 s), app, baseline and ceiling in turn (the order
//      rotates), each window after BENCH_FIXED_WARMUP_SECONDS (1 s) of the same load, not counted;
//      requests evenly spaced (open loop, our own client: autocannon's rate sends each second's
//      quota in one burst): p50 / p99 of the rounds' requests together (and each round's p99)
//      against p99 <= 2 x baseline's + 10 ms, for the app and for the ceiling at the same rate
//      (what Next itself allows, as the goal reads it);
//   5. the app alone at 100 then 200 connections over the four lists (BENCH_OVERLOAD_SECONDS, 10 s):
//      every status counted, 503 with and without Retry-After apart;
//   6. the app as deployed: a second instance of the same build with the default number of serving
//      processes (one per core, server/siblings.ts), idle until then. Per list, its own
//      capacity at 100 connections, then half of it as in step 4 (BENCH_FIXED_ROUNDS interleaved
//      rounds, the baseline at the same rate, the same goal); then over capacity as in step 5.
//      Steps 3 to 5 compare one process with the one-process baseline; this is what users get.
// Exits non-zero when the bodies differ or the app answered any 500. About 13 minutes, the build aside.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { SignJWT } from "jose";
import pg from "pg";
import { tsImport } from "tsx/esm/api";
import { startEmbeddedPostgres } from "../server/db/embedded-pg";
import { migrate } from "../server/db/migrate";
import { root } from "../server/paths";
import { median } from "./lib/stats.mjs";
import { SERVER_NODE_FLAGS } from "../server/flags";
import { processesFrom } from "../lib/shared/settings.mjs";

const dir = path.join(root, ".data", "bench-api");
/** The bench's own build of the app, with the ceiling (FOYER_BENCH_BUILD=1); the servers' FOYER_DIST_DIR. */
const BENCH_DIST = ".next-bench";
const distDir = path.join(root, BENCH_DIST);
const NO_BUILD = process.argv.slice(2).includes("--no-build");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FIXED_SECONDS = Number(process.env.BENCH_FIXED_SECONDS ?? 8);
const FIXED_ROUNDS = Number(process.env.BENCH_FIXED_ROUNDS ?? 3);
const OVERLOAD_SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 10);
const FIXED_WARMUP_SECONDS = Number(process.env.BENCH_FIXED_WARMUP_SECONDS ?? 1);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 100;
const SIDES = ["app", "baseline", "ceiling"];

const ENDPOINTS = [
  { name: "locations_my", label: "locations/my", path: "/api/v1/locations/my", as: "household", target: 0.35 },
  { name: "schedules", label: "schedules", path: "/api/v1/schedules", as: "household", target: 0.22 },
  { name: "device_info", label: "device_info/", path: "/api/v1/device_info/", as: "household" },
  { name: "users", label: "users (admin, 25)", path: "/api/v1/users?_start=0&_end=25&_sort=id&_order=ASC", as: "admin" },
];

const say = (s = "") => console.log(s);
/** The sides in turn, starting `by` places further each time (so no side always runs first). */
const rotate = (xs, by) => xs.map((_, i) => xs[(i + by) % xs.length]);
const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d }) : "-");
const spread = (xs, d = 0) => `${fmt(median(xs), d)} [${fmt(Math.min(...xs), d)}-${fmt(Math.max(...xs), d)}]`;

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer().once("error", reject).listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** CPU time (ms) a process has used, from /proc (user + system, all its threads). */
function cpuOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) * 10; // USER_HZ is 100
  } catch {
    return 0;
  }
}

/** The processes whose parent is `pid`, from /proc. */
function childrenOf(pid) {
  const out = [];
  for (const child of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${child}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) out.push(Number(child));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU time (ms) of the PostgreSQL cluster: the postmaster and its children (backends, walwriter...). */
const pgCpu = (postmaster) => childrenOf(postmaster).reduce((total, pid) => total + cpuOf(pid), cpuOf(postmaster));

function machine() {
  let model = os.cpus()[0]?.model?.trim() ?? "?";
  try {
    model = /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? model;
  } catch {
    // not Linux
  }
  return `${os.availableParallelism()} cores (nproc), ${model}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM; Node ${process.version}`;
}

/** The newest modification time under the folders a build is made of. */
function newestSource() {
  let newest = 0;
  const walk = (p) => {
    let st;
    try { st = fs.statSync(p); } catch { return; }
    if (st.isDirectory()) {
      if (path.basename(p) === "generated") return;
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const d of ["app", "lib", "components", "server", "messages", "next.config.js"]) walk(path.join(root, d));
  return newest;
}

/**
 * The bench's copy of the app: `npm run build` into .next-bench/ with the ceiling
 * (FOYER_BENCH_BUILD=1: next.config.js), its output in `log`.
 */
function build(log) {
  say(`building the app with its ceiling into ${BENCH_DIST}/ (FOYER_BENCH_BUILD=1; output in ${path.relative(root, log)}) ...`);
  const started = performance.now();
  const out = fs.openSync(log, "w");
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.mts"], {
    cwd: root,
    env: { ...process.env, FOYER_DIST_DIR: BENCH_DIST, FOYER_BENCH_BUILD: "1", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  if (r.status !== 0) {
    throw new Error(`the build failed (${r.status ?? r.signal ?? r.error?.message}); the end of ${path.relative(root, log)}:\n${fs.readFileSync(log, "utf8").split("\n").slice(-30).join("\n")}`);
  }
  say(`built in ${fmt((performance.now() - started) / 1000)} s`);
}

function checkBuild() {
  const buildId = path.join(distDir, "BUILD_ID");
  if (!fs.existsSync(buildId)) throw new Error(`There is no build in ${BENCH_DIST}/: run the bench without --no-build.`);
  if (!fs.existsSync(path.join(distDir, "server", "app", "api", "bench", "ceiling", "[name]", "route.js"))) {
    throw new Error(`The build in ${BENCH_DIST}/ has no ceiling route (app/api/bench/ceiling/[name]/route.bench.ts): run the bench without --no-build.`);
  }
  const built = fs.statSync(buildId).mtimeMs;
  if (newestSource() > built) say(`warning: sources changed after the build (${new Date(built).toISOString()}): the app measured is the build, not the working tree`);
}

/** The bench's data: a household, everyone else's rows around it, and an admin with 201 users. */
async function seed(url, noticeVersion) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query("BEGIN");
    const hash = "$2b$10$abcdefghijklmnopqrstuuFJ8mEwGgWQ4pxq1g1lD2y6bJ0mJ0pW2"; // nobody logs in: tokens are signed
    const user = async (email, first, last, superuser) =>
      (await c.query(
        `INSERT INTO users (email, first_name, last_name, hashed_password, is_superuser, accepted_tos, tos_version, tos_accepted_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, true, $6, now(), now()) RETURNING id, email, is_superuser, accepted_tos, token_version`,
        [email, first, last, hash, superuser, noticeVersion],
      )).rows[0];
    const admin = await user("admin@example.com", "Ada", "Admin", true);
    const household = await user("household@example.com", "Hélène", "Foyer", false);
    // 199 more users, a mix of active, accepted (current, older notice, none) and names
    await c.query(
      `INSERT INTO users (email, first_name, last_name, hashed_password, is_active, accepted_tos, tos_version, updated_at)
       SELECT 'member-' || g || '@example.com', CASE WHEN g % 7 = 0 THEN NULL ELSE 'First' || g END, 'Last' || (g % 97), $1,
              g % 10 <> 0, g % 3 <> 0, CASE g % 3 WHEN 0 THEN NULL WHEN 1 THEN $2::int ELSE $2::int - 1 END, now() - g * interval '1 hour'
       FROM generate_series(1, 199) g`,
      [hash, noticeVersion],
    );
    // the others' rows (one location, device, measurement and schedule each): the lists filter them out
    await c.query(`INSERT INTO locations (owner_id, name, country, lat, lon, updated_at)
      SELECT id, 'Home of ' || id, 'FR', 43 + (id % 50) * 0.01, 1 + (id % 50) * 0.02, now() FROM users WHERE email LIKE 'member-%'`);
    await c.query(`INSERT INTO devices (device_id, device_type, phase_m, owner_id, location_id, data_source, updated_at)
      SELECT 'dev-' || l.id, 'shelly', 'three', l.owner_id, l.id, 'shelly_api', now() FROM locations l WHERE l.owner_id <> $1`, [household.id]);
    await c.query(`INSERT INTO measurements (device_id, name, display_name, measure_type, classification, quantities, updated_at)
      SELECT d.id, 'ABC', 'Phase ABC', 'total_home', 'consumption', '[{"unit":"W","databaseMeasurementPrefix":"power"}]', now() FROM devices d`);
    await c.query(`INSERT INTO schedules (user_id, der_name, data, updated_at)
      SELECT id, 'Boiler', jsonb_build_object('der_name', 'Boiler', 'average_power', 2000, 'months', '[1,2,3]'::jsonb, 'days', '[0,1,2,3,4]'::jsonb, 'hours', '[2,3,4]'::jsonb, 'start_date', '2026-01-01T00:00:00.000Z'), now()
      FROM users WHERE email LIKE 'member-%'`);

    // the household: 20 locations; a single-phase spoony (2 channels) on every fourth, a
    // three-phase shelly (1 channel) and a linky (none) on the next two, no device on the fourth
    const places = ["House", "Flat", "Workshop", "Barn", "Studio"];
    const countries = ["FR", "DE", "IE", "AT", "FR"];
    let devices = 0, measurements = 0;
    const measurement = async (deviceId, name, display, type, programmable, category) => {
      measurements++;
      await c.query(
        `INSERT INTO measurements (device_id, name, display_name, measure_type, classification, programmable, smart_appliance_category, prefix, suffix, quantities, updated_at)
         VALUES ($1, $2, $3, $4, 'consumption', $5, $6, $7, NULL, $8, now())`,
        [deviceId, name, display, type, programmable, category, `home/${deviceId}/${name.toLowerCase()}`, JSON.stringify([{ unit: "W", databaseMeasurementPrefix: "power" }])],
      );
    };
    const device = async (deviceId, type, phase, locationId, source) => {
      devices++;
      return (await c.query(
        `INSERT INTO devices (device_id, device_type, phase_m, owner_id, location_id, data_source, mqtt_host, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING id`,
        [deviceId, type, phase, household.id, locationId, source, source === "mqtt" ? "mqtt.example.com" : null],
      )).rows[0].id;
    };
    for (let i = 0; i < 20; i++) {
      const { id } = (await c.query(
        `INSERT INTO locations (owner_id, name, country, lat, lon, updated_at) VALUES ($1, $2, $3, $4, $5, now()) RETURNING id`,
        [household.id, `${places[i % 5]} ${Math.floor(i / 5) + 1}`, countries[i % 5], (45.1234567 + i * 0.0123457).toFixed(8), (5.7654321 + i * 0.0234567).toFixed(8)],
      )).rows[0];
      if (i % 4 === 0) {
        const d = await device(`spoony-${1000 + i}`, "spoony", "single", id, "mqtt");
        await measurement(d, "L1", "Kitchen", "total_home", false, null);
        await measurement(d, "L2", "Heat pump", "other", true, "hvac");
      } else if (i % 4 === 1) {
        await measurement(await device(`shelly-${2000 + i}`, "shelly", "three", id, "shelly_api"), "ABC", "Phase ABC", "total_home", null, null);
      } else if (i % 4 === 2) {
        await device(`linky-${3000 + i}`, "linky", null, id, "linky_api");
      }
    }
    // two devices not placed anywhere yet (device_info/ lists them, locations/my does not)
    await measurement(await device("dcbel-1", "dcbel", null, null, "mqtt"), "EV", "Car charger", "ev", true, "battery_operated_rechargeable_appliances");
    await device("unknown-1", "unknown_device_type", null, null, null);
    const ders = ["Boiler", "Heat pump", "Car charger", "Pool pump", "Battery", "Dishwasher"];
    for (const [i, der] of ders.entries()) {
      const data = { der_name: der, average_power: 500 + 250 * i, months: [1 + i, 2 + i, 3 + i], days: [0, 1, 2, 3, 4].slice(0, 2 + (i % 4)), hours: [2 + i, 3 + i, 14 + i], start_date: "2026-01-05T00:00:00.000Z" };
      await c.query("INSERT INTO schedules (user_id, der_name, data, updated_at) VALUES ($1, $2, $3, now())", [household.id, der, JSON.stringify(data)]);
    }
    await c.query("COMMIT");
    await c.query("ANALYZE");
    const users = (await c.query("SELECT count(*)::int AS n FROM users")).rows[0].n;
    return { admin, household, devices, measurements, schedules: ders.length, users };
  } finally {
    await c.end();
  }
}

/** A bearer token as lib/auth/tokens.ts createAccessToken signs it. */
async function token(secret, u) {
  return new SignJWT({ email: u.email, permissions: u.is_superuser ? "admin" : "user", accepted_tos: u.accepted_tos, ver: u.token_version })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(u.id))
    .setIssuedAt()
    .setExpirationTime("1d")
    .sign(new TextEncoder().encode(secret));
}

function startProcess(name, args, env, logFile) {
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", log, log] });
  fs.closeSync(log);
  child.once("exit", (code, signal) => {
    if (stopping) return;
    console.error(`\n${name} exited (${code ?? signal}); the end of ${path.relative(root, logFile)}:\n${fs.readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n")}`);
    void cleanup().finally(() => process.exit(1));
  });
  return child;
}

async function waitFor(url, what) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not start`);
}

/**
 * An open-loop load at a fixed rate: requests sent at even intervals whatever the answers' pace
 * (autocannon's `overallRate` sends each second's quota in a burst), on keep-alive connections
 * (at most `connections`). Latency runs from the moment a request was due, so a server that falls
 * behind shows it (no coordinated omission).
 */
async function fixedRate(url, headers, rate, seconds, warmupSeconds = 0, connections = CONNECTIONS) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times = [];
  const statuses = {};
  let errors = 0;
  // the latencies of the first `warmupSeconds` (the same schedule, on the same connections) are
  // not counted; every answer's status is
  const one = (due, counted) => new Promise((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () => {
        if (counted) times.push(performance.now() - due);
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        resolve();
      });
    });
    req.on("error", () => {
      errors++;
      resolve();
    });
  });
  const start = performance.now();
  const skip = Math.round(rate * warmupSeconds);
  const n = skip + Math.round(rate * seconds);
  const pending = [];
  for (let i = 0; i < n; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(one(due, i >= skip));
  }
  await Promise.all(pending);
  agent.destroy();
  return { times, statuses, errors };
}

/** p50, p99 and max of latencies (ms), the nearest-rank way. */
function latencyOf(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return { p50: at(50), p99: at(99), max: sorted[sorted.length - 1] };
}

let stopping = false;
/** Stops the servers and the cluster (set once they exist). */
let cleanup = async () => {};

async function main() {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "ceiling"), { recursive: true });
  if (!NO_BUILD) build(path.join(dir, "build.log"));
  checkBuild();
  process.env.FOYER_QUIET = "1";
  const { PRIVACY_NOTICE } = await tsImport("../lib/privacy/notice.ts", import.meta.url);
  const cluster = await startEmbeddedPostgres({ root: path.join(dir, "pg"), port: 0, database: "foyer" });
  const children = [];
  let stopped;
  cleanup = () => (stopped ??= (async () => {
    stopping = true;
    for (const c of children) if (c.exitCode === null) c.kill("SIGINT");
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null)));
    await cluster.stop();
    fs.rmSync(path.join(dir, "pg"), { recursive: true, force: true });
  })());
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));
  try {
    await migrate({ url: cluster.url, cmd: "deploy", root, quiet: true });
    const data = await seed(cluster.url, PRIVACY_NOTICE.version);
    const secret = crypto.randomBytes(48).toString("base64url");
    const auth = {
      household: { Authorization: `Bearer ${await token(secret, data.household)}` },
      admin: { Authorization: `Bearer ${await token(secret, data.admin)}` },
    };
    const [appPort, basePort, deployedPort] = [await freePort(), await freePort(), await freePort()];
    const common = { ...process.env, DATABASE_URL: cluster.url, SECRET_KEY: secret, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };
    /** An instance of the app on `port`: the bench's build (next.config.js read as it was built), no job workers, no seed. */
    const appEnv = (env, port) => ({ ...env, FOYER_DIST_DIR: BENCH_DIST, FOYER_BENCH_BUILD: "1", PORT: String(port), HOST: "127.0.0.1", APP_URL: `http://127.0.0.1:${port}`, FOYER_WORKERS: "false", SEED_ON_START: "false" });
    children.push(startProcess("the app", [...SERVER_NODE_FLAGS, "scripts/start.mjs", "start"], {
      ...appEnv(common, appPort),
      // one serving process, as the baseline: the ratio compares the work per request (server/siblings.ts)
      FOYER_PROCESSES: "1",
      // the ceiling's bodies (step 2); the deployed instance has none: its ceiling is a 404
      FOYER_BENCH_DIR: path.join(dir, "ceiling"),
    }, path.join(dir, "app.log")));
    children.push(startProcess("the baseline", ["--import", "tsx", "bench/api-baseline.mjs"], {
      ...common, PORT: String(basePort), BENCH_NOTICE_VERSION: String(PRIVACY_NOTICE.version),
    }, path.join(dir, "baseline.log")));
    // the app as `npm start` runs it: FOYER_PROCESSES unset (step 6)
    const { FOYER_PROCESSES: _unset, ...deployedEnv } = common;
    children.push(startProcess("the app as deployed", [...SERVER_NODE_FLAGS, "scripts/start.mjs", "start"], appEnv(deployedEnv, deployedPort), path.join(dir, "app-deployed.log")));
    const origin = { app: `http://127.0.0.1:${appPort}`, baseline: `http://127.0.0.1:${basePort}`, ceiling: `http://127.0.0.1:${appPort}`, deployed: `http://127.0.0.1:${deployedPort}` };
    await Promise.all([waitFor(`${origin.app}/api/health`, "the app"), waitFor(`${origin.baseline}/health`, "the baseline"), waitFor(`${origin.deployed}/api/health`, "the app as deployed")]);
    const pids = { app: children[0].pid, baseline: children[1].pid, ceiling: children[0].pid, deployed: children[2].pid };
    const postmaster = Number(fs.readFileSync(path.join(cluster.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    const urlOf = (side, e) => origin[side] + (side === "ceiling" ? `/api/bench/ceiling/${e.name}` : e.path);

    const sql = new pg.Client({ connectionString: cluster.url });
    await sql.connect();
    const { rows: [{ version }] } = await sql.query("SELECT version()");
    await sql.end();
    say(`machine: ${machine()}; ${version.split(",")[0]} (embedded, durable defaults)`);
    say(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} (other work on the machine shares its cores)`);
    say(`data: a household with 20 locations, ${data.devices} devices (${data.measurements} measurements), ${data.schedules} schedules; ${data.users} users; everyone else's rows around them`);

    // 2. the same bytes from the app and the baseline, then the ceiling serving them
    const sizes = {};
    for (const e of ENDPOINTS) {
      const get = async (side) => {
        // as autocannon asks: no Accept-Encoding (fetch would ask for gzip, and Next would compress)
        const r = await fetch(urlOf(side, e), { headers: { ...auth[e.as], "Accept-Encoding": "identity" } });
        return { status: r.status, total: r.headers.get("x-total-count"), body: Buffer.from(await r.arrayBuffer()), headers: [...r.headers.keys()].filter((h) => h !== "date" && h !== "connection" && h !== "keep-alive") };
      };
      const [a, b] = [await get("app"), await get("baseline")];
      if (a.status !== 200 || b.status !== 200) throw new Error(`${e.path}: the app answered ${a.status}, the baseline ${b.status}\n${a.body}\n${b.body}`);
      if (!a.body.equals(b.body) || a.total !== b.total) {
        let i = 0;
        while (i < a.body.length && a.body[i] === b.body[i]) i++;
        throw new Error(`${e.path}: the baseline's body is not the app's (X-Total-Count ${a.total} / ${b.total}; ${a.body.length} / ${b.body.length} bytes; first difference at byte ${i}):\n  app:      …${a.body.subarray(Math.max(0, i - 80), i + 80)}…\n  baseline: …${b.body.subarray(Math.max(0, i - 80), i + 80)}…`);
      }
      fs.writeFileSync(path.join(dir, "ceiling", `${e.name}.json`), a.body);
      fs.writeFileSync(path.join(dir, "ceiling", `${e.name}.total`), a.total);
      const c = await get("ceiling");
      if (c.status !== 200 || !c.body.equals(a.body) || c.total !== a.total) throw new Error(`${e.path}: the ceiling route does not serve the app's bytes (status ${c.status})`);
      sizes[e.name] = a.body.length;
      const only = (x, y) => x.headers.filter((h) => !y.headers.includes(h)).join(", ") || "none";
      say(`  ${e.label.padEnd(18)} ${fmt(a.body.length)} bytes, X-Total-Count ${a.total}: app, baseline and ceiling byte-identical (headers only the app sends: ${only(a, b)}; only the ceiling: ${only(c, b)}; only the baseline: ${only(b, a)})`);
    }

    const run = async (side, e, opts) => {
      const [cpu0, pg0] = [cpuOf(pids[side]), pgCpu(postmaster)];
      const r = await autocannon({ url: urlOf(side, e), headers: auth[e.as], connections: CONNECTIONS, duration: SECONDS, ...opts });
      const [cpu1, pg1] = [cpuOf(pids[side]), pgCpu(postmaster)];
      const answered = r["2xx"] + r.non2xx;
      const statuses = Object.fromEntries(Object.entries(r.statusCodeStats).map(([s, v]) => [s, v.count]));
      return { rps: r["2xx"] / r.duration, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, statuses, errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, cpu: (cpu1 - cpu0) / Math.max(1, answered), pgCpu: (pg1 - pg0) / Math.max(1, answered) };
    };

    // 3. warm-up, then interleaved rounds
    say(`\nwarm-up: ${WARMUP_SECONDS} s per endpoint and side`);
    for (const e of ENDPOINTS) for (const side of SIDES) await run(side, e, { duration: WARMUP_SECONDS });
    const results = Object.fromEntries(ENDPOINTS.map((e) => [e.name, Object.fromEntries(SIDES.map((s) => [s, []]))]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = rotate(SIDES, round);
      process.stdout.write(`round ${round + 1}/${ROUNDS} (${order.join(", ")})…`);
      for (const e of ENDPOINTS) for (const side of order) results[e.name][side].push(await run(side, e, {}));
      say(" done");
    }
    const bad500 = { total: 0 };
    const statusText = (st) => Object.entries(st).map(([s, n]) => `${s}×${fmt(n)}`).join(" ");
    say(`\nthroughput at ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s: req/s (2xx) median [min-max]; ratios per round, median [min-max]`);
    say(`${"endpoint".padEnd(18)} ${"app".padEnd(18)} ${"baseline".padEnd(20)} ${"ceiling".padEnd(20)} ${"app/baseline".padEnd(20)} ${"app/ceiling".padEnd(20)} ${"attainable*".padEnd(12)} target`);
    const closeness = {};
    for (const e of ENDPOINTS) {
      const r = results[e.name];
      const rps = (s) => r[s].map((x) => x.rps);
      const ratio = (a, b) => r[a].map((x, i) => x.rps / r[b][i].rps);
      // what the app could serve if it added to the baseline's work only what Next itself costs
      // (the ceiling's time per request): both on one core, no overlap
      const attainable = r.baseline.map((x, i) => 1 / (1 / x.rps + 1 / r.ceiling[i].rps));
      closeness[e.name] = { attainableRatio: median(attainable.map((a, i) => a / r.baseline[i].rps)), appToAttainable: median(r.app.map((x, i) => x.rps / attainable[i])) };
      const target = e.target ? `>= ${e.target} (${median(ratio("app", "baseline")) >= e.target ? "met" : "not met"})` : "see below";
      say(`${e.label.padEnd(18)} ${spread(rps("app")).padEnd(18)} ${spread(rps("baseline")).padEnd(20)} ${spread(rps("ceiling")).padEnd(20)} ${spread(ratio("app", "baseline"), 3).padEnd(20)} ${spread(ratio("app", "ceiling"), 3).padEnd(20)} ${fmt(closeness[e.name].attainableRatio, 2).padEnd(12)} ${target}`);
    }
    say(`* attainable: app/baseline if the app cost the baseline's time per request plus the ceiling's (Next's own) and nothing more, on one core: 1/(1/baseline + 1/ceiling), as a ratio to the baseline`);
    // the issue's targets for locations/my and schedules, as a share of the attainable ratio: the same closeness asked of the other two
    const want = median(ENDPOINTS.filter((e) => e.target).map((e) => e.target / closeness[e.name].attainableRatio));
    say(`closeness to the attainable (app/baseline ÷ attainable ratio); the targets above ask for ${fmt(want, 2)} of it:`);
    for (const e of ENDPOINTS) {
      const c = closeness[e.name];
      say(`  ${e.label.padEnd(18)} ${fmt(c.appToAttainable, 2)}${e.target ? "" : `  (target app/baseline >= ${fmt(want * c.attainableRatio, 3)}: ${c.appToAttainable >= want ? "met" : "not met"})`}`);
    }
    say(`\nper request, median over the rounds: latency p50 / p99 (ms) and CPU (ms) of the server process and of PostgreSQL; statuses over all rounds`);
    for (const e of ENDPOINTS) {
      for (const side of SIDES) {
        const r = results[e.name][side];
        const st = {};
        for (const x of r) for (const [s, n] of Object.entries(x.statuses)) st[s] = (st[s] ?? 0) + n;
        const errs = r.reduce((a, x) => a + x.errors, 0);
        if (side !== "baseline") bad500.total += st[500] ?? 0;
        say(`  ${e.label.padEnd(18)} ${side.padEnd(9)} p50 ${fmt(median(r.map((x) => x.p50))).padStart(5)}  p99 ${fmt(median(r.map((x) => x.p99))).padStart(5)}   CPU server ${fmt(median(r.map((x) => x.cpu)), 2).padStart(5)}  PostgreSQL ${fmt(median(r.map((x) => x.pgCpu)), 2).padStart(5)}   ${statusText(st)}${errs ? `, ${errs} connection errors` : ""}`);
      }
    }

    // 4. a fixed rate: half the app's capacity, in interleaved rounds
    say(`\nat a fixed rate of half the app's capacity (open loop, evenly spaced): ${FIXED_ROUNDS} interleaved rounds of ${FIXED_SECONDS} s, app, baseline and ceiling in turn (the order rotates), each window after ${FIXED_WARMUP_SECONDS} s of the same load, not counted; latency ms from when each request was due, p50 / p99 / max over the rounds' requests together, then each round's p99; goal p99 <= 2 x baseline's + 10 ms, the ceiling (Next's route without work) held to the same goal at the same rate`);
    const errs = (o) => (o.errors ? `, ${o.errors} connection errors` : "");
    const lat = (o) => `${fmt(o.p50, 1)} / ${fmt(o.p99, 1)} / ${fmt(o.max, 1)} (${o.rounds.map((x) => fmt(x, 1)).join(", ")})`;
    /**
     * BENCH_FIXED_ROUNDS interleaved windows of each of `sides` on `e` at `rate`, the order rotating
     * from `shift`: per side, p50 / p99 / max of its windows' requests together, each window's p99,
     * statuses and connection errors.
     */
    const interleaved = async (sides, e, rate, shift) => {
      const out = Object.fromEntries(sides.map((side) => [side, { times: [], rounds: [], statuses: {}, errors: 0 }]));
      for (let round = 0; round < FIXED_ROUNDS; round++) {
        for (const side of rotate(sides, shift + round)) {
          // a window measures the steady state at that rate: its first second (the same load, on
          // the same connections) is not counted. Without it, the first window began while the
          // app's process was still closing the last burst's 100 connections (its first 120 ms
          // 110-160 ms late in every run); after 2 s at rest instead, every side's first 400 ms
          // were late (up to 50-220 ms), the app's and the baseline's alike (logged with clocks
          // aligned, 30 Nov)
          const w = await fixedRate(urlOf(side, e), auth[e.as], rate, FIXED_SECONDS, FIXED_WARMUP_SECONDS);
          const o = out[side];
          o.times.push(...w.times);
          o.rounds.push(latencyOf(w.times).p99);
          for (const [s, n] of Object.entries(w.statuses)) o.statuses[s] = (o.statuses[s] ?? 0) + n;
          o.errors += w.errors;
        }
      }
      for (const o of Object.values(out)) Object.assign(o, latencyOf(o.times));
      return out;
    };
    for (const [i, e] of ENDPOINTS.entries()) {
      const rate = Math.max(1, Math.round(median(results[e.name].app.map((x) => x.rps)) / 2));
      const out = await interleaved(SIDES, e, rate, i);
      bad500.total += out.app.statuses[500] ?? 0;
      const limit = 2 * out.baseline.p99 + 10;
      const verdict = (o) => (o.p99 <= limit ? "met" : "not met");
      say(`  ${e.label.padEnd(18)} ${fmt(rate).padStart(5)} req/s   app ${lat(out.app)}   baseline ${lat(out.baseline)}   ceiling ${lat(out.ceiling)}   p99 vs ${fmt(limit, 1)}: app ${verdict(out.app)}, ceiling ${verdict(out.ceiling)}   statuses app ${statusText(out.app.statuses)}${errs(out.app)}, baseline ${statusText(out.baseline.statuses)}${errs(out.baseline)}, ceiling ${statusText(out.ceiling.statuses)}${errs(out.ceiling)}`);
    }

    // 5. the app over its capacity
    say(`\noverload: the app alone, the four lists in turn on each connection, ${OVERLOAD_SECONDS} s`);
    await overload(origin.app);

    // 6. the app as deployed: its own capacity, then half of it against the baseline at that rate
    const serving = 1 + childrenOf(children[2].pid).length;
    say(`\nthe app as deployed: the same build with the default serving processes (FOYER_PROCESSES unset: ${processesFrom({}, false, os.availableParallelism())} on this machine; ${serving} running). Per list: its capacity at ${CONNECTIONS} connections (${SECONDS} s after ${WARMUP_SECONDS} s), then half of it in ${FIXED_ROUNDS} interleaved rounds of ${FIXED_SECONDS} s with the baseline at the same rate, as in step 4; then over capacity as in step 5`);
    // idle until now: every list warmed first (both processes compile the same code), then each again before its capacity
    for (const e of ENDPOINTS) await run("deployed", e, { duration: WARMUP_SECONDS });
    for (const [i, e] of ENDPOINTS.entries()) {
      await run("deployed", e, { duration: WARMUP_SECONDS });
      const capacity = (await run("deployed", e, {})).rps;
      const rate = Math.max(1, Math.round(capacity / 2));
      const out = await interleaved(["deployed", "baseline"], e, rate, i);
      bad500.total += out.deployed.statuses[500] ?? 0;
      const limit = 2 * out.baseline.p99 + 10;
      say(`  ${e.label.padEnd(18)} capacity ${fmt(capacity)} req/s; at ${fmt(rate)} req/s: as deployed ${lat(out.deployed)}   baseline ${lat(out.baseline)}   p99 vs ${fmt(limit, 1)}: ${out.deployed.p99 <= limit ? "met" : "not met"}   statuses ${statusText(out.deployed.statuses)}${errs(out.deployed)}, baseline ${statusText(out.baseline.statuses)}${errs(out.baseline)}`);
    }
    say(`  over capacity, as in step 5:`);
    await overload(origin.deployed);

    /** The four lists in turn on each connection of `url`, at 100 then 200 connections: every status, 503s with and without Retry-After. */
    async function overload(url) {
      for (const connections of [100, 200]) {
        const seen = { retryAfter: 0, noRetryAfter: 0 };
        const requests = ENDPOINTS.map((e) => ({
          method: "GET",
          path: e.path,
          headers: auth[e.as],
          onResponse: (status, _body, _ctx, headers) => {
            if (status !== 503) return;
            if (Object.keys(headers).some((h) => h.toLowerCase() === "retry-after")) seen.retryAfter++;
            else seen.noRetryAfter++;
          },
        }));
        const r = await autocannon({ url, connections, duration: OVERLOAD_SECONDS, requests });
        const st = Object.fromEntries(Object.entries(r.statusCodeStats).map(([s, v]) => [s, v.count]));
        bad500.total += st[500] ?? 0;
        say(`  ${String(connections).padStart(3)} connections: ${fmt(r["2xx"] / r.duration)} req/s answered 2xx; statuses ${statusText(st)}; 503 with Retry-After ${seen.retryAfter}, without ${seen.noRetryAfter}; connection errors ${r.errors}, timeouts ${r.timeouts}; latency p50 ${fmt(r.latency.p50)} ms, p99 ${fmt(r.latency.p99)} ms`);
      }
    }
    say(`\nload average after: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    say(bad500.total ? `${bad500.total} answers of 500 from the app: FAILED (the servers' logs: ${path.relative(root, dir)}/)` : "no answer of 500 from the app");
    if (bad500.total) process.exitCode = 1;
  } finally {
    await cleanup();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
