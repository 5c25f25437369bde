// bench:telemetry's devices (a child process of bench/telemetry.ts, so that publishing does not
// share the ingest's event loop): one MQTT connection per device with its own credentials, each
// publishing Shelly EM Gen3 NotifyStatus frames (em1:0 and em1:1 power and counters) on
// <prefix>/events/rpc with QoS 1. Modes (argv[2]): "burst" publishes COUNT frames as fast as the
// broker takes them; "rate" publishes RATE frames a second for SECONDS. Each frame's params.ts is
// its publish time (ms), which the bench reads back from the rows to time publish-to-stored.
import fs from "node:fs";
import mqtt, { type MqttClient } from "mqtt";

type Dev = { username: string; password: string; prefix: string };
const [mode, file, url] = process.argv.slice(2) as ["burst" | "rate", string, string];
const devices = JSON.parse(fs.readFileSync(file, "utf8")) as Dev[];
const COUNT = Number(process.env.COUNT ?? 60_000);
const RATE = Number(process.env.RATE ?? 5_000);
const SECONDS = Number(process.env.SECONDS ?? 60);

const counters = devices.map(() => ({ a: 1_000_000 * Math.random(), b: 500_000 * Math.random() }));
let lastTs = 0;
function frame(i: number): string {
  const d = devices[i]!;
  // a distinct ms per frame: two frames of one device never share a timestamp
  let now = Date.now();
  if (now <= lastTs) now = lastTs + 1;
  lastTs = now;
  const c = counters[i]!;
  c.a += 0.3;
  c.b += 0.2;
  const params = {
    ts: now / 1000,
    "em1:0": { id: 0, act_power: 900 + (i % 500), voltage: 230.2, current: 3.9, pf: 0.98 },
    "em1:1": { id: 1, act_power: 400 + (i % 300), voltage: 230.2, current: 1.7, pf: 0.99 },
    "em1data:0": { id: 0, total_act_energy: Math.round(c.a * 100) / 100, total_act_ret_energy: 0 },
    "em1data:1": { id: 1, total_act_energy: Math.round(c.b * 100) / 100, total_act_ret_energy: 0 },
  };
  return JSON.stringify({ src: d.prefix, dst: `${d.prefix}/events`, method: "NotifyStatus", params });
}

async function main() {
  const clients: MqttClient[] = [];
  for (let i = 0; i < devices.length; i += 50) {
    clients.push(
      ...(await Promise.all(
        devices.slice(i, i + 50).map((d) => mqtt.connectAsync(url, { username: d.username, password: d.password, clientId: d.prefix, reconnectPeriod: 0, clean: true, keepalive: 120 })),
      )),
    );
  }
  process.send?.({ ready: true });
  await new Promise<void>((r) => process.once("message", () => r()));
  const t0 = Date.now();
  let sent = 0;
  const publish = (i: number) => {
    sent++;
    return clients[i]!.publishAsync(`${devices[i]!.prefix}/events/rpc`, frame(i), { qos: 1 });
  };
  if (mode === "burst") {
    // every device in turn, with at most 4,000 frames awaiting their PUBACK
    const inFlight = new Set<Promise<unknown>>();
    for (let k = 0; k < COUNT; k++) {
      const p = publish(k % devices.length).finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (inFlight.size >= 4000) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  } else {
    // RATE frames a second, in 10 ms ticks, the devices in turn
    const end = t0 + SECONDS * 1000;
    let k = 0;
    const pending: Promise<unknown>[] = [];
    while (Date.now() < end) {
      const due = Math.floor(((Date.now() - t0) / 1000) * RATE);
      while (sent < due) pending.push(publish(k++ % devices.length).catch(() => undefined));
      if (pending.length > 10_000) await Promise.all(pending.splice(0));
      await new Promise((r) => setTimeout(r, 10));
    }
    await Promise.all(pending);
  }
  process.send?.({ done: true, sent, ms: Date.now() - t0 });
  await Promise.all(clients.map((c) => c.endAsync().catch(() => undefined)));
  process.exit(0);
}
void main();
