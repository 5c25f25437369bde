// Live telemetry through faults (issue 49): PostgreSQL stopped while devices keep sending (the
// ingest holds what it read, unacknowledged, and writes it all once the database is back; logins
// wait for the database, open connections stay), and the embedded broker restarted under the
// ingest (it reconnects and goes on).
import { describe, expect, inject, it } from "vitest";
import type { MqttClient } from "mqtt";
import { alive, postmasterPid as postmasterPidOf } from "../helpers/cluster";

Object.assign(process.env, { DB_CONNECT_TIMEOUT_MS: "1000", DB_STATEMENT_TIMEOUT_MS: "1500" });

const { makeCast } = await import("../factories/users");
const { makeDevice } = await import("../factories/devices");
const { connectDevice, eventually, startTestBroker, testIngest } = await import("../helpers/mqtt");
const { db } = await import("@/lib/db");
const { setDevicePassword, updateDeviceMqtt } = await import("@/lib/services/telemetry/connection");
const { startBroker } = await import("@/lib/mqtt/broker");
const { TEST_INGEST_PASSWORD } = await import("../helpers/mqtt");
const { startEmbeddedPostgres } = await import("../../server/db/embedded-pg");

const dataDir = inject("pgDataDir");
const pgRoot = inject("pgRoot");
const port = Number(new URL(process.env.DATABASE_URL!).port);

async function stopCluster() {
  const pid = postmasterPidOf(dataDir);
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  expect(alive(pid)).toBe(false);
}
const startCluster = () => startEmbeddedPostgres({ root: pgRoot, port, database: "foyer_test", fast: true });

async function aDevice() {
  const cast = await makeCast();
  const d = await makeDevice(cast.owner.id, { deviceId: "meter-1", measurements: [{ name: "main", measureType: "total_home" }] });
  await updateDeviceMqtt({ id: cast.owner.id, isSuperuser: false } as never, d.id, { topic_prefix: "home/1", format: "foyer_json" });
  return { id: d.id, measurementId: d.measurements[0]!.id, ...(await setDevicePassword(d.id)) };
}
const count = async (m: number) => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM telemetry.samples WHERE measurement_id = ${m}`)[0]!.n;
const state = (ts: number, wh: number) => JSON.stringify({ ts, channels: { main: { power_w: 500, import_wh: wh } } });

describe.skipIf(!dataDir)("telemetry through faults", () => {
  it("keeps every reading sent while PostgreSQL is stopped, and writes them once it is back", async () => {
    const dev = await aDevice();
    const broker = await startTestBroker();
    const ingest = testIngest(broker.port);
    await ingest.start();
    let device: MqttClient | undefined;
    try {
      device = await connectDevice(`mqtt://127.0.0.1:${broker.port}`, { username: dev.username, password: dev.password, clientId: "home-1" });
      const base = Math.floor(Date.now() / 1000) - 3600;
      for (let i = 0; i < 10; i++) await device.publishAsync("home/1/state", state(base + i * 10, i), { qos: 1 });
      await eventually(async () => (await count(dev.measurementId)) === 10);
      await stopCluster();
      for (let i = 10; i < 30; i++) await device.publishAsync("home/1/state", state(base + i * 10, i), { qos: 1 });
      // a device logging in now is told to come back later (the database checks its password), and the open one stays
      await expect(connectDevice(`mqtt://127.0.0.1:${broker.port}`, { username: dev.username, password: dev.password, clientId: "home-1-b" })).rejects.toThrow(/Server unavailable/i);
      expect(device.connected).toBe(true);
      await new Promise((r) => setTimeout(r, 1500));
      expect(ingest.stats.failures).toBeGreaterThan(0);
      await startCluster();
      await eventually(async () => (await count(dev.measurementId)) === 30, 20_000);
      const minutesWh = async () => (await db.$queryRaw<{ wh: number }[]>`SELECT sum(import_wh)::float8 AS wh FROM telemetry.minutes WHERE measurement_id = ${dev.measurementId}`)[0]!.wh;
      await eventually(async () => (await minutesWh()) === 29);
      expect(await minutesWh()).toBe(29);
    } finally {
      await device?.endAsync(true).catch(() => undefined);
      await ingest.stop();
      await broker.close();
    }
  }, 60_000);

  it("goes on after the embedded broker restarts", async () => {
    const dev = await aDevice();
    let broker = await startTestBroker();
    const brokerPort = broker.port;
    const ingest = testIngest(brokerPort);
    await ingest.start();
    try {
      const base = Math.floor(Date.now() / 1000) - 3600;
      let device = await connectDevice(`mqtt://127.0.0.1:${brokerPort}`, { username: dev.username, password: dev.password, clientId: "home-1" });
      await device.publishAsync("home/1/state", state(base, 1), { qos: 1 });
      await eventually(async () => (await count(dev.measurementId)) === 1);
      await device.endAsync(true);
      await broker.close();
      broker = await startBroker({ port: brokerPort, host: "127.0.0.1", ingestPassword: TEST_INGEST_PASSWORD });
      // the ingest reconnects by itself (every second), then reads what the device sends again
      await new Promise((r) => setTimeout(r, 2500));
      device = await connectDevice(`mqtt://127.0.0.1:${brokerPort}`, { username: dev.username, password: dev.password, clientId: "home-1" });
      await device.publishAsync("home/1/state", state(base + 10, 2), { qos: 1 });
      await eventually(async () => (await count(dev.measurementId)) === 2, 10_000);
      await device.endAsync(true);
    } finally {
      await ingest.stop();
      await broker.close();
    }
  }, 60_000);
});
