// Live telemetry on a real Mosquitto (issue 49, "When one machine is not enough"): the password
// and ACL files the app keeps in step, checked with real MQTT clients; and two ingest workers, as
// processes of their own (npm run worker), splitting the stream through a shared subscription,
// one killed mid-stream and started again: no reading lost, none counted twice.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import type { MqttClient } from "mqtt";
import { makeCast } from "../factories/users";
import { makeDevice } from "../factories/devices";
import { closed, connectDevice, eventually } from "../helpers/mqtt";
import { prepareMosquitto, type Mosquitto } from "../helpers/mosquitto";
import { db } from "@/lib/db";
import { keepMosquittoInStep } from "@/lib/mqtt/mosquitto";
import { ingestPassword } from "@/lib/mqtt/run";
import { INGEST_USERNAME, setDevicePassword, updateDeviceMqtt } from "@/lib/services/telemetry/connection";
import type { Caller } from "@/lib/auth/caller";

let mosquitto: Mosquitto;
let stopFiles: () => void;
const clients: MqttClient[] = [];
const workers: ChildProcess[] = [];

type Dev = { id: number; measurementId: number; prefix: string; username: string; password: string };

async function devices(n: number): Promise<Dev[]> {
  const cast = await makeCast();
  const out: Dev[] = [];
  for (let i = 0; i < n; i++) {
    const d = await makeDevice(cast.owner.id, { deviceId: `meter-${i}`, measurements: [{ name: "main", measureType: "total_home" }] });
    await updateDeviceMqtt({ id: cast.owner.id, isSuperuser: false } as Caller, d.id, { topic_prefix: `homes/${i}`, format: "foyer_json" });
    const creds = await setDevicePassword(d.id);
    out.push({ id: d.id, measurementId: d.measurements[0]!.id, prefix: `homes/${i}`, ...creds });
  }
  return out;
}

async function startBroker() {
  const prepared = await prepareMosquitto();
  stopFiles = await keepMosquittoInStep({ passwordFile: prepared.passwordFile, aclFile: prepared.aclFile, pidFile: prepared.pidFile, ingestPassword: ingestPassword() });
  mosquitto = await prepared.start();
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
  for (const w of workers.splice(0)) if (w.exitCode === null) w.kill("SIGKILL");
  stopFiles?.();
  await mosquitto?.stop();
});

const connect = async (o: { username: string; password: string; clientId?: string; protocolVersion?: 4 | 5 }) => {
  const c = await connectDevice(mosquitto.url, { clientId: o.clientId ?? `t-${Math.random().toString(36).slice(2)}`, ...o });
  clients.push(c);
  return c;
};

describe("Mosquitto, kept in step by the app", () => {
  let devs: Dev[];
  beforeEach(async () => {
    devs = await devices(2);
    await startBroker();
  });

  it("lets a device in with its own password only", async () => {
    await connect(devs[0]!);
    await expect(connect({ ...devs[0]!, password: devs[1]!.password })).rejects.toThrow(/Not authorized|Bad username or password/);
    await expect(connect({ username: INGEST_USERNAME, password: "guess" })).rejects.toThrow(/Not authorized|Bad username or password/);
  });

  it("keeps each device under its own prefix: nothing it publishes elsewhere reaches the ingest, another's messages never reach it", async () => {
    const ingest = await connect({ username: INGEST_USERNAME, password: ingestPassword() });
    const seen: string[] = [];
    ingest.on("message", (t) => seen.push(t));
    await ingest.subscribeAsync("#", { qos: 1 });
    const a = await connect(devs[0]!);
    const b = await connect(devs[1]!);
    const aSaw: string[] = [];
    a.on("message", (t) => aSaw.push(t));
    // Mosquitto grants the subscription and checks each message against the ACL on delivery
    await a.subscribeAsync("homes/1/#", { qos: 1 });
    await a.subscribeAsync("homes/0/#", { qos: 1 });
    await a.publishAsync("homes/1/state", "{}", { qos: 1 });
    await b.publishAsync("homes/1/state", "{}", { qos: 1 });
    await a.publishAsync("homes/0/state", "{}", { qos: 1 });
    await eventually(async () => seen.includes("homes/0/state"));
    expect(seen).toEqual(["homes/1/state", "homes/0/state"]); // b's own, then a's own: not a's under b's prefix
    expect(aSaw).toEqual(["homes/0/state"]);
  });

  it("a new password takes effect at once: the old one is refused and the open connection is closed", async () => {
    const a = await connect(devs[0]!);
    const fresh = await setDevicePassword(devs[0]!.id);
    await eventually(async () => {
      try {
        await connect({ ...devs[0]!, clientId: `probe-${Math.random()}` });
        return false;
      } catch {
        return true;
      }
    });
    await connect({ ...devs[0]!, password: fresh.password });
    await closed(a, 10_000);
  });
});

describe("two ingest workers on one Mosquitto", () => {
  const worker = (id: string) => {
    const w = spawn(process.execPath, ["--import", "tsx", path.resolve("server/worker.mts")], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "test",
        DATABASE_URL: inject("databaseUrl"),
        SECRET_KEY: process.env.SECRET_KEY!,
        APP_URL: "http://foyer.test",
        MQTT_URL: mosquitto.url,
        MQTT_SHARED_GROUP: "foyer",
        FOYER_WORKERS: "false",
        FOYER_INGEST_ID: id,
        MQTT_DEVICE_MAX_PER_SECOND: "1000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    workers.push(w);
    let out = "";
    w.stdout!.on("data", (d) => (out += d));
    w.stderr!.on("data", (d) => (out += d));
    return {
      process: w,
      started: () => eventually(async () => out.includes("worker started"), 30_000).catch(() => Promise.reject(new Error(`worker ${id} did not start: ${out}`))),
    };
  };

  it("split the stream, and one killed mid-stream and started again loses nothing and counts nothing twice", async () => {
    const devs = await devices(4);
    await startBroker();
    const a = worker("a");
    const b = worker("b");
    await Promise.all([a.started(), b.started()]);
    await new Promise((r) => setTimeout(r, 500)); // their subscriptions
    const pubs = await Promise.all(devs.map((d) => connect({ ...d, clientId: d.prefix.replace("/", "-") })));
    const N = 150;
    const base = Math.floor(Date.now() / 1000) - 3 * 3600;
    let restarted: ReturnType<typeof worker> | undefined;
    for (let i = 0; i < N; i++) {
      if (i === Math.floor(N * 0.4)) a.process.kill("SIGKILL");
      if (i === Math.floor(N * 0.6)) restarted = worker("a");
      await Promise.all(
        pubs.map((c, k) =>
          c.publishAsync(`${devs[k]!.prefix}/state`, JSON.stringify({ ts: base + i * 20, channels: { main: { power_w: 100 + i, import_wh: 1000 + i * 2 } } }), { qos: 1 }),
        ),
      );
      await new Promise((r) => setTimeout(r, 10));
    }
    await restarted!.started();
    const ids = devs.map((d) => d.measurementId);
    await eventually(async () => {
      const [{ n }] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM telemetry.samples WHERE measurement_id = ANY(${ids}::int[])`;
      return n === N * devs.length;
    }, 30_000);
    // the workers roll closed minutes only: stopped gracefully, each rolls what is queued, the
    // batches the killed one stored and never rolled included
    const exits = [b.process, restarted!.process].map((w) => new Promise((r) => w.once("exit", r)));
    b.process.kill("SIGTERM");
    restarted!.process.kill("SIGTERM");
    await Promise.all(exits);
    const [{ queued }] = await db.$queryRaw<{ queued: number }[]>`SELECT count(*)::int AS queued FROM telemetry.rollup_queue`;
    expect(queued).toBe(0);
    // every reading once; energy from the counters: 2 Wh between consecutive readings
    const sums = await db.$queryRaw<{ m: number; wh: number; n: number }[]>`
      SELECT measurement_id AS m, sum(import_wh)::float8 AS wh, sum(samples)::int AS n FROM telemetry.minutes WHERE measurement_id = ANY(${ids}::int[]) GROUP BY 1 ORDER BY 1`;
    expect(sums).toEqual(ids.map((m) => ({ m, wh: 2 * (N - 1), n: N })));
    const quarters = await db.$queryRaw<{ wh: number }[]>`SELECT sum(import_wh)::float8 AS wh FROM telemetry.quarters WHERE measurement_id = ANY(${ids}::int[])`;
    expect(quarters[0]!.wh).toBe(2 * (N - 1) * devs.length);
  }, 90_000);
});
