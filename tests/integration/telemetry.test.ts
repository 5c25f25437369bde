// Live telemetry (issue 49): the contract's paths (ownership, the MQTT settings, a new password,
// live values and series), the embedded broker's credentials and ACLs with a real MQTT client,
// and the ingest from a device's Shelly frames to the rollups, idempotent.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MqttClient } from "mqtt";
import { call, type Auth } from "../helpers/api";
import { permissionTable, type Cast, type PermissionRow } from "../helpers/permissions";
import { expectError, expectInvalid } from "../helpers/assert";
import { makeCast } from "../factories/users";
import { makeDevice } from "../factories/devices";
import { closed, connectDevice, eventually, startTestBroker, TEST_INGEST_PASSWORD, testIngest } from "../helpers/mqtt";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { startBroker } from "@/lib/mqtt/broker";
import type { RunningBroker } from "@/lib/mqtt/broker";
import type { Ingest } from "@/lib/mqtt/ingest";
import * as mqttRoute from "@/app/api/v1/device_info/[id]/mqtt/route";
import * as passwordRoute from "@/app/api/v1/device_info/[id]/mqtt/password/route";
import * as liveRoute from "@/app/api/v1/device_info/[id]/live/route";
import * as seriesRoute from "@/app/api/v1/device_info/[id]/series/route";
import * as deviceRoute from "@/app/api/v1/device_info/[id]/route";
import * as nowRoute from "@/app/api/v1/energy/now/route";
import * as breakdownRoute from "@/app/api/v1/energy/breakdown/route";
import { rollQueued, storeBatch } from "@/lib/services/telemetry/store";
import { ensureDeviceMqtt } from "@/lib/services/telemetry/connection";
import { addDays, parisDayOf, parisDayStart } from "@/lib/time/paris";

let cast: Cast;
let fx: { deviceId: number; grid: number; solar: number };

beforeEach(async () => {
  cast = await makeCast();
  const d = await makeDevice(cast.owner.id, {
    deviceId: "shellyemg3-AABBCCDDEEFF",
    deviceType: "shelly",
    measurements: [
      { name: "grid", prefix: "em1:0", measureType: "total_home", classification: "consumption" },
      { name: "solar", prefix: "em1:1", measureType: "pv", classification: "production" },
    ],
  });
  fx = { deviceId: d.id, grid: d.measurements[0]!.id, solar: d.measurements[1]!.id };
});

const at = (id: number | string) => ({ id: String(id) });
const getMqtt = (token: Auth | undefined, id: number | string) => call(mqttRoute.GET, { token, params: at(id) });
const putMqtt = (token: Auth | undefined, id: number | string, json: unknown) => call(mqttRoute.PUT, { method: "PUT", token, params: at(id), json });
const newPassword = (token: Auth | undefined, id: number | string) => call(passwordRoute.POST, { method: "POST", token, params: at(id) });
const getLive = (token: Auth | undefined, id: number | string) => call(liveRoute.GET, { token, params: at(id) });
const getSeries = (token: Auth | undefined, id: number | string, query = "") => call(seriesRoute.GET, { token, params: at(id), path: `/api/v1/device_info/${id}/series${query}` });

describe("who may do what on a device's telemetry", () => {
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/device_info/[id]/mqtt", name: "GET mqtt of the owner's device", run: (t) => getMqtt(t, fx.deviceId), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "GET /api/v1/device_info/[id]/mqtt", name: "GET mqtt of a missing device", run: (t) => getMqtt(t, 999999), expect: { owner: 404, admin: 404 } },
    { route: "PUT /api/v1/device_info/[id]/mqtt", name: "PUT mqtt of the owner's device", run: (t) => putMqtt(t, fx.deviceId, { format: "shelly_gen2" }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "POST /api/v1/device_info/[id]/mqtt/password", name: "POST a new password for the owner's device", run: (t) => newPassword(t, fx.deviceId), expect: { anon: 401, owner: 201, other: 404, admin: 201 } },
    { route: "GET /api/v1/device_info/[id]/live", name: "GET live of the owner's device", run: (t) => getLive(t, fx.deviceId), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "GET /api/v1/device_info/[id]/series", name: "GET series of the owner's device", run: (t) => getSeries(t, fx.deviceId), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "GET /api/v1/device_info/[id]/series", name: "GET series of a non-numeric id", run: (t) => getSeries(t, "abc"), expect: { owner: 404 } },
    { route: "GET /api/v1/energy/now", name: "GET the household's now", run: (t) => call(nowRoute.GET, { token: t }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "GET /api/v1/energy/breakdown", name: "GET the household's breakdown", run: (t) => call(breakdownRoute.GET, { token: t, path: "/api/v1/energy/breakdown?from=2026-12-01&to=2026-12-02" }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
  ];
  permissionTable(rows, () => cast);
});

describe("a device's MQTT settings", () => {
  it("gives a Shelly its own id as prefix, the Gen2 format, no password yet and a never-heard state", async () => {
    const r = await getMqtt(cast.owner.token, fx.deviceId);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      broker: { host: "foyer.test", port: 1883, tls: false },
      username: `device-${fx.deviceId}`,
      topic_prefix: "shellyemg3-aabbccddeeff",
      format: "shelly_gen2",
      has_password: false,
      online: null,
      last_seen: null,
      last_error: null,
    });
  });

  it("refuses a prefix another device uses, or one that contains it or is under it (409)", async () => {
    const other = await makeDevice(cast.other.id, { deviceId: "spoony-9" });
    expect((await putMqtt(cast.other.token, other.id, { topic_prefix: "homes/alice" })).status).toBe(200);
    for (const prefix of ["homes/alice", "homes", "homes/alice/meter"]) {
      expectError(await putMqtt(cast.owner.token, fx.deviceId, { topic_prefix: prefix }), 409, "Another device already publishes under this topic prefix (or one that contains it): choose another");
    }
    expect((await putMqtt(cast.owner.token, fx.deviceId, { topic_prefix: "homes/alice2" })).body).toMatchObject({ topic_prefix: "homes/alice2" });
  });

  it("refuses wildcards, a leading $ or /, an unknown format and unknown fields (422)", async () => {
    for (const topic_prefix of ["a/+/b", "a/#", "$SYS/x", "/a", "a/", "", "x".repeat(129)]) {
      expectInvalid(await putMqtt(cast.owner.token, fx.deviceId, { topic_prefix }), "topic_prefix");
    }
    expectInvalid(await putMqtt(cast.owner.token, fx.deviceId, { format: "zigbee" }), "format");
    expect((await putMqtt(cast.owner.token, fx.deviceId, { prefix: "x" })).status).toBe(422);
  });

  it("shows a new password once and stores only its hash", async () => {
    const r = await newPassword(cast.owner.token, fx.deviceId);
    expect(r.status).toBe(201);
    const { username, password } = r.body as { username: string; password: string };
    expect(username).toBe(`device-${fx.deviceId}`);
    expect(password).toMatch(/^[A-Za-z2-9]{25}$/);
    const row = await db.deviceMqtt.findUniqueOrThrow({ where: { deviceId: fx.deviceId } });
    expect(row.passwordHash).toMatch(/^\$7\$101\$/);
    expect(row.passwordHash).not.toContain(password);
    expect((await getMqtt(cast.owner.token, fx.deviceId)).body).toMatchObject({ has_password: true });
  });
});

describe("the embedded broker", () => {
  let broker: RunningBroker;
  const clients: MqttClient[] = [];
  beforeEach(async () => {
    broker = await startTestBroker();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
    await broker.close();
  });
  const url = () => `mqtt://127.0.0.1:${broker.port}`;
  const keyed = async (token: Auth, id: number) => (await newPassword(token, id)).body as { username: string; password: string };
  const device = async (o: { username: string; password: string; clientId?: string }) => {
    const c = await connectDevice(url(), { ...o, clientId: o.clientId ?? `c-${o.username}-${Math.random()}` });
    clients.push(c);
    return c;
  };

  it("lets a device in with its password only, and refuses a wrong one", async () => {
    const creds = await keyed(cast.owner.token, fx.deviceId);
    await device(creds);
    await expect(device({ ...creds, password: "wrong" })).rejects.toThrow(/Bad username or password|Not authorized/i);
    await expect(device({ username: "device-999999", password: creds.password })).rejects.toThrow(/Bad username or password|Not authorized/i);
  });

  it("closes the device's connection when a new password is made, and the old one no longer works", async () => {
    const creds = await keyed(cast.owner.token, fx.deviceId);
    const c = await device(creds);
    await keyed(cast.owner.token, fx.deviceId);
    await closed(c);
    await expect(device(creds)).rejects.toThrow(/Bad username or password|Not authorized/i);
  });

  it("closes the device's connection when the device is deleted", async () => {
    const creds = await keyed(cast.owner.token, fx.deviceId);
    const c = await device(creds);
    expect((await call(deviceRoute.DELETE, { method: "DELETE", token: cast.owner.token, params: at(fx.deviceId) })).status).toBe(204);
    await closed(c);
  });

  it("keeps a device under its own prefix: what it sends elsewhere is dropped and said on its page, another's subscription is refused", async () => {
    const other = await makeDevice(cast.other.id, { deviceId: "shellypro3em-001122334455", deviceType: "shelly" });
    const mine = await device(await keyed(cast.owner.token, fx.deviceId));
    const theirs = await device(await keyed(cast.other.token, other.id));
    // refused: SUBACK 128, which MQTT.js reports as an error
    await expect(mine.subscribeAsync("shellypro3em-001122334455/#", { qos: 1 })).rejects.toThrow(/Subscribe error/);
    const own = await mine.subscribeAsync("shellyemg3-aabbccddeeff/foyer/rpc", { qos: 1 });
    expect(own[0]!.qos).toBe(1);
    await expect(theirs.subscribeAsync("#", { qos: 0 })).rejects.toThrow(/Subscribe error/);
    await expect(theirs.subscribeAsync("shellypro3em-001122334455/+/rpc", { qos: 0 })).rejects.toThrow(/Subscribe error/);
    const theirsSaw: string[] = [];
    theirs.on("message", (t) => theirsSaw.push(t));
    await theirs.subscribeAsync("shellypro3em-001122334455/rpc", { qos: 1 });
    await mine.publishAsync("shellypro3em-001122334455/rpc", "{}", { qos: 1 });
    await mine.publishAsync("$SYS/x", "{}", { qos: 1 });
    await eventually(async () => (await db.deviceMqtt.findUniqueOrThrow({ where: { deviceId: fx.deviceId } })).lastError?.includes("outside the device's topic prefix"));
    const row = await db.deviceMqtt.findUniqueOrThrow({ where: { deviceId: fx.deviceId } });
    expect(row.lastError).toBe("A message on shellypro3em-001122334455/rpc, outside the device's topic prefix shellyemg3-aabbccddeeff: dropped");
    expect(row.lastErrorKind).toBe("outside_prefix");
    expect((await getMqtt(cast.owner.token, fx.deviceId)).body.last_error).toEqual({
      kind: "outside_prefix",
      reason: "A message on shellypro3em-001122334455/rpc, outside the device's topic prefix shellyemg3-aabbccddeeff: dropped",
      at: row.lastErrorAt!.toISOString(),
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(theirsSaw).toEqual([]);
    expect(mine.connected).toBe(true);
  });

  it("closes a connection that announces a packet over 64 KB", async () => {
    const c = await device(await keyed(cast.owner.token, fx.deviceId));
    c.publish("shellyemg3-aabbccddeeff/events/rpc", Buffer.alloc(70_000, 32), { qos: 0 });
    await closed(c);
  });
});

describe("the embedded broker with TLS, and wrong passwords in a loop", () => {
  it("takes a device over TLS with its password, and makes an address that keeps guessing wait", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "foyer-tls-"));
    const cert = path.join(dir, "cert.pem");
    const key = path.join(dir, "key.pem");
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=localhost"], { stdio: "ignore" });
    const broker = await startBroker({ port: 0, host: "127.0.0.1", ingestPassword: TEST_INGEST_PASSWORD, tls: { cert, key, port: 0 } });
    try {
      const creds = (await newPassword(cast.owner.token, fx.deviceId)).body as { username: string; password: string };
      const c = await connectDevice(`mqtts://127.0.0.1:${broker.tlsPort}`, { ...creds, clientId: "tls-1", ca: readFileSync(cert), servername: "localhost" });
      expect(c.connected).toBe(true);
      await c.endAsync(true);
      // five wrong passwords, then even the right one waits (refused unheard) for a while
      for (let i = 0; i < 5; i++) {
        await expect(connectDevice(`mqtt://127.0.0.1:${broker.port}`, { username: creds.username, password: "wrong", clientId: `w-${i}` })).rejects.toThrow(/Bad username or password|Not authorized/i);
      }
      await expect(connectDevice(`mqtt://127.0.0.1:${broker.port}`, { ...creds, clientId: "right-too-soon" })).rejects.toThrow(/Not authorized|Bad username or password/i);
      await new Promise((r) => setTimeout(r, 1100));
      const ok = await connectDevice(`mqtt://127.0.0.1:${broker.port}`, { ...creds, clientId: "right-later" });
      expect(ok.connected).toBe(true);
      await ok.endAsync(true);
    } finally {
      await broker.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the ingest", () => {
  let broker: RunningBroker;
  let ingest: Ingest;
  let dev: MqttClient;
  const prefix = "shellyemg3-aabbccddeeff";
  beforeEach(async () => {
    broker = await startTestBroker();
    ingest = testIngest(broker.port);
    const creds = (await newPassword(cast.owner.token, fx.deviceId)).body as { username: string; password: string };
    await ingest.start();
    dev = await connectDevice(`mqtt://127.0.0.1:${broker.port}`, { ...creds, clientId: prefix });
  });
  afterEach(async () => {
    await dev.endAsync(true).catch(() => undefined);
    await ingest.stop();
    await broker.close();
  });
  const frame = (ts: number, params: Record<string, unknown>) => JSON.stringify({ src: prefix, dst: `${prefix}/events`, method: "NotifyStatus", params: { ts: ts / 1000, ...params } });
  const live = async () => (await getLive(cast.owner.token, fx.deviceId)).body as { online: boolean | null; last_error: { kind: string | null; reason: string } | null; measurements: { id: number; power_w: number | null; import_wh_today: number; export_wh_today: number }[] };

  it("stores a Shelly EM Gen3's power and counters, and shows them live", async () => {
    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 120_000;
    await dev.publishAsync(`${prefix}/online`, "true", { qos: 1, retain: true });
    await dev.publishAsync(`${prefix}/events/rpc`, frame(t0, { "em1:0": { id: 0, act_power: 1200.5, voltage: 230 }, "em1:1": { id: 1, act_power: 800, voltage: 230 } }), { qos: 1 });
    await dev.publishAsync(`${prefix}/events/rpc`, frame(t0 + 1000, { "em1data:0": { id: 0, total_act_energy: 1000, total_act_ret_energy: 50 }, "em1data:1": { id: 1, total_act_energy: 300, total_act_ret_energy: 0 } }), { qos: 1 });
    await dev.publishAsync(`${prefix}/events/rpc`, frame(t0 + 61_000, { "em1data:0": { id: 0, total_act_energy: 1020, total_act_ret_energy: 50 }, "em1data:1": { id: 1, total_act_energy: 313.5, total_act_ret_energy: 0 } }), { qos: 1 });
    // a frame without power is an overlay, not zero
    await dev.publishAsync(`${prefix}/events/rpc`, frame(t0 + 62_000, { "em1:0": { id: 0, voltage: 231 } }), { qos: 1 });
    const v = await eventually(async () => {
      const l = await live();
      return l.measurements[0]!.import_wh_today > 0 ? l : null;
    });
    expect(v.online).toBe(true);
    expect(v.measurements.map((m) => m.power_w)).toEqual([1200.5, 800]);
    expect(v.measurements.map((m) => [m.import_wh_today, m.export_wh_today])).toEqual([[20, 0], [13.5, 0]]);
    // the minutes come a moment later: the ingest rolls them from its queue
    const s = await eventually(async () => {
      const r = await getSeries(cast.owner.token, fx.deviceId, `?start=${new Date(t0 - 60_000).toISOString()}&end=${new Date(t0 + 180_000).toISOString()}&step=1m`);
      return r.body.measurements?.[0]?.points.length === 2 ? r : null;
    });
    expect(s.status).toBe(200);
    const grid = (s.body as { step: string; measurements: { id: number; points: { start: string; power_w_avg: number; import_wh: number }[] }[] }).measurements[0]!;
    expect(grid.points.map((p) => [p.start, p.import_wh])).toEqual([
      [new Date(t0).toISOString(), 0],
      [new Date(t0 + 60_000).toISOString(), 20],
    ]);
    expect(grid.points[0]!.power_w_avg).toBe(1200.5);
  });

  it("counts a redelivered or duplicated message once, and a counter that went down as a reset", async () => {
    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 240_000;
    const counters = [100, 110, 5, 9]; // reset after 110: +10, +5, +4
    for (const [i, c] of counters.entries()) {
      const msg = frame(t0 + i * 60_000, { "em1data:0": { id: 0, total_act_energy: c, total_act_ret_energy: 0 } });
      await dev.publishAsync(`${prefix}/events/rpc`, msg, { qos: 1 });
      await dev.publishAsync(`${prefix}/events/rpc`, msg, { qos: 1 });
    }
    const v = await eventually(async () => {
      const l = await live();
      return l.measurements[0]!.import_wh_today >= 19 ? l : null;
    });
    await new Promise((r) => setTimeout(r, 700));
    expect((await live()).measurements[0]!.import_wh_today).toBe(19);
    expect(v.measurements[0]!.import_wh_today).toBe(19);
    const [{ n }] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM telemetry.samples WHERE measurement_id = ${fx.grid}`;
    expect(n).toBe(4);
    expect(ingest.stats.duplicates).toBe(4);
  });

  it("refuses nonsense with a kind and a reason the device page shows, and stores the rest", async () => {
    await dev.publishAsync(`${prefix}/events/rpc`, "{not json", { qos: 1 });
    const l = await eventually(async () => {
      const x = await live();
      return x.last_error ? x : null;
    });
    expect(l.last_error).toMatchObject({ kind: "not_json", reason: "The message is not valid JSON" });
    await dev.publishAsync(`${prefix}/events/rpc`, frame(Date.now(), { "em1:0": { id: 0, act_power: 1e9 } }), { qos: 1 });
    const implausible = await eventually(async () => {
      const e = (await live()).last_error;
      return e && /not plausible/.test(e.reason) ? e : null;
    });
    expect(implausible.kind).toBe("bad_value");
    await dev.publishAsync(`${prefix}/events/rpc`, frame(Date.now(), { "em1:0": { id: 0, act_power: 42 } }), { qos: 1 });
    await eventually(async () => (await live()).measurements[0]!.power_w === 42);
    const row = await db.deviceMqtt.findUniqueOrThrow({ where: { deviceId: fx.deviceId } });
    expect(row.errorCount).toBe(2);
    expect(row.lastErrorKind).toBe("bad_value");
  });

  it("asks a Shelly for the minutes it missed after a silence, and counts each once", async () => {
    const t0 = Math.floor(Date.now() / 60_000) * 60_000 - 40 * 60_000;
    // the device's own records: the 29 minutes after t0, 5 Wh (grid) and 2 Wh (solar) each
    const recorded = Array.from({ length: 29 }, (_, i) => t0 / 1000 + (i + 1) * 60);
    const requests: { method: string; params: { id: number; ts: number; end_ts: number } }[] = [];
    await dev.subscribeAsync(`${prefix}/rpc`, { qos: 1 });
    dev.on("message", (topic, payload) => {
      if (topic !== `${prefix}/rpc`) return;
      const req = JSON.parse(payload.toString()) as { id: number; src: string; method: string; params: { id: number; ts: number; end_ts: number } };
      requests.push(req);
      const inRange = recorded.filter((s) => s >= req.params.ts && s < req.params.end_ts);
      const page = inRange.slice(0, 10);
      const result = {
        keys: ["total_act_energy", "total_act_ret_energy"],
        data: page.length ? [{ ts: page[0], period: 60, values: page.map(() => [req.params.id === 0 ? 5 : 2, 0]) }] : [],
        ...(inRange.length > 10 && { next_record_ts: inRange[10] }),
      };
      dev.publish(`${req.src}/rpc`, JSON.stringify({ id: req.id, src: prefix, dst: req.src, result }), { qos: 1 });
    });
    const counters = (grid: number, solar: number) => ({ "em1data:0": { id: 0, total_act_energy: grid, total_act_ret_energy: 0 }, "em1data:1": { id: 1, total_act_energy: solar, total_act_ret_energy: 0 } });
    await dev.publishAsync(`${prefix}/events/rpc`, frame(t0, counters(1000, 300)), { qos: 1 });
    await eventually(async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM telemetry.samples WHERE measurement_id = ${fx.grid}`)[0]!.n === 1);
    // half an hour later: 29 recorded minutes and 3 Wh (1 Wh) in the last one
    await dev.publishAsync(`${prefix}/events/rpc`, frame(t0 + 30 * 60_000, counters(1148, 359)), { qos: 1 });
    const sums = () => db.$queryRaw<{ m: number; wh: number; n: number }[]>`
      SELECT measurement_id AS m, sum(import_wh)::float8 AS wh, count(*) FILTER (WHERE import_wh > 0)::int AS n FROM telemetry.minutes WHERE measurement_id IN (${fx.grid}, ${fx.solar}) GROUP BY 1 ORDER BY 1`;
    await eventually(async () => {
      const rows = await sums();
      return rows.length === 2 && rows.every((r) => r.n === 30);
    }, 10_000);
    expect(await sums()).toEqual([
      { m: fx.grid, wh: 148, n: 30 },
      { m: fx.solar, wh: 59, n: 30 },
    ]);
    // one request per component, then the next pages
    expect(requests.map((r) => `${r.method} ${r.params.id}`).sort()).toEqual(["EM1Data.GetData 0", "EM1Data.GetData 0", "EM1Data.GetData 0", "EM1Data.GetData 1", "EM1Data.GetData 1", "EM1Data.GetData 1"]);
    const [{ q }] = await db.$queryRaw<{ q: number }[]>`SELECT sum(import_wh)::float8 AS q FROM telemetry.quarters WHERE measurement_id = ${fx.grid}`;
    expect(q).toBe(148);
  });

  it("shows a device offline once it says so (its last will)", async () => {
    await dev.publishAsync(`${prefix}/online`, "true", { qos: 1, retain: true });
    await eventually(async () => (await live()).online === true);
    await dev.publishAsync(`${prefix}/online`, "false", { qos: 1, retain: true });
    await eventually(async () => (await live()).online === false);
  });
});

describe("the ingest, a Linky's TIC", () => {
  it("ties the reader to the meter its standard frames name (PRM)", async () => {
    const tic = await makeDevice(cast.owner.id, { deviceId: "linky-tic-031764953443", deviceType: "linky", measurements: [{ name: "tic", measureType: "total_home", classification: "consumption" }] });
    await ensureDeviceMqtt([tic.id]);
    const { topicPrefix } = (await db.deviceMqtt.findUniqueOrThrow({ where: { deviceId: tic.id } }));
    const broker = await startTestBroker();
    const ingest = testIngest(broker.port);
    const creds = (await newPassword(cast.owner.token, tic.id)).body as { username: string; password: string };
    await ingest.start();
    const dev = await connectDevice(`mqtt://127.0.0.1:${broker.port}`, { ...creds, clientId: topicPrefix.replace(/\//g, "-") });
    try {
      const frame = { ADSC: { raw: "031764953443", value: 31764953443 }, EAST: { raw: "080490250", value: 80490250 }, SINSTS: { raw: "00450", value: 450 }, PRM: { raw: "09123456789012", value: 9123456789012 } };
      await dev.publishAsync(topicPrefix, JSON.stringify(frame), { qos: 1 });
      const prm = await eventually(async () => (await db.deviceMqtt.findUniqueOrThrow({ where: { deviceId: tic.id } })).meterPrm);
      expect(prm).toBe("09123456789012");
    } finally {
      await dev.endAsync(true).catch(() => undefined);
      await ingest.stop();
      await broker.close();
    }
  });
});

describe("the rollup queue (the ingest's deferred minutes and quarters)", () => {
  const minutes = () => db.$queryRaw<{ wh: number | null; n: number }[]>`SELECT sum(import_wh)::float8 AS wh, count(*)::int AS n FROM telemetry.minutes WHERE measurement_id = ${fx.grid}`;
  const queued = async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM telemetry.rollup_queue`)[0]!.n;

  it("stores the samples at once, rolls their minutes and quarters when asked, and only the batches queued before the cutoff", async () => {
    const t = Date.now() - 120_000;
    const rows = [0, 1, 2].map((i) => ({ measurementId: fx.grid, ts: t + i * 20_000, power_w: 600, import_wh: 1000 + i * 5 }));
    expect(await storeBatch(rows, [], { deferRollups: true })).toBe(3);
    expect(await minutes()).toEqual([{ wh: null, n: 0 }]);
    expect(await queued()).toBe(1);
    // today's energy already counts the counters' 10 Wh (the live answer adds what is not rolled yet)
    const live = await getLive(cast.owner.token, fx.deviceId);
    expect(live.body.measurements[0]).toMatchObject({ id: fx.grid, import_wh_today: 10 });
    // a batch queued after the cutoff waits
    expect(await rollQueued({ queuedBefore: new Date(Date.now() - 60_000) })).toBe(0);
    expect(await queued()).toBe(1);
    expect(await rollQueued()).toBe(1);
    expect(await queued()).toBe(0);
    expect(await minutes()).toEqual([{ wh: 10, n: expect.any(Number) }]);
    const [{ q }] = await db.$queryRaw<{ q: number }[]>`SELECT sum(import_wh)::float8 AS q FROM telemetry.quarters WHERE measurement_id = ${fx.grid}`;
    expect(q).toBe(10);
    // rolled, the energy is the same, counted once
    expect((await getLive(cast.owner.token, fx.deviceId)).body.measurements[0]).toMatchObject({ import_wh_today: 10 });
    expect(await rollQueued()).toBe(0);
  });

  it("a late sample moves energy between a minute and the next one already rolled", async () => {
    const m0 = Math.floor(Date.now() / 60_000) * 60_000 - 5 * 60_000;
    await storeBatch([{ measurementId: fx.grid, ts: m0 + 10_000, import_wh: 1000 }, { measurementId: fx.grid, ts: m0 + 70_000, import_wh: 1010 }], [], { deferRollups: true });
    await rollQueued();
    const byMinute = async () => (await db.$queryRaw<{ wh: number }[]>`SELECT import_wh::float8 AS wh FROM telemetry.minutes WHERE measurement_id = ${fx.grid} ORDER BY start`).map((r) => r.wh);
    expect(await byMinute()).toEqual([0, 10]);
    // at :50 of the first minute the counter read 1006: 6 Wh then, 4 in the next minute
    await storeBatch([{ measurementId: fx.grid, ts: m0 + 50_000, import_wh: 1006 }], [], { deferRollups: true });
    await rollQueued();
    expect(await byMinute()).toEqual([6, 4]);
  });

  it("drops what was queued for a measurement removed since, and rolls the others", async () => {
    const t = Date.now() - 60_000;
    await storeBatch(
      [
        { measurementId: fx.grid, ts: t, import_wh: 1 },
        { measurementId: fx.grid, ts: t + 1000, import_wh: 4 },
        { measurementId: fx.solar, ts: t, import_wh: 7 },
      ],
      [],
      { deferRollups: true },
    );
    await db.measurement.delete({ where: { id: fx.solar } });
    expect(await rollQueued()).toBe(1);
    expect(await minutes()).toEqual([{ wh: 3, n: 1 }]);
    expect(await queued()).toBe(0);
  });
});

describe("a device's series by local day", () => {
  it("cuts days at Paris midnights, 25 hours on the day the clocks go back", async () => {
    // every quarter hour from 24 to 27 October 2026 (Paris went from UTC+2 to UTC+1 on the 25th), 10 Wh each
    await db.$executeRaw`INSERT INTO telemetry.quarters (measurement_id, start, power_avg, import_wh, export_wh)
      SELECT ${fx.grid}, g, 40, 10, 0 FROM generate_series(TIMESTAMPTZ '2026-10-23 22:00:00+00', TIMESTAMPTZ '2026-10-26 22:45:00+00', interval '15 minutes') AS g`;
    const r = await getSeries(cast.owner.token, fx.deviceId, "?start=2026-10-24T00:00:00%2B02:00&end=2026-10-27T00:00:00%2B01:00&step=1d");
    expect(r.status).toBe(200);
    const grid = r.body.measurements[0].points.map((p: { start: string; import_wh: number }) => [p.start, p.import_wh]);
    expect(grid).toEqual([
      ["2026-10-23T22:00:00.000Z", 960],
      ["2026-10-24T22:00:00.000Z", 1000],
      ["2026-10-25T23:00:00.000Z", 960],
    ]);
  });
});

describe("the household's devices together", () => {
  let ev: number;
  beforeEach(async () => {
    const spoony = await makeDevice(cast.owner.id, { deviceId: "spoony-7", measurements: [{ name: "ev", measureType: "ev", classification: "consumption" }, { name: "boiler", measureType: "other" }] });
    ev = spoony.measurements[0]!.id;
    await ensureDeviceMqtt([fx.deviceId, spoony.id]);
    // another household's device, which nothing of the owner's may count
    const theirs = await makeDevice(cast.other.id, { deviceId: "x-1", measurements: [{ name: "grid", measureType: "total_home" }] });
    await ensureDeviceMqtt([theirs.id]);
    await storeBatch([{ measurementId: theirs.measurements[0]!.id, ts: Date.now() - 5_000, power_w: 9999 }], []);
  });

  it("Now: the grid, solar as |W|, the home, the biggest consumers first; nothing older than 5 minutes", async () => {
    const t = Date.now() - 10_000;
    await storeBatch(
      [
        { measurementId: fx.grid, ts: t, power_w: -500 },
        { measurementId: fx.solar, ts: t, power_w: -2000 }, // a clamp put on backwards
        { measurementId: ev, ts: t, power_w: 1200 },
        { measurementId: ev, ts: t - 600_000, power_w: 7000 }, // stale
      ],
      [],
    );
    const r = await call(nowRoute.GET, { token: cast.owner.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ grid_w: -500, solar_w: 2000, home_w: 1500, consumers: [{ name: "ev", power_w: 1200 }] });
    expect(r.body.consumers).toHaveLength(1);
    expect(r.body.devices.map((d: { device: string }) => d.device).sort()).toEqual(["shellyemg3-AABBCCDDEEFF", "spoony-7"]);
  });

  it("Now: a Linky's TIC beside a grid clamp is not counted twice; its device says its format, its live answer its VA and no W", async () => {
    const tic = await makeDevice(cast.owner.id, { deviceId: "linky-tic-021861348497", deviceType: "linky", measurements: [{ name: "tic", measureType: "total_home", classification: "consumption" }] });
    await ensureDeviceMqtt([tic.id]);
    const t = Date.now() - 10_000;
    await storeBatch(
      [
        { measurementId: fx.grid, ts: t, power_w: 700 },
        { measurementId: tic.measurements[0]!.id, ts: t, import_wh: 5000, apparent_va: 800 },
      ],
      [],
    );
    const r = await call(nowRoute.GET, { token: cast.owner.token });
    expect(r.body.grid_w).toBe(700);
    expect(r.body.devices.find((d: { device: string }) => d.device === "linky-tic-021861348497")).toMatchObject({ format: "teleinfo" });
    const live = await getLive(cast.owner.token, tic.id);
    expect(live.body.measurements[0]).toMatchObject({ apparent_va: 800, power_w: null });
    // the meter it reads: none said yet, then the PRM its frames named, kept while later statuses say nothing of it
    expect(r.body.devices.find((d: { id: number }) => d.id === tic.id).meter_prm).toBeNull();
    await storeBatch([], [{ deviceId: tic.id, messages: 1, errors: 0, meter: "30001234567890" }]);
    await storeBatch([], [{ deviceId: tic.id, messages: 1, errors: 0 }]);
    const tied = await call(nowRoute.GET, { token: cast.owner.token });
    expect(tied.body.devices.find((d: { id: number }) => d.id === tic.id).meter_prm).toBe("30001234567890");
  });

  it("Now: a device that said it went offline is listed under attention", async () => {
    await db.deviceMqtt.update({ where: { deviceId: fx.deviceId }, data: { online: false, lastSeenAt: new Date(Date.now() - 3_600_000) } });
    const r = await call(nowRoute.GET, { token: cast.owner.token });
    expect(r.body.attention).toEqual([expect.objectContaining({ id: fx.deviceId, problem: "offline" })]);
  });

  it("breakdown: grid, solar, EV and the rest over a day, by hour, from counters", async () => {
    const day = addDays(parisDayOf(Date.now()), -1);
    const t0 = parisDayStart(day) + 12 * 3_600_000;
    const rows = [];
    // one hour: grid draws 1000 Wh and sends 200 Wh, solar makes 1500 Wh, the EV takes 1800 Wh
    for (const [i, k] of [0, 1].entries()) {
      const ts = t0 + k * 3_600_000;
      rows.push({ measurementId: fx.grid, ts, import_wh: 5000 + i * 1000, export_wh: 300 + i * 200 });
      rows.push({ measurementId: fx.solar, ts, import_wh: 10, export_wh: 7000 + i * 1500 }); // backwards: counts as export
      rows.push({ measurementId: ev, ts, import_wh: 100 + i * 1800, export_wh: 0 });
    }
    await storeBatch(rows, []);
    const r = await call(breakdownRoute.GET, { token: cast.owner.token, path: `/api/v1/energy/breakdown?from=${day}&to=${day}` });
    expect(r.status).toBe(200);
    expect(r.body.bucket).toBe("hour");
    expect(r.body.total).toEqual({ grid_import_wh: 1000, grid_export_wh: 200, solar_wh: 1500, ev_wh: 1800, consumers_wh: 0, home_wh: 2300, rest_wh: 500 });
    // the first hour holds the first counters' minute: energy starts from there
    expect(r.body.points.map((p: { start: string; home_wh: number }) => [p.start, p.home_wh])).toEqual([
      [new Date(t0).toISOString(), 0],
      [new Date(t0 + 3_600_000).toISOString(), 2300],
    ]);
    expect(r.body.reconciliation).toMatchObject({ day, linky_wh: null, clamps_wh: null, gap_pct: null });
  });

  it("breakdown: refuses a range backwards or too long", async () => {
    expectInvalid(await call(breakdownRoute.GET, { token: cast.owner.token, path: "/api/v1/energy/breakdown?from=2026-12-03&to=2026-12-01" }), "from");
    expectInvalid(await call(breakdownRoute.GET, { token: cast.owner.token, path: "/api/v1/energy/breakdown?from=2024-01-01&to=2026-01-01" }), "to");
    expectInvalid(await call(breakdownRoute.GET, { token: cast.owner.token, path: "/api/v1/energy/breakdown?from=2026-11-01&to=2026-12-31&bucket=hour" }), "bucket");
  });
});

describe("a transaction the server ends while it waits", () => {
  it("fails the next statement, and neither ends the process nor hands the connection on", async () => {
    const { inPgTransaction } = await import("@/lib/db");
    await expect(
      inPgTransaction(async (c) => {
        await c.query("SET LOCAL idle_in_transaction_session_timeout = '100ms'");
        // the server ends the idle transaction's connection: pg emits 'error' on the client
        await new Promise((r) => setTimeout(r, 400));
        await c.query("SELECT 1");
      }),
    ).rejects.toThrow();
    // the pool goes on with a sound connection
    expect(await inPgTransaction(async (c) => (await c.query<{ n: number }>("SELECT 1 AS n")).rows[0]!.n)).toBe(1);
  });
});
