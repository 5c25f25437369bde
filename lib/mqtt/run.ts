// Live telemetry in a process (docs/telemetry.md, "What runs where"): the embedded broker when no
// MQTT_URL names one of your own, the ingest, the partitions' upkeep, Mosquitto's files when the
// app keeps them, and the demo household's device simulator. Started by lib/server/start.ts (the
// app's main process) and by server/worker.mts (npm run worker: the ingest alone).
import os from "node:os";
import { createHmac } from "node:crypto";
import { env } from "@/lib/env";
import { logError } from "@/lib/log";
import { INGEST_USERNAME } from "@/lib/services/telemetry/connection";
import { keepPartitions } from "@/lib/services/telemetry/partitions";
import { startDeviceSimulator } from "@/lib/integrations/sandbox/device-simulator";
import { startBroker, type RunningBroker } from "./broker";
import { Ingest } from "./ingest";
import { keepMosquittoInStep } from "./mosquitto";

/** The ingest's password on the embedded broker and in Mosquitto's password file: derived from SECRET_KEY, so every process knows it and none stores it. */
export function ingestPassword(secret = env().SECRET_KEY): string {
  return createHmac("sha256", secret).update("foyer mqtt ingest v1").digest("base64url");
}

/** The URL the ingest connects to, with its credentials unless the URL names its own. */
function ingestUrl(brokerPort?: number): { url: string; username: string; password: string } {
  const e = env();
  if (e.MQTT_URL) {
    const u = new URL(e.MQTT_URL);
    const username = decodeURIComponent(u.username) || INGEST_USERNAME;
    const password = decodeURIComponent(u.password) || ingestPassword();
    u.username = "";
    u.password = "";
    return { url: u.toString().replace(/\/$/, ""), username, password };
  }
  return { url: `mqtt://127.0.0.1:${brokerPort ?? e.MQTT_PORT}`, username: INGEST_USERNAME, password: ingestPassword() };
}

type Running = { broker?: RunningBroker; ingest?: Ingest; timers: NodeJS.Timeout[]; stops: (() => Promise<void> | void)[] };
const g = globalThis as unknown as { foyerTelemetry?: Running };

/** What this process runs of telemetry; `ingest: false` for the app when the ingest runs apart. */
export async function startTelemetry(o: { broker: boolean; ingest: boolean; simulator: boolean }): Promise<Running> {
  if (g.foyerTelemetry) return g.foyerTelemetry;
  const e = env();
  const running: Running = { timers: [], stops: [] };
  g.foyerTelemetry = running;
  const upkeep = () => keepPartitions().catch((err) => logError("telemetry: the partitions' upkeep failed", err, undefined, "warn"));
  await upkeep();
  const t = setInterval(upkeep, 3_600_000);
  t.unref();
  running.timers.push(t);

  if (o.broker && !e.MQTT_URL) {
    running.broker = await startBroker({
      port: e.MQTT_PORT,
      host: e.MQTT_BIND,
      ingestPassword: ingestPassword(),
      ...(e.MQTT_TLS_CERT && e.MQTT_TLS_KEY && { tls: { cert: e.MQTT_TLS_CERT, key: e.MQTT_TLS_KEY, port: e.MQTT_TLS_PORT } }),
    });
    console.log(`[foyer] MQTT broker listening on ${e.MQTT_BIND}:${running.broker.port}${running.broker.tlsPort ? ` and TLS on ${running.broker.tlsPort}` : ""}`);
  }
  if (e.MQTT_URL && e.MOSQUITTO_PASSWORD_FILE && e.MOSQUITTO_ACL_FILE) {
    running.stops.push(await keepMosquittoInStep({ passwordFile: e.MOSQUITTO_PASSWORD_FILE, aclFile: e.MOSQUITTO_ACL_FILE, pidFile: e.MOSQUITTO_PID_FILE, ingestPassword: ingestPassword() }));
  }
  if (o.ingest) {
    const target = ingestUrl(running.broker?.port);
    running.ingest = new Ingest({
      ...target,
      clientId: `foyer-ingest-${os.hostname()}-${e.FOYER_INGEST_ID}`.slice(0, 128),
      sharedGroup: e.MQTT_SHARED_GROUP,
      maxPerSecond: e.MQTT_DEVICE_MAX_PER_SECOND,
      // beside its own broker the ingest lives and dies with it: nothing for a session to keep
      persistentSession: !running.broker,
    });
    await running.ingest.start();
  }
  if (o.simulator) {
    running.stops.push(await startDeviceSimulator({ brokerUrl: `mqtt://127.0.0.1:${running.broker?.port ?? e.MQTT_PORT}` }));
  }
  return running;
}

/** Stops what startTelemetry started: the ingest writes what it holds first. */
export async function stopTelemetry(): Promise<void> {
  const r = g.foyerTelemetry;
  if (!r) return;
  g.foyerTelemetry = undefined;
  for (const t of r.timers) clearInterval(t);
  for (const s of r.stops) await s();
  await r.ingest?.stop();
  await r.broker?.close();
}

