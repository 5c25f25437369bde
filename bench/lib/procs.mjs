// The processes npm run bench:pages starts (the app with its embedded PostgreSQL, the floor apps'
// servers, Chromium for Lighthouse), each in a process group of its own, and their clean-up: on
// success, on failure, on Ctrl-C or SIGTERM, and (SIGKILL, synchronously) if the bench exits
// without having stopped them. Only the processes started here are ever signalled.
import { spawn } from "node:child_process";
import fs from "node:fs";

const started = [];
let stopping = false;

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
};
/** the pid in a pid file, when that process still runs and is the program named (not a reused pid) */
const pidFrom = (file, program) => {
  try {
    const pid = Number(fs.readFileSync(file, "utf8").split("\n")[0]);
    if (pid && fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(program)) return pid;
  } catch {
    // no file, or no such process
  }
  return 0;
};
const signalGroup = (pid, signal) => {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone
  }
};

/**
 * Starts `command` in a process group of its own, its output appended to `logFile`. If it exits
 * while the bench still needs it, `onUnexpectedExit` is called with the end of its log.
 * `stopSignal`: what asks it to stop (to the process alone, then the whole group is killed);
 * `pidFiles`: [{ file, program }], files whose first line is the pid of a process it starts that
 * could outlive it (a postmaster.pid), killed too when that pid still runs `program` at the end.
 */
export function startProcess(name, command, args, { cwd, env, logFile, stopSignal = "SIGTERM", pidFiles = [], onUnexpectedExit }) {
  const log = fs.openSync(logFile, "a");
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", log, log], detached: true });
  fs.closeSync(log);
  const entry = { name, child, stopSignal, pidFiles, exited: new Promise((r) => child.once("exit", r)) };
  started.push(entry);
  child.once("exit", (code, signal) => {
    if (stopping || entry.stopping) return;
    const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").split("\n").slice(-25).join("\n") : "";
    onUnexpectedExit?.(new Error(`${name} exited (${code ?? signal}); the end of ${logFile}:\n${tail}`));
  });
  return child;
}

/** Stops one process started by startProcess (its group, then what its pid files name). */
export async function stopProcess(child, timeoutMs = 15000) {
  const entry = started.find((e) => e.child === child);
  if (!entry) return;
  entry.stopping = true;
  if (child.exitCode === null && child.signalCode === null) {
    try {
      child.kill(entry.stopSignal);
    } catch {
      // gone
    }
    await Promise.race([entry.exited, new Promise((r) => setTimeout(r, timeoutMs))]);
  }
  signalGroup(child.pid, "SIGKILL");
  for (const { file, program } of entry.pidFiles) {
    const pid = pidFrom(file, program);
    if (!pid) continue;
    try {
      process.kill(pid, "SIGQUIT");
    } catch {
      // gone
    }
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (alive(pid)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone
      }
    }
  }
  started.splice(started.indexOf(entry), 1);
}

/** Stops every process still running, the most recent first. */
export async function stopAll() {
  stopping = true;
  for (const e of [...started].reverse()) await stopProcess(e.child);
}

// a last resort: nothing started here outlives the bench
process.on("exit", () => {
  for (const e of started) {
    signalGroup(e.child.pid, "SIGKILL");
    for (const { file, program } of e.pidFiles) {
      const pid = pidFrom(file, program);
      try {
        if (pid) process.kill(pid, "SIGKILL");
      } catch {
        // gone
      }
    }
  }
});

/**
 * The CPU time (ms, user + system, from /proc) used so far by `pid` and the processes under it
 * that are still running, summed by program: `{ node, postgres, other }`. What a process that
 * exited in between used is not counted, so compare two readings of a tree whose members live on.
 * (By the tree, not the process group: PostgreSQL's backends each start a session of their own.)
 */
export function treeCpuMs(pid) {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  const procs = new Map();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const f = stat.slice(close + 2).split(" "); // from the state on: state ppid … utime(11) stime(12)
    procs.set(Number(name), { ppid: Number(f[1]), comm, ms: (Number(f[11]) + Number(f[12])) * tick });
  }
  const sum = { node: 0, postgres: 0, other: 0 };
  for (const [p, info] of procs) {
    let at = p;
    for (let hops = 0; at && at !== pid && hops < 64; hops++) at = procs.get(at)?.ppid ?? 0;
    if (at !== pid) continue;
    const key = info.comm === "node" || info.comm.startsWith("next-") ? "node" : info.comm === "postgres" ? "postgres" : "other";
    sum[key] += info.ms;
  }
  return sum;
}
