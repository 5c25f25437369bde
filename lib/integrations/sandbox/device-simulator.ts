// The demo household's devices, simulated (part of the sandbox; docs/telemetry.md, "The demo"):
// the Shelly EM Gen3 at the meter (grid and solar panels) publishes Shelly Gen2 NotifyStatus
// frames, the spoony clamp (the EV charger) Foyer's JSON format, and the Linky's TIC reader
// teleinfo2mqtt's frames (standard mode: EAST, EAIT, SINSTS in VA, DATE), through the
// app's own broker with each device's own credentials, exactly as the hardware would. The watts
// come from lib/integrations/sandbox/home-profile.ts. On its first start it also writes the last
// week at one point a minute, so the charts have days to show at once.
import mqtt, { type MqttClient } from "mqtt";
import { db } from "@/lib/db";
import { logError } from "@/lib/log";
import { setDevicePassword } from "@/lib/services/telemetry/connection";
import { storeBatch, type SampleRow } from "@/lib/services/telemetry/store";
import { parisOffsetMinutes } from "@/lib/time/paris";
import { homePower, type HomePower, type MeterCurve } from "./home-profile";
import { sandboxPower, SANDBOX_USAGE_POINTS } from "./linky";

const TICK_MS = 10_000;
const BACKFILL_DAYS = 7;

type Channel = { measurementId: number; key: string; power: (p: HomePower) => number; export?: boolean };
type SimFormat = "shelly_gen2" | "foyer_json" | "teleinfo";
type SimDevice = { deviceId: number; prefix: string; format: SimFormat; channels: Channel[] };

/** What each of the demo's measurements measures, by the channel key it is fed from. */
const MODEL: Record<string, (p: HomePower) => number> = {
  "em1:0": (p) => p.grid,
  "em1:1": (p) => p.solar,
  ev: (p) => p.ev,
  tic: (p) => p.grid,
};

/** A Linky's TIC gives VA, not W: the demo home's power factor. */
const POWER_FACTOR = 0.93;
const apparentOf = (w: number) => Math.round(Math.max(0, w) / POWER_FACTOR);

async function demoDevices(): Promise<{ devices: SimDevice[]; home: { lat: number; lon: number }; meter?: MeterCurve; prm?: string } | null> {
  const email = process.env.DEMO_USER_EMAIL ?? "demo@example.com";
  const user = await db.user.findUnique({ where: { email }, select: { id: true, meters: { select: { usagePointId: true }, orderBy: { id: "asc" } } } });
  if (!user) return null;
  // the demo's Linky from the sandbox: the clamps follow its curve (the same day on both)
  const prm = user.meters.map((m) => m.usagePointId).find((p) => (SANDBOX_USAGE_POINTS as readonly string[]).includes(p));
  const meter: MeterCurve | undefined = prm ? { consumption: (end) => sandboxPower("consumption", prm, end), production: (end) => sandboxPower("production", prm, end) } : undefined;
  const rows = await db.device.findMany({
    where: { ownerId: user.id, mqtt: { format: { in: ["shelly_gen2", "foyer_json", "teleinfo"] } } },
    select: { id: true, location: { select: { lat: true, lon: true } }, mqtt: { select: { topicPrefix: true, format: true } }, measurements: { select: { id: true, name: true, prefix: true }, orderBy: { id: "asc" } } },
  });
  const devices: SimDevice[] = [];
  let home = { lat: 45.19, lon: 5.74 };
  for (const r of rows) {
    if (r.location?.lat != null && r.location.lon != null) home = { lat: Number(r.location.lat), lon: Number(r.location.lon) };
    const format = r.mqtt!.format as SimFormat;
    // a TIC reader's one channel, `tic`, goes to its first measurement (lib/telemetry/channels.ts)
    const measurements = format === "teleinfo" ? r.measurements.slice(0, 1).map((m) => ({ ...m, prefix: "tic" })) : r.measurements;
    const channels = measurements.flatMap((m) => {
      const key = m.prefix ?? m.name;
      return key in MODEL ? [{ measurementId: m.id, key, power: MODEL[key]! }] : [];
    });
    if (channels.length) devices.push({ deviceId: r.id, prefix: r.mqtt!.topicPrefix, format, channels });
  }
  return devices.length ? { devices, home, meter, prm } : null;
}

/** Counters: where the stored history left them (or zero), and when (the first tick counts the energy since). */
async function lastCounters(ids: number[]): Promise<Map<number, { imp: number; exp: number; at: number | null }>> {
  const rows = await db.$queryRaw<{ m: number; imp: number | null; exp: number | null; at: Date | null }[]>`
    SELECT m.id AS m,
      (SELECT import_wh FROM telemetry.samples s WHERE s.measurement_id = m.id AND s.import_wh IS NOT NULL ORDER BY ts DESC LIMIT 1) AS imp,
      (SELECT export_wh FROM telemetry.samples s WHERE s.measurement_id = m.id AND s.export_wh IS NOT NULL ORDER BY ts DESC LIMIT 1) AS exp,
      (SELECT ts FROM telemetry.samples s WHERE s.measurement_id = m.id AND s.import_wh IS NOT NULL ORDER BY ts DESC LIMIT 1) AS at
    FROM unnest(${ids}::int[]) AS m(id)`;
  return new Map(rows.map((r) => [r.m, { imp: r.imp ?? 0, exp: r.exp ?? 0, at: r.at?.getTime() ?? null }]));
}

/** The last week, one sample a minute per channel, for measurements that have nothing yet. */
async function backfill(devices: SimDevice[], home: { lat: number; lon: number }, meter: MeterCurve | undefined, now: number) {
  const channels = devices.flatMap((d) => d.channels);
  const have = await db.$queryRaw<{ m: number }[]>`SELECT DISTINCT measurement_id AS m FROM telemetry.quarters WHERE measurement_id = ANY(${channels.map((c) => c.measurementId)}::int[])`;
  const todo = channels.filter((c) => !have.some((h) => h.m === c.measurementId));
  if (!todo.length) return;
  const counters = new Map(todo.map((c) => [c.measurementId, { imp: 0, exp: 0 }]));
  const end = Math.floor(now / 60_000) * 60_000;
  let rows: SampleRow[] = [];
  for (let t = end - BACKFILL_DAYS * 86_400_000; t < end; t += 60_000) {
    const p = homePower(t, home, meter);
    for (const c of todo) {
      const w = c.power(p);
      const k = counters.get(c.measurementId)!;
      if (w >= 0) k.imp += w / 60;
      else k.exp += -w / 60;
      // a TIC: whole Wh counters and VA, no W
      if (c.key === "tic") rows.push({ measurementId: c.measurementId, ts: t, import_wh: Math.floor(k.imp), export_wh: Math.floor(k.exp), apparent_va: apparentOf(w) });
      else rows.push({ measurementId: c.measurementId, ts: t, power_w: w, import_wh: round(k.imp), export_wh: round(k.exp) });
    }
    if (rows.length >= 6000) {
      await storeBatch(rows, []);
      rows = [];
    }
  }
  if (rows.length) await storeBatch(rows, []);
}

const round = (x: number) => Math.round(x * 100) / 100;

/**
 * A standard-mode Linky frame as teleinfo2mqtt publishes it (lib/telemetry/formats/teleinfo.ts):
 * each label `{raw, value}`, the meter's clock in DATE as its local wall time written with a "Z"
 * and the season apart; PRM names the demo's Linky, which ties the reader to it (My Energy).
 */
function ticFrame(prefix: string, t: number, k: { imp: number; exp: number }, va: number, prm: string | undefined) {
  const offset = parisOffsetMinutes(t);
  const wall = new Date(t + offset * 60_000).toISOString();
  const label = (value: number | string) => ({ raw: String(value), value });
  return {
    ADSC: label(prefix.split("/").pop()!),
    VTIC: label(2),
    DATE: { raw: "", value: "", timestamp: { date: wall, dst: offset === 60 ? "winter" : "summer" } },
    NGTF: label("BASE"),
    EAST: label(Math.floor(k.imp)),
    EAIT: label(Math.floor(k.exp)),
    SINSTS: label(va),
    ...(prm && { PRM: label(prm) }),
  };
}

/** Starts the simulated devices; returns the function that stops them. */
export async function startDeviceSimulator(o: { brokerUrl: string; now?: () => number }): Promise<() => Promise<void>> {
  const now = o.now ?? Date.now;
  const found = await demoDevices();
  if (!found) return async () => undefined;
  const { devices, home, meter, prm } = found;
  await backfill(devices, home, meter, now());
  const counters = await lastCounters(devices.flatMap((d) => d.channels.map((c) => c.measurementId)));
  const clients = new Map<number, MqttClient>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  for (const d of devices) {
    const connect = async (): Promise<void> => {
      const { username, password } = await setDevicePassword(d.deviceId);
      // teleinfo2mqtt says it is up on `teleinfo/status`, outside the device's prefix: a TIC reader has no online topic
      const online = d.format !== "teleinfo";
      const client = mqtt.connect(o.brokerUrl, {
        clientId: d.prefix.replace(/\//g, "-").slice(0, 64),
        username,
        password,
        clean: true,
        reconnectPeriod: 0,
        ...(online && { will: { topic: `${d.prefix}/online`, payload: Buffer.from("false"), qos: 1 as const, retain: true } }),
      });
      clients.set(d.deviceId, client);
      client.on("error", () => undefined);
      if (online) client.on("connect", () => void client.publishAsync(`${d.prefix}/online`, "true", { qos: 1, retain: true }).catch(() => undefined));
      // closed by the broker (a new password made on the device's page, a restart): key in again
      client.once("close", () => {
        if (stopped || clients.get(d.deviceId) !== client) return;
        setTimeout(() => void connect().catch((err) => logError("simulator: a demo device could not reconnect", err, undefined, "warn")), 5_000).unref();
      });
    };
    await connect();
    // the energy since the last stored counters (the minute between the backfill and the first
    // frame), at most 2 minutes: a longer stop is a gap, not a lump of energy at the power of now
    const since = Math.min(...d.channels.map((c) => counters.get(c.measurementId)!.at ?? Infinity));
    let last = Number.isFinite(since) ? Math.max(since, now() - 120_000) : now();
    let lastMinute = Math.floor(last / 60_000);
    const tick = () => {
      if (stopped) return;
      const t = now();
      const p = homePower(t, home, meter);
      for (const c of d.channels) {
        const w = c.power(p);
        const k = counters.get(c.measurementId)!;
        if (w >= 0) k.imp += (w * (t - last)) / 3_600_000;
        else k.exp += (-w * (t - last)) / 3_600_000;
      }
      last = t;
      const minute = Math.floor(t / 60_000);
      const withEnergy = minute !== lastMinute;
      lastMinute = minute;
      const client = clients.get(d.deviceId);
      if (!client?.connected) return;
      if (d.format === "shelly_gen2") {
        const params: Record<string, unknown> = { ts: Math.round(t / 10) / 100 };
        for (const c of d.channels) {
          const id = Number(c.key.split(":")[1]);
          const w = c.power(p);
          params[c.key] = { id, act_power: w, voltage: 230.1, current: Math.round((Math.abs(w) / 230.1) * 1000) / 1000, pf: 0.97 };
          if (withEnergy) {
            const k = counters.get(c.measurementId)!;
            params[`em1data:${id}`] = { id, total_act_energy: round(k.imp), total_act_ret_energy: round(k.exp) };
          }
        }
        const frame = { src: d.prefix, dst: `${d.prefix}/events`, method: "NotifyStatus", params };
        void client.publishAsync(`${d.prefix}/events/rpc`, JSON.stringify(frame), { qos: 1 }).catch(() => undefined);
      } else if (d.format === "teleinfo") {
        const c = d.channels[0]!;
        const k = counters.get(c.measurementId)!;
        void client.publishAsync(d.prefix, JSON.stringify(ticFrame(d.prefix, t, k, apparentOf(c.power(p)), prm)), { qos: 1 }).catch(() => undefined);
      } else {
        const channels: Record<string, object> = {};
        for (const c of d.channels) {
          const k = counters.get(c.measurementId)!;
          channels[c.key] = { power_w: c.power(p), import_wh: round(k.imp), export_wh: round(k.exp) };
        }
        void client.publishAsync(`${d.prefix}/state`, JSON.stringify({ ts: Math.round(t / 1000), channels }), { qos: 1 }).catch(() => undefined);
      }
    };
    const timer = setInterval(tick, TICK_MS);
    timer.unref();
    timers.push(timer, setTimeout(tick, 1_000).unref());
  }
  return async () => {
    stopped = true;
    for (const t of timers) clearTimeout(t);
    await Promise.all([...clients.values()].map((c) => c.endAsync().catch(() => undefined)));
  };
}
