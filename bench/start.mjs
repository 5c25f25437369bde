// npm run bench:start: cold start of the production server (`node scripts/start.mjs start`, needs
// `npm run build` first; FOYER_DIST_DIR is honoured), from spawn to the first 200 of GET /, on the
// embedded PostgreSQL in a data folder of its own under .data/bench-start (removed afterwards):
//   fresh:    an empty data folder (initdb, every migration, the whole seed);
//   existing: a second start on the folder the fresh start left (nothing to migrate or seed).
// BENCH_ROUNDS (3) rounds, each a fresh start then an existing one; everything the server started
// is stopped between starts. Prints each start (time to "ready" on stdout, time to the first 200,
// and, when the server reports them with FOYER_TIMING=1, its phases), then median and spread.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { distDir, root } from "../server/paths";
import { median } from "./lib/stats.mjs";
import { SERVER_NODE_FLAGS } from "../server/flags";

const base = path.join(root, ".data", "bench-start");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TIMEOUT_MS = 60_000;

const say = (s = "") => console.log(s);
const fmt = (ms) => (ms / 1000).toFixed(2);
const spread = (xs) => (xs.length ? `${fmt(median(xs))} s [${fmt(Math.min(...xs))}-${fmt(Math.max(...xs))}]` : "-");

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer().once("error", reject).listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}

/** The PostgreSQL a data folder's postmaster.pid names, wherever embedded-pg.mjs put the cluster. */
function postmasterOf(dataDir) {
  const candidates = [path.join(dataDir, "pg", "data", "postmaster.pid")];
  try {
    const where = fs.readFileSync(path.join(dataDir, "pg", "WHERE.txt"), "utf8");
    const m = /lives in (\S+)/.exec(where);
    if (m) candidates.push(path.join(m[1], "postmaster.pid"));
  } catch {
    // the cluster is in the data folder itself
  }
  for (const f of candidates) {
    try {
      const pid = Number(fs.readFileSync(f, "utf8").split("\n")[0]);
      if (pid) return pid;
    } catch {
      // not there
    }
  }
  return 0;
}

async function waitGone(pid, ms) {
  for (let t = 0; t < ms && alive(pid); t += 50) await new Promise((r) => setTimeout(r, 50));
  return !alive(pid);
}

/**
 * One start on `dataDir`: spawn, poll GET / until it answers 200, then stop the server (SIGTERM,
 * which stops its PostgreSQL) and make sure nothing of it is left.
 */
async function oneStart(dataDir, label) {
  const port = await freePort();
  const pgPort = await freePort();
  const env = {
    ...process.env,
    FOYER_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    EMBEDDED_PG_PORT: String(pgPort),
    APP_URL: `http://127.0.0.1:${port}`,
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    FOYER_TIMING: "1",
    // the embedded cluster, whatever .env says; the server fills in its own URL
    DATABASE_URL: "",
  };
  const logFile = path.join(base, `${label}.log`);
  const log = fs.createWriteStream(logFile);
  const t0 = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/start.mjs", "start"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let readyAt = 0;
  const phases = [];
  let out = "";
  const onData = (chunk) => {
    const now = performance.now() - t0;
    log.write(chunk);
    out += chunk;
    let nl;
    while ((nl = out.indexOf("\n")) >= 0) {
      const line = out.slice(0, nl);
      out = out.slice(nl + 1);
      if (!readyAt && /Foyer is ready at/.test(line)) readyAt = now;
      const m = /^\[foyer:timing\] (.+?) ([\d.]+) ms$/.exec(line.trim());
      if (m) phases.push(`${m[1]} ${m[2]}`);
    }
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", (c) => log.write(c));
  let exited = null;
  child.once("exit", (code, signal) => (exited = code ?? signal));

  let firstOk = 0;
  let lastStatus = "not listening";
  while (!firstOk && exited === null && performance.now() - t0 < TIMEOUT_MS) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      await res.arrayBuffer();
      if (res.status === 200) firstOk = performance.now() - t0;
      else lastStatus = String(res.status);
    } catch {
      // not listening yet
    }
    if (!firstOk) await new Promise((r) => setTimeout(r, 10));
  }

  // stop: SIGTERM (the server stops its PostgreSQL), then whatever is left of its process group
  if (exited === null) {
    child.kill("SIGTERM");
    if (!(await waitGone(child.pid, 15_000))) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // gone meanwhile
      }
    }
  }
  const pgPid = postmasterOf(dataDir);
  if (pgPid && alive(pgPid) && !(await waitGone(pgPid, 10_000))) {
    process.kill(pgPid, "SIGQUIT");
    await waitGone(pgPid, 5_000);
  }
  await new Promise((r) => log.end(r));
  if (!firstOk) {
    const tail = fs.readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n");
    throw new Error(`${label}: no 200 on / (${exited !== null ? `the server exited: ${exited}` : lastStatus}); the end of ${path.relative(root, logFile)}:\n${tail}`);
  }
  return { readyAt, firstOk, phases };
}

async function main() {
  if (!fs.existsSync(path.join(distDir, "BUILD_ID"))) {
    console.error(`No production build in ${path.relative(root, distDir)}: run \`npm run build\` first.`);
    process.exit(1);
  }
  fs.rmSync(base, { recursive: true, force: true });
  fs.mkdirSync(base, { recursive: true });
  say(`machine: ${os.availableParallelism()} cores, ${os.cpus()[0]?.model?.trim() ?? "?"}; Node ${process.version}; load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  say(`build: ${path.relative(root, distDir)} (${fs.readFileSync(path.join(distDir, "BUILD_ID"), "utf8").trim()}); ${ROUNDS} rounds\n`);
  const results = { fresh: [], existing: [] };
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const dataDir = path.join(base, `round-${round}`);
      for (const kind of ["fresh", "existing"]) {
        const r = await oneStart(dataDir, `round-${round}-${kind}`);
        results[kind].push(r);
        say(`round ${round} ${kind.padEnd(8)} ready ${fmt(r.readyAt)} s, first 200 on / ${fmt(r.firstOk)} s${r.phases.length ? `   (${r.phases.join(", ")})` : ""}`);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  } finally {
    // the logs stay when a start failed; the clusters never do
    for (const d of fs.readdirSync(base)) if (d.startsWith("round-") && !d.endsWith(".log")) fs.rmSync(path.join(base, d), { recursive: true, force: true });
  }
  say("\n                 ready              first 200 on /");
  for (const kind of ["fresh", "existing"]) {
    say(`${kind.padEnd(16)} ${spread(results[kind].map((r) => r.readyAt)).padEnd(18)} ${spread(results[kind].map((r) => r.firstOk))}`);
  }
  say("(median [min-max] from spawn; targets: existing < 2 s, fresh < 4 s)");
  fs.rmSync(base, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
