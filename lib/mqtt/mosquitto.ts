// Mosquitto kept in step with the devices (docs/telemetry.md, "Mosquitto"): the app rewrites the
// broker's password file (the hashes stored in device_mqtt are already in Mosquitto's $7$ format)
// and its ACL file (each device reads and writes only under its own prefix; the ingest
// everything), then tells Mosquitto to reload them (SIGHUP to the process in MOSQUITTO_PID_FILE).
// On every change the database notifies (lib/mqtt/access-events.ts), and once at start.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { allAccess, INGEST_USERNAME } from "@/lib/services/telemetry/connection";
import { hashDevicePassword } from "@/lib/telemetry/password";
import { logError } from "@/lib/log";
import { onAccessChange } from "./access-events";

export type MosquittoFiles = { passwordFile: string; aclFile: string; pidFile?: string; ingestPassword: string };

/** The two files' text for these devices. */
function mosquittoFiles(devices: { username: string; passwordHash: string | null; topicPrefix: string }[], ingestHash: string): { passwords: string; acl: string } {
  const passwords = [`${INGEST_USERNAME}:${ingestHash}`, ...devices.filter((d) => d.passwordHash).map((d) => `${d.username}:${d.passwordHash}`)].join("\n") + "\n";
  const acl = [
    "# written by Foyer (lib/mqtt/mosquitto.ts): each device under its own prefix, the ingest everywhere",
    `user ${INGEST_USERNAME}`,
    "topic readwrite #",
    "",
    ...devices.flatMap((d) => [`user ${d.username}`, `topic readwrite ${d.topicPrefix}`, `topic readwrite ${d.topicPrefix}/#`, ""]),
  ].join("\n");
  return { passwords, acl };
}

function writeAtomically(path: string, text: string) {
  const tmp = `${path}.foyer-${process.pid}`;
  writeFileSync(tmp, text, { mode: 0o640 });
  renameSync(tmp, path);
}

/** Writes the files now and on every change; returns the function that stops. */
export async function keepMosquittoInStep(o: MosquittoFiles): Promise<() => void> {
  // one hash of the ingest's password for this process's life (a new salt at each write would rewrite the file for nothing)
  const ingestHash = hashDevicePassword(o.ingestPassword);
  let running: Promise<void> | undefined;
  let again = false;
  const sync = async () => {
    const devices = await allAccess();
    const { passwords, acl } = mosquittoFiles(devices, ingestHash);
    writeAtomically(o.passwordFile, passwords);
    writeAtomically(o.aclFile, acl);
    if (o.pidFile && existsSync(o.pidFile)) {
      const pid = Number(readFileSync(o.pidFile, "utf8").trim());
      if (pid > 0) process.kill(pid, "SIGHUP");
    }
  };
  const schedule = () => {
    if (running) {
      again = true;
      return;
    }
    running = sync()
      .catch((err) => void logError("telemetry: Mosquitto's files could not be written", err))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule();
        }
      });
  };
  await sync();
  const events = onAccessChange((e) => {
    if (e.kind !== "routes") schedule();
  });
  await events.ready;
  return events.stop;
}
