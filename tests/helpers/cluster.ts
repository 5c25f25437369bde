// A PostgreSQL cluster's processes, for tests that stop or freeze it (SIGSTOP) to play a database fault.
import fs from "node:fs";
import path from "node:path";

/** The postmaster's pid, from the data directory's postmaster.pid. */
export const postmasterPid = (dataDir: string) => Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);

/** The postmaster and every process it started (backends, checkpointer...). */
export function clusterPids(dataDir: string): number[] {
  const root = postmasterPid(dataDir);
  const kids = fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return Number(fs.readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1].split(" ")[1]) === root;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [root, ...kids];
}

/** Whether a process is still there. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
