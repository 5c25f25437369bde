// npm run bench:pages [-- --build] [-- --no-lighthouse] [-- --no-throughput]: what our pages cost a
// browser and the server, against the floor of our own stack measured in the same run (issue 14).
// Run it alone on the machine (e.g. under `flock /tmp/foyer-heavy.lock`): it builds and measures.
//   1. builds two floor apps with the project's own versions (bench/lib/floor.mjs, written to
//      .next-bench/floor-blank and .next-bench/floor-mui): a blank Next.js page, and a handful of
//      MUI client components with emotion set up as our root layout does; serves them (next start);
//   2. starts the project's production build (`npm run build` first, or pass --build; it builds
//      itself when there is none) as `node scripts/start.mjs start` on a throw-away embedded
//      PostgreSQL in .next-bench/data (seeded: the demo household and the admin), then signs in
//      through next-auth's credentials callback as the demo household and as the admin;
//   3. loads each page in Chromium (/usr/bin/chromium, through Playwright) in a fresh context, so
//      nothing is cached, until hydrated and the network is idle (after a first pass over them all
//      that warms the servers: what a browser with an empty cache gets from a running server); sums the scripts' bytes as served
//      (the encoded body on the wire) and decoded, HTML, CSS; against the MUI floor (goal: within
//      10 %), as served and with every script gzipped alike (level 6) for a like-for-like figure;
//      the encodings served; where the JavaScript goes (the biggest chunks, the client components
//      in them from the build's client reference manifests, and marks of known packages);
//   4. Lighthouse mobile (default config: emulated Moto G Power, simulated slow 4G) on a Chromium
//      of its own per run: score, TBT, CLS, LCP, BENCH_LIGHTHOUSE_RUNS (3) runs per page in rounds,
//      the run of median TBT reported (reports kept in .next-bench/lighthouse/); the MUI floor twice:
//      as Next serves it, and with the app's security headers added by a proxy (Cross-Origin-Opener-
//      Policy costs a page a renderer process of its own in Lighthouse's run);
//   5. autocannon on the pages (BENCH_SECONDS, 10 s each, BENCH_CONNECTIONS 50): req/s and latency,
//      every status counted; visitors anonymous, the rest with the cookie; and the CPU the app's
//      processes and PostgreSQL used per page meanwhile. Before each, a warm-up: 2 s for the
//      visitors' pages (served from memory), BENCH_WARMUP_SECONDS (15) for a signed-in page, whose
//      render V8 is still compiling after 2 s (measured: 34 -> 16 ms of CPU per page over the first
//      30 s of load; the first pages of a process are not what it serves all day).
// --baseline=<revision> (or BENCH_BASELINE): the signed-in pages' rates against the project at that
// revision, in the same run: a git worktree of it in .next-bench/baseline-<sha>/ with its own
// dependencies (npm install) and production build, both made once and kept for the next runs;
// started as the app is, on a throw-away database of its own, signed in alike. Each signed-in page
// is warmed on both, then measured in BENCH_ROUNDS (3) alternating rounds, app then baseline, and
// the bench prints the ratio of their rates round by round (the issue's goal: ≥ 2× the render
// rate of the day it was filed, e.g. --baseline=9fa0dfc, the last commit before the work on it).
// Every process it starts is stopped at the end, on failure and on Ctrl-C. About 6 minutes (12 with
// a baseline already built).
// Environment: BENCH_SECONDS, BENCH_ROUNDS, BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS, BENCH_ACCEPT_ENCODING (the throughput requests'
// Accept-Encoding; none by default, as autocannon and bench:api), BENCH_LIGHTHOUSE_RUNS, CHROMIUM_PATH,
// FOYER_DIST_DIR.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import zlib from "node:zlib";
import { FLOORS, strayProjectSources, writeFloor } from "./lib/floor.mjs";
import { treeCpuMs, startProcess, stopAll, stopProcess } from "./lib/procs.mjs";
import { distDir, nextBin, root } from "../server/paths";
import { securityHeaders } from "../server/http-guard";
import { markEagerCompile } from "../server/compile-hints";
import { SERVER_NODE_FLAGS } from "../server/flags";

const benchDir = path.join(root, ".next-bench"); // gitignored (.next-*/), and ignored by ESLint and tsc
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "";
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const argv = process.argv.slice(2);
const flag = (f) => argv.includes(f);
const BASELINE = argv.find((a) => a.startsWith("--baseline="))?.slice("--baseline=".length) || process.env.BENCH_BASELINE || "";
for (const a of argv) {
  if (!["--build", "--no-lighthouse", "--no-throughput", "--help"].includes(a) && !a.startsWith("--baseline=")) {
    console.error(`unknown option ${a}`);
    process.exit(2);
  }
}
if (flag("--help")) {
  console.log(fs.readFileSync(fileURLToPath(import.meta.url), "utf8").split("\nimport ")[0].replace(/^\/\/ ?/gm, ""));
  process.exit(0);
}

const VISITOR = ["/", "/login", "/signup", "/forgot-password", "/privacy"];
const HOUSEHOLD = ["/", "/integrations", "/device-info", "/user-devices", "/locations/", "/schedules", "/dashboards", "/protected"];
const ADMIN = ["/admin"];
const LIGHTHOUSE = [["visitor", "/"], ["visitor", "/login"], ["household", "/"], ["household", "/schedules"], ["household", "/device-info"], ["floor-mui", "/"], ["floor-mui-headers", "/"]];
const THROUGHPUT = [...VISITOR.map((p) => ["visitor", p]), ...["/", "/locations/", "/schedules", "/device-info"].map((p) => ["household", p])];
/** the issue's render rates before the work on it (pages/s), where it measured them */
const BEFORE = { "household /locations/": 49, "visitor /": 61 };

const say = (s = "") => console.log(s);
const kib = (b) => (b / 1024).toFixed(1);
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const secs = (t0) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const FLOOR_LABELS = { "floor-mui": "MUI floor", "floor-blank": "blank floor", "floor-mui-headers": "MUI floor + headers" };
const label = (who, p) => FLOOR_LABELS[who] ?? `${who} ${p}`;

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer().once("error", reject).listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Runs a command to its end, its output into `logFile`; throws with the log's end if it fails. */
function run(command, args, { cwd, env, logFile }) {
  return new Promise((resolve, reject) => {
    const log = fs.openSync(logFile, "w");
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", log, log] });
    fs.closeSync(log);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) return resolve();
      const tail = fs.readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n");
      reject(new Error(`${path.basename(command)} ${args.join(" ")} failed (${code ?? signal}); the end of ${path.relative(root, logFile)}:\n${tail}`));
    });
  });
}

async function waitFor(url, what, child, timeoutMs = 90000) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited before answering`);
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** The newest modification time under the folders the app's build is made of. */
function newestSource() {
  let newest = 0;
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      if (path.basename(p) === "generated") return;
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const d of ["app", "lib", "components", "next.config.js", "instrumentation.ts"]) walk(path.join(root, d));
  return newest;
}

/**
 * Signs in through next-auth's credentials provider as the login form does (lib/auth/next-auth.ts:
 * provider "credentials", fields email, password, remember) and returns the cookies it set.
 */
async function signIn(origin, email, password) {
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(";")[0];
      const i = pair.indexOf("=");
      const [name, value] = [pair.slice(0, i).trim(), pair.slice(i + 1).trim()];
      if (value && !/max-age=0\b/i.test(c)) jar.set(name, value);
      else jar.delete(name);
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = await csrf.json();
  const res = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: header() },
    body: new URLSearchParams({ csrfToken, email, password, remember: "false", callbackUrl: `${origin}/`, json: "true" }),
  });
  keep(res);
  await res.arrayBuffer();
  const session = await (await fetch(`${origin}/api/auth/session`, { headers: { Cookie: header() } })).json();
  if (!session || !Object.keys(session).length) throw new Error(`signing in as ${email} failed (callback answered ${res.status}; cookies ${[...jar.keys()].join(", ") || "none"})`);
  return { header: header(), pairs: [...jar] };
}

/** git's output in the project (trimmed), or "" when it fails */
const git = (...a) => new Promise((resolve) => {
  const c = spawn("git", a, { cwd: root, stdio: ["ignore", "pipe", "ignore"] });
  let out = "";
  c.stdout.on("data", (d) => (out += d));
  c.once("error", () => resolve(""));
  c.once("close", (code) => resolve(code === 0 ? out.trim() : ""));
});

/**
 * The baseline revision ready to start: a git worktree of it in .next-bench/baseline-<sha>/, its
 * dependencies installed from its own package.json and its production build in its .next/, each
 * step done only when missing (a later run reuses them).
 */
async function prepareBaseline(rev, env, logDir) {
  const sha = await git("rev-parse", "--short", `${rev}^{commit}`);
  if (!sha) throw new Error(`--baseline=${rev}: no such revision in this repository`);
  const dir = path.join(benchDir, `baseline-${sha}`);
  const t = performance.now();
  const steps = [];
  if (!fs.existsSync(path.join(dir, "package.json"))) {
    fs.rmSync(dir, { recursive: true, force: true });
    await git("worktree", "prune");
    await run("git", ["worktree", "add", "--detach", dir, sha], { cwd: root, env, logFile: path.join(logDir, "baseline-worktree.log") });
    steps.push("worktree");
  }
  // its own build dir, wherever this run's FOYER_DIST_DIR points
  const own = { ...env, FOYER_DIST_DIR: "" };
  if (!fs.existsSync(path.join(dir, "node_modules", "next", "package.json"))) {
    await run("npm", ["install", "--no-audit", "--no-fund"], { cwd: dir, env: own, logFile: path.join(logDir, "baseline-install.log") });
    steps.push("npm install");
  }
  if (!fs.existsSync(path.join(dir, ".next", "BUILD_ID"))) {
    await run("npm", ["run", "build"], { cwd: dir, env: own, logFile: path.join(logDir, "baseline-build.log") });
    steps.push("build");
  }
  say(`baseline ${sha} (${await git("log", "-1", "--format=%cs %s", sha).then((l) => l.slice(0, 70))}) in ${path.relative(root, dir)}/${steps.length ? `: ${steps.join(", ")} in ${secs(t)}` : ", as built before"}`);
  return { sha, dir };
}

/**
 * Starts a build of the project (`dir`: this checkout or the baseline's worktree) as
 * `node scripts/start.mjs start` on a throw-away embedded PostgreSQL in `dataDir`, seeded with the
 * two users, and waits until it answers.
 */
async function startApp(name, dir, dataDir, users, env, logFile) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const [appPort, pgPort] = [await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${appPort}`;
  // this checkout as `npm start` runs it; the baseline as it was started on its day
  const flags = dir === root ? SERVER_NODE_FLAGS : [];
  const child = startProcess(name, process.execPath, [...flags, path.join(dir, "scripts", "start.mjs"), "start"], {
    cwd: dir,
    env: {
      ...env,
      DATABASE_URL: "", // the embedded cluster, whatever .env says
      ...(dir === root ? {} : { FOYER_DIST_DIR: "" }),
      FOYER_DATA_DIR: dataDir,
      FOYER_PG_FAST: "1",
      EMBEDDED_PG_PORT: String(pgPort),
      PORT: String(appPort),
      HOST: "127.0.0.1",
      APP_URL: origin,
      NEXTAUTH_URL: origin,
      FOYER_WORKERS: "false",
      SEED_ON_START: "true",
      SEED_DEMO: "true",
      DEMO_USER_EMAIL: users.household.email,
      DEMO_USER_PASSWORD: users.household.password,
      FIRST_SUPERUSER_EMAIL: users.admin.email,
      FIRST_SUPERUSER_PASSWORD: users.admin.password,
    },
    logFile,
    stopSignal: "SIGINT", // start.mjs then stops its PostgreSQL
    pidFiles: [{ file: path.join(dataDir, "pg", "data", "postmaster.pid"), program: "postgres" }],
    onUnexpectedExit: fail,
  });
  await waitFor(`${origin}/api/health`, name, child);
  const session = {
    household: await signIn(origin, users.household.email, users.household.password),
    admin: await signIn(origin, users.admin.email, users.admin.password),
  };
  return { child, origin, session };
}

/** Client modules of the build (its client reference manifests): Turbopack's module id -> source path. */
function clientModules(dir) {
  const byId = new Map();
  const walk = (p) => {
    for (const e of fs.readdirSync(p, { withFileTypes: true })) {
      const f = path.join(p, e.name);
      if (e.isDirectory()) walk(f);
      else if (e.name.endsWith("_client-reference-manifest.js")) {
        const sandbox = { globalThis: {} };
        sandbox.globalThis = sandbox;
        try {
          vm.runInNewContext(fs.readFileSync(f, "utf8"), sandbox);
        } catch {
          continue;
        }
        for (const m of Object.values(sandbox.__RSC_MANIFEST ?? {})) {
          for (const [key, v] of Object.entries(m.clientModules ?? {})) {
            const src = key.replace(/^\[project\]\//, "").replace(/ <.*$/, "").replace(/#.*$/, "").replace(/ \[.*$/, "");
            byId.set(String(v.id), src);
          }
        }
      }
    }
  };
  try {
    walk(path.join(dir, "server", "app"));
  } catch {
    // no manifests: no names
  }
  return byId;
}

/** Marks of known packages in a (minified) script. */
const MARKS = [
  ["react-dom", (s) => s.includes("__reactContainer$") || s.includes("__reactFiber$")],
  ["next router", (s) => s.includes("next-router-state-tree")],
  ["emotion", (s) => s.includes("data-emotion")],
  ["react-admin", (s) => s.includes("ra.action.delete") || s.includes("ra.navigation.")],
  ["react-query", (s) => s.includes("queryKeyHashFn")],
  ["lodash", (s) => s.includes("__lodash_hash_undefined__")],
  ["uPlot", (s) => s.includes('"{YYYY}"') || s.includes("uplot")],
  ["zod", (s) => s.includes("invalid_type") && s.includes("too_small")],
  ["swr", (s) => s.includes("dedupingInterval")],
  ["next-auth", (s) => s.includes("__NEXTAUTH")],
  ["date-fns", (s) => s.includes("lessThanXSeconds")],
  ["swagger-ui", (s) => s.includes("swagger-ui")],
];
function contentsOf(body, moduleNames) {
  const s = body.toString("utf8");
  const marks = MARKS.filter(([, test]) => test(s)).map(([n]) => n);
  const mui = new Set([...s.matchAll(/"Mui([A-Z][A-Za-z]+)"/g)].map((m) => m[1]));
  if (mui.size) marks.push(`MUI×${mui.size} (${[...mui].slice(0, 6).join(", ")}${mui.size > 6 ? ", …" : ""})`);
  const entries = new Set();
  for (const m of s.matchAll(/[[,](\d{1,7}),(?=\w=>|\(\w[,)]|function\b)/g)) {
    const src = moduleNames.get(m[1]);
    if (src && !src.startsWith("node_modules/next/")) entries.add(src.replace(/^node_modules\//, ""));
  }
  return { marks, entries: [...entries] };
}

/** Loads `url` in a fresh context (cookies `pairs` set) until hydrated and idle; what it downloaded. */
async function measurePage(browser, url, pairs) {
  const context = await browser.newContext();
  if (pairs) await context.addCookies(pairs.map(([name, value]) => ({ name, value, url: new URL(url).origin })));
  const page = await context.newPage();
  const pending = [];
  const failed = [];
  page.on("requestfinished", (req) => {
    pending.push((async () => {
      const res = await req.response();
      const sizes = await req.sizes().catch(() => null);
      let body = null;
      try {
        body = await res.body();
      } catch {
        // a redirect, or no body
      }
      return { url: req.url(), type: req.resourceType(), status: res?.status() ?? 0, encoding: (await res?.headerValue("content-encoding")) ?? "none", wire: sizes?.responseBodySize ?? 0, raw: body?.length ?? 0, body: req.resourceType() === "script" ? body : null };
    })().catch(() => null)); // a request that ends as the context closes (a late prefetch) is not counted
  });
  page.on("requestfailed", (req) => failed.push({ url: req.url(), type: req.resourceType(), error: req.failure()?.errorText ?? "?" }));
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const t0 = performance.now();
  const nav = await page.goto(url, { waitUntil: "load", timeout: 60000 });
  let hydrated = true;
  try {
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 20000 });
  } catch {
    hydrated = false;
  }
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(300);
  const ms = performance.now() - t0;
  const finalUrl = page.url();
  const resources = (await Promise.all(pending)).filter(Boolean);
  await context.close();
  return { status: nav?.status() ?? 0, finalUrl, hydrated, ms, resources, failed, errors };
}

const gzipCache = new Map();
/** a script's size gzipped at level 6 (Next's own compression level), once per distinct body */
function gzipped(r) {
  if (!r.body) return r.wire;
  const key = crypto.createHash("sha1").update(r.body).digest("hex");
  if (!gzipCache.has(key)) gzipCache.set(key, zlib.gzipSync(r.body, { level: 6 }).length);
  return gzipCache.get(key);
}

function summarize(m) {
  const of = (t) => m.resources.filter((r) => r.type === t);
  const sum = (rs, k) => rs.reduce((a, r) => a + r[k], 0);
  const js = of("script");
  return {
    jsWire: sum(js, "wire"),
    jsRaw: sum(js, "raw"),
    jsGzip: js.reduce((a, r) => a + gzipped(r), 0),
    jsCount: js.length,
    jsEncodings: [...new Set(js.map((r) => r.encoding))].sort(),
    css: sum(of("stylesheet"), "wire"),
    html: sum(of("document"), "wire"),
    fonts: sum(of("font"), "wire"),
    total: sum(m.resources, "wire"),
  };
}

/** A proxy in front of a floor that adds the app's security headers to its answers; `close()` stops it. */
async function floorWithHeaders(upstream) {
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const up = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...securityHeaders({ https: false, pathname: req.url ?? "/" }) });
      answer.pipe(res);
    });
    up.on("error", () => res.destroy());
    req.pipe(up);
  });
  // neither it nor its connections keep the bench alive: a run that fails before close() still ends
  server.unref();
  server.on("connection", (socket) => socket.unref());
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }) };
}

/** A Chromium for Lighthouse, with a debugging port and a profile of its own. */
async function startChromium(logDir) {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-chromium-"));
  const child = startProcess("Chromium", CHROMIUM, [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"], {
    cwd: root, env: process.env, logFile: path.join(logDir, "chromium.log"), stopSignal: "SIGTERM",
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, child, profile };
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopProcess(child);
  throw new Error("Chromium did not open its debugging port");
}

let failure = null;
/** set once this run holds .next-bench/ (its pid file): only then does it remove the database there */
let ownsBenchDir = false;
const fail = (e) => {
  failure ??= e;
};

async function main() {
  const tStart = performance.now();
  const logDir = path.join(benchDir, "logs");
  fs.mkdirSync(logDir, { recursive: true });
  // one run at a time: a second would rebuild the floors and wipe the database under the first
  const pidFile = path.join(benchDir, "bench-pages.pid");
  for (;;) {
    try {
      fs.writeFileSync(pidFile, String(process.pid), { flag: "wx" });
      ownsBenchDir = true;
      break;
    } catch (e) {
      if (e.code !== "EEXIST") throw e;
      const other = Number(fs.readFileSync(pidFile, "utf8"));
      let running = false;
      try {
        running = fs.readFileSync(`/proc/${other}/cmdline`, "utf8").includes("bench-pages");
      } catch {
        // gone
      }
      if (running) throw new Error(`another bench:pages (pid ${other}) is running on ${path.relative(root, benchDir)}/: wait for it (run under flock /tmp/foyer-heavy.lock)`);
      fs.rmSync(pidFile, { force: true });
    }
  }
  process.on("exit", () => {
    try {
      if (Number(fs.readFileSync(pidFile, "utf8")) === process.pid) fs.rmSync(pidFile, { force: true });
    } catch {
      // gone
    }
  });
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };
  say(`machine: ${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, next ${JSON.parse(fs.readFileSync(path.join(root, "node_modules/next/package.json"), "utf8")).version}, ${(await import("@playwright/test")).chromium.name()} at ${CHROMIUM}`);
  say(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);

  // the app's build
  const buildId = path.join(distDir, "BUILD_ID");
  if (flag("--build") || !fs.existsSync(buildId)) {
    const t = performance.now();
    say(`building the app (${flag("--build") ? "--build" : "no build yet"})…`);
    await run(process.execPath, [path.join(root, "scripts", "build.mjs")], { cwd: root, env, logFile: path.join(logDir, "build-app.log") });
    say(`  built in ${secs(t)}`);
  } else if (newestSource() > fs.statSync(buildId).mtimeMs) {
    say(`warning: sources changed after the build in ${path.relative(root, distDir)}/ (${fs.statSync(buildId).mtime.toISOString()}): the app measured is that build (pass --build to rebuild)`);
  }
  const dirty = (await git("status", "--porcelain", "--untracked-files=no", "--", "app", "components", "lib", "next.config.js", "instrumentation.ts", "scripts/start.mjs", "server")).split("\n").filter(Boolean).length;
  say(`app: the build in ${path.relative(root, distDir)}/ made ${fs.statSync(buildId).mtime.toISOString()}; HEAD ${(await git("rev-parse", "--short", "HEAD")) || "?"}${dirty ? `, with ${dirty} files of the app or its server modified in the working tree` : ""}`);

  const baselineBuild = BASELINE && !flag("--no-throughput") ? await prepareBaseline(BASELINE, env, logDir) : null;

  // 1. the floors
  const floorDir = (f) => path.join(benchDir, `floor-${f}`);
  for (const f of FLOORS) {
    const t = performance.now();
    writeFloor(f, floorDir(f), root);
    // run from its own folder: from the project's, Next takes the project's instrumentation.ts into it
    await run(process.execPath, [nextBin, "build"], { cwd: floorDir(f), env, logFile: path.join(logDir, `build-floor-${f}.log`) });
    // like for like: the app's build step marks its scripts for eager compilation (scripts/build.mts)
    markEagerCompile(path.join(floorDir(f), ".next"));
    const stray = strayProjectSources(floorDir(f), root);
    if (stray.length) throw new Error(`the ${f} floor's build took in the project's own files: ${stray.slice(0, 5).join(", ")}`);
    say(`floor "${f}" built in ${secs(t)} (${path.relative(root, floorDir(f))}/)`);
  }
  const origins = {};
  const floorChildren = [];
  for (const f of FLOORS) {
    const port = await freePort();
    const child = startProcess(`the ${f} floor`, process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
      cwd: floorDir(f), env: { ...env, NODE_ENV: "production" }, logFile: path.join(logDir, `floor-${f}.log`), onUnexpectedExit: fail,
    });
    floorChildren.push(child);
    origins[`floor-${f}`] = `http://127.0.0.1:${port}`;
    await waitFor(`${origins[`floor-${f}`]}/`, `the ${f} floor`, child);
  }
  // the MUI floor again with the app's security headers (server/http-guard.ts; not its CSP,
  // whose nonces the floor's scripts lack): Cross-Origin-Opener-Policy makes Chromium open the page
  // in a new renderer process (a new browsing context group) instead of the one of the tab's
  // about:blank, which Lighthouse starts from, and that costs the floor too (docs/performance.md)
  const headersProxy = await floorWithHeaders(origins["floor-mui"]);
  origins["floor-mui-headers"] = headersProxy.origin;

  // 2. the app on a throw-away database
  const users = {
    household: { email: "demo@example.com", password: crypto.randomBytes(12).toString("base64url") },
    admin: { email: "admin@example.com", password: crypto.randomBytes(12).toString("base64url") },
  };
  const tApp = performance.now();
  const { child: app, origin: appOrigin, session } = await startApp("the app", root, path.join(benchDir, "data"), users, env, path.join(logDir, "app.log"));
  say(`app ready and signed in after ${secs(tApp)} (fresh data folder: cluster, migrations, seed), at ${appOrigin}; logs in ${path.relative(root, logDir)}/`);
  origins.visitor = origins.household = origins.admin = appOrigin;
  let baseline = null;
  if (baselineBuild) {
    const t = performance.now();
    baseline = await startApp(`the baseline ${baselineBuild.sha}`, baselineBuild.dir, path.join(benchDir, "baseline-data"), users, env, path.join(logDir, "baseline.log"));
    say(`baseline ${baselineBuild.sha} ready and signed in after ${secs(t)}, at ${baseline.origin}`);
  }

  // 3. the pages in Chromium
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const moduleNames = new Map([...clientModules(distDir)]);
  const floorModuleNames = new Map(FLOORS.flatMap((f) => [...clientModules(path.join(floorDir(f), ".next"))]));
  const targets = [
    ["floor-blank", "/"], ["floor-mui", "/"],
    ...VISITOR.map((p) => ["visitor", p]), ...HOUSEHOLD.map((p) => ["household", p]), ...ADMIN.map((p) => ["admin", p]),
  ];
  const results = [];
  const tPages = performance.now();
  try {
    // a first pass warms the servers (compiled routes, data caches, compressed files cached on
    // first request): the measure is of a browser with nothing cached, not of a server just started
    for (const [who, p] of targets) {
      if (failure) throw failure;
      await measurePage(browser, origins[who] + p, session[who]?.pairs);
    }
    for (const [who, p] of targets) {
      if (failure) throw failure;
      const m = await measurePage(browser, origins[who] + p, session[who]?.pairs);
      results.push({ who, path: p, m, s: summarize(m) });
    }
  } finally {
    await browser.close();
  }
  say(`pages loaded twice (a pass to warm the servers, then the one measured) in ${secs(tPages)}`);

  const floor = results.find((r) => r.who === "floor-mui").s;
  const blank = results.find((r) => r.who === "floor-blank").s;
  say(`\nJavaScript per page, fresh Chromium context each (nothing cached), until hydrated and the network idle.`);
  say(`"served": the scripts' encoded bodies as they came over the wire (encodings under "enc"); "gzip-6": each script gzipped at level 6 here, alike for`);
  say(`every page and the floors, so that an encoding served to one and not the other does not count; raw: decoded. Goal: every household page, and the visitor`);
  say(`pages, within 10 % of the MUI floor ("≤10%?" compares the gzip-6 figures: like for like; the first "vs MUI" compares the bytes as served).\n`);
  const head = `${pad("page", 24)} ${lpad("JS served", 9)} ${pad(" enc", 13)} ${lpad("vs MUI", 7)} ${lpad("gzip-6", 7)} ${lpad("vs MUI", 7)} ${pad(" ≤10%?", 7)} ${lpad("raw", 7)} ${lpad("files", 5)} ${lpad("CSS", 6)} ${lpad("HTML", 6)} ${lpad("fonts", 6)} ${lpad("all", 6)}  notes`;
  say(head);
  say("-".repeat(head.length));
  const pct = (a, b) => `${a >= b ? "+" : ""}${(((a - b) / b) * 100).toFixed(0)} %`;
  for (const { who, path: p, m, s } of results) {
    const isFloor = who.startsWith("floor");
    const within = isFloor || who === "admin" ? "" : s.jsGzip <= floor.jsGzip * 1.1 ? "yes" : "NO";
    const notes = [];
    if (m.status >= 400) notes.push(`status ${m.status}`);
    const want = new URL(origins[who] + p);
    const got = new URL(m.finalUrl);
    if (got.pathname !== want.pathname) notes.push(`redirected to ${got.pathname}`);
    if (!m.hydrated) notes.push("no hydration mark in 20 s");
    const aborted = m.failed.filter((f) => new URL(f.url).searchParams.has("_rsc") && f.error === "net::ERR_ABORTED").length;
    if (aborted) notes.push(`${aborted} RSC prefetches aborted`);
    if (m.failed.length > aborted) notes.push(`failed: ${m.failed.filter((f) => !(new URL(f.url).searchParams.has("_rsc") && f.error === "net::ERR_ABORTED")).map((f) => `${f.type} ${path.basename(new URL(f.url).pathname)} ${f.error}`).slice(0, 3).join(", ")}`);
    if (m.errors.length) notes.push(`page errors: ${m.errors.slice(0, 2).join(" | ").slice(0, 120)}`);
    if (who === "admin") notes.push("(no goal)");
    say(`${pad(label(who, p), 24)} ${lpad(kib(s.jsWire), 9)} ${pad(` ${s.jsEncodings.join("+")}`, 13)} ${lpad(pct(s.jsWire, floor.jsWire), 7)} ${lpad(kib(s.jsGzip), 7)} ${lpad(pct(s.jsGzip, floor.jsGzip), 7)} ${pad(` ${within}`, 7)} ${lpad(kib(s.jsRaw), 7)} ${lpad(s.jsCount, 5)} ${lpad(kib(s.css), 6)} ${lpad(kib(s.html), 6)} ${lpad(kib(s.fonts), 6)} ${lpad(kib(s.total), 6)}  ${notes.join("; ")}`);
  }
  say(`(KiB; "all": every response of the page on the wire, prefetches included)`);
  const appResults = results.filter((r) => !r.who.startsWith("floor"));
  const encodings = {};
  for (const r of appResults) for (const x of r.m.resources) if (["script", "stylesheet", "document"].includes(x.type)) encodings[`${x.type} ${x.encoding}`] = (encodings[`${x.type} ${x.encoding}`] ?? 0) + 1;
  const plain = new Map();
  for (const r of appResults) for (const x of r.m.resources) if (x.type === "script" && x.encoding === "none") plain.set(new URL(x.url).pathname, x.raw);
  if (plain.size) say(`scripts served uncompressed: ${[...plain].map(([k, n]) => `${path.basename(k)} (${n} bytes)`).join(", ")}`);
  const floorEnc = [...new Set(results.filter((r) => r.who.startsWith("floor")).flatMap((r) => r.m.resources.filter((x) => x.type === "script").map((x) => x.encoding)))];
  say(`encodings served to Chromium (Accept-Encoding: gzip, deflate, br, zstd): the app ${Object.entries(encodings).map(([k, n]) => `${k}×${n}`).join(", ")}; the floors' scripts ${floorEnc.join(", ")}`);
  say(`floors: blank ${kib(blank.jsWire)} KiB served (${blank.jsCount} scripts, ${kib(blank.jsRaw)} raw), MUI ${kib(floor.jsWire)} KiB (${floor.jsCount} scripts, ${kib(floor.jsRaw)} raw): MUI's handful of components cost ${kib(floor.jsWire - blank.jsWire)} KiB`);

  // where the JavaScript goes
  const chunks = new Map(); // path -> { wire, raw, pages: Set, body }
  for (const r of appResults) {
    for (const x of r.m.resources) {
      if (x.type !== "script") continue;
      const key = new URL(x.url).pathname;
      const c = chunks.get(key) ?? { wire: x.wire, raw: x.raw, pages: new Set(), body: x.body };
      c.pages.add(label(r.who, r.path));
      chunks.set(key, c);
    }
  }
  const household = appResults.filter((r) => r.who === "household");
  const onAll = (rs) => [...chunks].filter(([k]) => rs.every((r) => r.m.resources.some((x) => x.type === "script" && new URL(x.url).pathname === k)));
  const shared = onAll(household);
  const sharedKeys = new Set(shared.map(([k]) => k));
  const describe = (c, names = moduleNames) => {
    const d = c.body ? contentsOf(c.body, names) : { marks: [], modules: 0, entries: [] };
    const entries = d.entries.length ? `; client components: ${d.entries.slice(0, 4).join(", ")}${d.entries.length > 4 ? `, +${d.entries.length - 4}` : ""}` : "";
    return `${d.marks.join(", ") || "-"}${entries}`;
  };
  say(`\nwhere the JavaScript goes (served KiB; marks of known packages, client components the build's manifests name):`);
  say(`  on every household page: ${shared.length} scripts, ${kib(shared.reduce((a, [, c]) => a + c.wire, 0))} KiB served (${kib(shared.reduce((a, [, c]) => a + c.raw, 0))} raw)`);
  for (const [k, c] of shared.sort((a, b) => b[1].wire - a[1].wire).slice(0, 8)) say(`    ${lpad(kib(c.wire), 6)}  ${pad(path.basename(k), 22)} ${describe(c)}`);
  say(`  the rest, per page (scripts not on every household page, biggest first):`);
  for (const r of appResults) {
    const own = r.m.resources.filter((x) => x.type === "script" && !sharedKeys.has(new URL(x.url).pathname)).sort((a, b) => b.wire - a.wire);
    say(`    ${pad(label(r.who, r.path), 24)} ${lpad(kib(own.reduce((a, x) => a + x.wire, 0)), 6)} KiB in ${own.length}: ${own.slice(0, 4).map((x) => `${path.basename(new URL(x.url).pathname)} ${kib(x.wire)}`).join(", ")}`);
  }
  say(`  the biggest scripts of the app (served KiB, pages that load them):`);
  for (const [k, c] of [...chunks].sort((a, b) => b[1].wire - a[1].wire).slice(0, 12)) {
    say(`    ${lpad(kib(c.wire), 6)}  ${pad(path.basename(k), 22)} on ${c.pages.size === appResults.length ? "every page" : c.pages.size > 3 ? `${c.pages.size} pages` : [...c.pages].join(", ")}; ${describe(c)}`);
  }
  const floorChunks = results.find((r) => r.who === "floor-mui").m.resources.filter((x) => x.type === "script").sort((a, b) => b.wire - a.wire);
  say(`  the MUI floor's scripts: ${floorChunks.map((x) => `${kib(x.wire)} (${describe(x, floorModuleNames)})`).join(" · ")}`);

  // 4. Lighthouse
  if (!flag("--no-lighthouse")) {
    const t = performance.now();
    const { default: lighthouse } = await import("lighthouse");
    const lhDir = path.join(benchDir, "lighthouse");
    fs.rmSync(lhDir, { recursive: true, force: true });
    fs.mkdirSync(lhDir, { recursive: true });
    // every page RUNS times, round after round (the floor too): what the machine does meanwhile is
    // spread over all of them alike; each page's run of median TBT is the one reported (Lighthouse's
    // advice: one run varies too much to judge by)
    const runsOf = new Map(LIGHTHOUSE.map(([who, p]) => [label(who, p), []]));
    for (let round = 1; round <= LIGHTHOUSE_RUNS; round++) {
      for (const [who, p] of LIGHTHOUSE) {
        const runs = runsOf.get(label(who, p));
        // a run Lighthouse could not record (NO_NAVSTART, NO_FCP… seen now and then on a busy
        // machine) is run again, twice at most, each time on a fresh Chromium
        const tried = [];
        for (let attempt = 1; attempt <= 3; attempt++) {
          if (failure) throw failure;
          const chrome = await startChromium(logDir);
          try {
            const cookie = session[who]?.header;
            let r;
            try {
              r = await lighthouse(origins[who] + p, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) });
            } catch (e) {
              if (attempt === 3) {
                runs.push({ page: label(who, p), path: p, error: String(e?.message ?? e).slice(0, 100), tried });
                break;
              }
              tried.push(String(e?.message ?? e).slice(0, 60));
              continue;
            }
            const lhr = r.lhr;
            fs.writeFileSync(path.join(lhDir, `${label(who, p).replace(/[^a-z0-9]+/gi, "_")}-${round}.json`), r.report);
            const a = (id) => lhr.audits[id]?.numericValue;
            const row = { page: label(who, p), path: p, score: lhr.categories.performance.score, tbt: a("total-blocking-time"), cls: a("cumulative-layout-shift"), lcp: a("largest-contentful-paint"), fcp: a("first-contentful-paint"), si: a("speed-index"), finalUrl: lhr.finalDisplayedUrl, error: lhr.runtimeError?.code, warnings: lhr.runWarnings, benchmark: lhr.environment?.benchmarkIndex, version: lhr.lighthouseVersion, tried };
            if (!row.error || attempt === 3) {
              runs.push(row);
              break;
            }
            tried.push(row.error);
          } finally {
            await stopProcess(chrome.child);
            fs.rmSync(chrome.profile, { recursive: true, force: true });
          }
        }
      }
    }
    const median = (rows) => {
      const ok = rows.filter((r) => !r.error && Number.isFinite(r.tbt));
      if (!ok.length) return rows[rows.length - 1];
      const sorted = [...ok].sort((a, b) => a.tbt - b.tbt);
      return { ...sorted[Math.floor((sorted.length - 1) / 2)], runs: rows };
    };
    const lighthouseRows = [...runsOf.values()].map(median);
    const v = lighthouseRows.find((r) => r.version)?.version ?? "";
    say(`\nLighthouse ${v} mobile (emulated Moto G Power, simulated slow 4G and 4× CPU slowdown), performance only, a fresh Chromium each, ${LIGHTHOUSE_RUNS} run(s) per page in rounds, the run of median TBT shown, ${secs(t)}`);
    say(`goal on /, /login, /schedules, /device-info: score ≥ 95, TBT < 200 ms, CLS < 0.05`);
    say(`${pad("page", 24)} ${lpad("score", 5)} ${lpad("TBT ms", 7)} ${lpad("CLS", 6)} ${lpad("LCP ms", 7)} ${lpad("FCP ms", 7)} ${lpad("SI ms", 7)}  ${pad("goals", 10)} notes`);
    const n = (v, d = 0) => (Number.isFinite(v) ? v.toFixed(d) : "-");
    for (const r of lighthouseRows) {
      const met = r.page.includes("floor") ? "" : r.score * 100 >= 95 && r.tbt < 200 && r.cls < 0.05 ? "met" : "NOT met";
      const ended = r.finalUrl && !r.page.includes("floor") && new URL(r.finalUrl).pathname !== r.path ? `ended on ${new URL(r.finalUrl).pathname}` : "";
      const all = r.runs && r.runs.length > 1 ? `runs: score ${r.runs.map((x) => n(x.score * 100)).join("/")}, TBT ${r.runs.map((x) => n(x.tbt)).join("/")}` : "";
      const notes = [all, r.error ? `failed: ${r.error}` : "", r.tried.length ? `run again after ${r.tried.join(", ")}` : "", ended, ...(r.warnings ?? [])].filter(Boolean).join("; ").slice(0, 160);
      say(`${pad(r.page, 24)} ${lpad(n(r.score * 100), 5)} ${lpad(n(r.tbt), 7)} ${lpad(n(r.cls, 3), 6)} ${lpad(n(r.lcp), 7)} ${lpad(n(r.fcp), 7)} ${lpad(n(r.si), 7)}  ${pad(met, 10)} ${notes}`);
    }
    say(`(Lighthouse's CPU benchmark index on this machine: ${lighthouseRows.map((r) => n(r.benchmark)).join(", ")}; reports in ${path.relative(root, lhDir)}/)`);
  }

  // floors no longer needed
  for (const c of floorChildren) await stopProcess(c);
  await headersProxy.close();

  // 5. throughput
  if (!flag("--no-throughput")) {
    const { default: autocannon } = await import("autocannon");
    say(`\npage throughput: autocannon, ${CONNECTIONS} connections, ${SECONDS} s each after a warm-up (visitors 2 s, signed in ${WARMUP_SECONDS} s); Accept-Encoding: ${ACCEPT_ENCODING || "none"}; req/s answered 2xx;`);
    say(`CPU per page: the app's Node processes and its PostgreSQL, from /proc, over the measured seconds (autocannon shares the cores)`);
    say(`goal: visitor pages ≥ 1,000 req/s; signed-in pages ≥ 2× the render rate before (the issue: /locations 49, / landing 61 pages/s)`);
    say(`${pad("page", 24)} ${lpad("req/s", 7)} ${lpad("p50 ms", 7)} ${lpad("p99 ms", 7)} ${lpad("KiB/resp", 8)} ${lpad("app ms", 7)} ${lpad("pg ms", 6)}  ${pad("goal", 16)} statuses`);
    if (baseline) say(`signed-in pages also on the baseline ${baselineBuild.sha}: both warmed, then ${ROUNDS} alternating rounds (the app, then the baseline); goal: the app ≥ 2× the baseline's rate`);
    const ratios = [];
    for (const [who, p] of THROUGHPUT) {
      if (failure) throw failure;
      const sides = [{ name: label(who, p), origin: origins[who], cookie: session[who]?.header, child: app }];
      if (baseline && who !== "visitor") sides.push({ name: `baseline ${p}`, origin: baseline.origin, cookie: baseline.session[who]?.header, child: baseline.child, isBaseline: true });
      const headersOf = (side) => ({ ...(side.cookie ? { Cookie: side.cookie } : {}), ...(ACCEPT_ENCODING ? { "Accept-Encoding": ACCEPT_ENCODING } : {}) });
      for (const side of [...sides].reverse()) await autocannon({ url: side.origin + p, headers: headersOf(side), connections: CONNECTIONS, duration: who === "visitor" ? 2 : WARMUP_SECONDS });
      const rounds = sides.length > 1 ? ROUNDS : 1;
      const measured = sides.map(() => []);
      for (let round = 1; round <= rounds; round++) {
        for (const [i, side] of sides.entries()) {
          if (failure) throw failure;
          const cpu0 = treeCpuMs(side.child.pid);
          const r = await autocannon({ url: side.origin + p, headers: headersOf(side), connections: CONNECTIONS, duration: SECONDS });
          const cpu1 = treeCpuMs(side.child.pid);
          const perPage = (k) => (r.requests.total ? Math.max(0, cpu1[k] - cpu0[k]) / r.requests.total : NaN); // a backend that exited meanwhile takes its CPU out of the sum
          const rps = r["2xx"] / r.duration;
          measured[i].push({ rps, cpu: perPage("node") });
          const before = BEFORE[`${who} ${p}`];
          const goal = side.isBaseline || sides.length > 1 ? "" : who === "visitor" ? `≥ 1,000 ${rps >= 1000 ? "met" : "NOT met"}` : before ? `≥ ${before * 2} ${rps >= before * 2 ? "met" : "NOT met"}` : "";
          const statuses = Object.entries(r.statusCodeStats).map(([s, v]) => `${s}×${v.count}`).join(" ");
          const extra = [r.errors ? `${r.errors} errors` : "", r.timeouts ? `${r.timeouts} timeouts` : ""].filter(Boolean).join(", ");
          const perResp = r.requests.total ? r.throughput.total / r.requests.total : 0;
          const name = rounds > 1 ? `${side.name} (${round})` : side.name;
          say(`${pad(name, 24)} ${lpad(rps.toFixed(0), 7)} ${lpad(r.latency.p50, 7)} ${lpad(r.latency.p99, 7)} ${lpad(kib(perResp), 8)} ${lpad(perPage("node").toFixed(1), 7)} ${lpad(perPage("postgres").toFixed(1), 6)}  ${pad(goal, 16)} ${statuses}${r.non2xx ? ` (${r.non2xx} non-2xx)` : ""}${extra ? `; ${extra}` : ""}`);
        }
      }
      if (sides.length > 1) {
        const byRound = measured[0].map((m, k) => ({ rate: m.rps / measured[1][k].rps, cpu: measured[1][k].cpu / m.cpu }));
        const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
        const rate = med(byRound.map((x) => x.rate));
        const cpu = med(byRound.map((x) => x.cpu));
        ratios.push({ p, rate, cpu, byRound });
        say(`${pad(`  ${p}: app ÷ baseline`, 24)} rate ×${rate.toFixed(2)} (rounds ${byRound.map((x) => x.rate.toFixed(2)).join(", ")}), app CPU per page ÷${cpu.toFixed(2)} (rounds ${byRound.map((x) => x.cpu.toFixed(2)).join(", ")})  goal ≥ 2× ${rate >= 2 ? "met" : "NOT met"}`);
      }
    }
    if (ratios.length) say(`\nsigned-in pages against the baseline ${baselineBuild.sha} (median of ${ROUNDS} rounds, rate ratio): ${ratios.map((r) => `${r.p} ×${r.rate.toFixed(2)}`).join(", ")}`);
  }

  say(`\nload average after: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}; the bench took ${secs(tStart)}`);
  if (failure) throw failure;
}

const onSignal = (sig) => {
  console.error(`\n${sig}: stopping what the bench started…`);
  void stopAll().finally(() => {
    if (ownsBenchDir) for (const d of ["data", "baseline-data"]) fs.rmSync(path.join(benchDir, d), { recursive: true, force: true });
    process.exit(130);
  });
};
process.once("SIGINT", onSignal);
process.once("SIGTERM", onSignal);

try {
  await main();
} catch (e) {
  console.error(`\nbench:pages failed: ${e instanceof Error ? e.stack ?? e.message : e}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  if (ownsBenchDir) for (const d of ["data", "baseline-data"]) fs.rmSync(path.join(benchDir, d), { recursive: true, force: true });
}
