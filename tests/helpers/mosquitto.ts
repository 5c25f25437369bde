// A real Mosquitto (Debian's package, as .ci/run installs it) for a test: its own directory,
// port and configuration (password and ACL files the app keeps: lib/mqtt/mosquitto.ts), started
// and stopped by the test. MQTT 5 and 3.1.1, shared subscriptions.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const MOSQUITTO = "/usr/sbin/mosquitto";

export type Mosquitto = { port: number; dir: string; passwordFile: string; aclFile: string; pidFile: string; url: string; stop: () => Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function listening(port: number, ms = 10_000) {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = net.connect(port, "127.0.0.1", () => {
        c.destroy();
        resolve(true);
      });
      c.once("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`mosquitto did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The directory and files, before Mosquitto starts (the app writes the password and ACL files first). */
export async function prepareMosquitto(): Promise<Omit<Mosquitto, "stop"> & { start: () => Promise<Mosquitto> }> {
  if (!existsSync(MOSQUITTO)) throw new Error(`${MOSQUITTO} is missing: apt-get install -y mosquitto (as .ci/run does)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "foyer-mosquitto-"));
  const port = await freePort();
  const passwordFile = path.join(dir, "passwd");
  const aclFile = path.join(dir, "acl");
  const pidFile = path.join(dir, "mosquitto.pid");
  const conf = path.join(dir, "mosquitto.conf");
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      // started as root (a container), Mosquitto would drop to the mosquitto user, who cannot read this test's files
      `user ${os.userInfo().username}`,
      "allow_anonymous false",
      `password_file ${passwordFile}`,
      `acl_file ${aclFile}`,
      // the ingest acknowledges a batch at a time: let many messages be in flight to it
      "max_inflight_messages 0",
      "max_queued_messages 100000",
      "log_type error",
      "log_type warning",
      "",
    ].join("\n"),
  );
  const base = { port, dir, passwordFile, aclFile, pidFile, url: `mqtt://127.0.0.1:${port}` };
  return {
    ...base,
    start: async () => {
      const child: ChildProcess = spawn(MOSQUITTO, ["-c", conf], { stdio: ["ignore", "ignore", "pipe"] });
      let err = "";
      child.stderr!.on("data", (d) => (err += d));
      writeFileSync(pidFile, String(child.pid));
      try {
        await listening(port);
      } catch (e) {
        child.kill("SIGKILL");
        throw new Error(`${(e as Error).message}: ${err}`);
      }
      return {
        ...base,
        stop: async () => {
          if (child.exitCode === null) {
            const exited = new Promise((r) => child.once("exit", r));
            child.kill("SIGTERM");
            await exited;
          }
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}
