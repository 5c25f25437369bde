// bench:telemetry's devices (a child process of bench/telemetry.ts, so that publishing does not
// share the ingest's event loop): one TCP connection per device, logged in with its own
// credentials, each publishing Shelly EM Gen3 NotifyStatus frames (em1:0 and em1:1 power and
// counters) on <prefix>/events/rpc with QoS 1. The MQTT packets are written by hand (MQTT 3.1.1,
// sections 3.1 and 3.3): with MQTT.js's client for each of 1,000 devices, this process used a
// whole core at 1,600 frames a second and was what the bench measured.
// Modes (argv[2]): "burst" publishes COUNT frames as fast as the broker acknowledges them (at most
// 4,000 awaiting their PUBACK); "rate" publishes RATE frames a second for SECONDS. Each frame's
// params.ts is its publish time (ms), which the bench reads back from the rows.
import fs from "node:fs";
import net from "node:net";

type Dev = { username: string; password: string; prefix: string };
const [mode, file, url] = process.argv.slice(2) as ["burst" | "rate", string, string];
const devices = JSON.parse(fs.readFileSync(file, "utf8")) as Dev[];
const COUNT = Number(process.env.COUNT ?? 60_000);
const RATE = Number(process.env.RATE ?? 5_000);
const SECONDS = Number(process.env.SECONDS ?? 60);
const { hostname, port } = new URL(url);

const str = (s: string) => {
  const b = Buffer.from(s, "utf8");
  const len = Buffer.alloc(2);
  len.writeUInt16BE(b.length);
  return Buffer.concat([len, b]);
};
function remainingLength(n: number): Buffer {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return Buffer.from(out);
}
function connectPacket(d: Dev): Buffer {
  const variable = Buffer.concat([str("MQTT"), Buffer.from([4, 0x80 | 0x40 | 0x02, 0, 0])]);
  const payload = Buffer.concat([str(d.prefix), str(d.username), str(d.password)]);
  return Buffer.concat([Buffer.from([0x10]), remainingLength(variable.length + payload.length), variable, payload]);
}
function publishPacket(topic: Buffer, id: number, payload: string): Buffer {
  const body: Buffer = Buffer.from(payload, "utf8");
  const head = Buffer.from([0x32]);
  const mid = Buffer.from([id >> 8, id & 0xff]);
  return Buffer.concat([head, remainingLength(topic.length + 2 + body.length), topic, mid, body]);
}

const counters = devices.map(() => ({ a: 1_000_000 * Math.random(), b: 500_000 * Math.random(), lastTs: 0 }));
function frame(i: number): string {
  const d = devices[i]!;
  const c = counters[i]!;
  // a distinct ms per frame of a device: two frames of one device never share a timestamp
  let now = Date.now();
  if (now <= c.lastTs) now = c.lastTs + 1;
  c.lastTs = now;
  c.a += 0.3;
  c.b += 0.2;
  return (
    `{"src":"${d.prefix}","dst":"${d.prefix}/events","method":"NotifyStatus","params":{"ts":${now / 1000},` +
    `"em1:0":{"id":0,"act_power":${900 + (i % 500)},"voltage":230.2,"current":3.9,"pf":0.98},` +
    `"em1:1":{"id":1,"act_power":${400 + (i % 300)},"voltage":230.2,"current":1.7,"pf":0.99},` +
    `"em1data:0":{"id":0,"total_act_energy":${Math.round(c.a * 100) / 100},"total_act_ret_energy":0},` +
    `"em1data:1":{"id":1,"total_act_energy":${Math.round(c.b * 100) / 100},"total_act_ret_energy":0}}}`
  );
}

type Conn = { socket: net.Socket; topic: Buffer; nextId: number };
let acked = 0;
let wake: (() => void) | undefined;

function open(d: Dev): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    socket.setNoDelay(true);
    let buf: Buffer = Buffer.alloc(0);
    let connected = false;
    socket.on("data", (chunk) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      // only CONNACK and PUBACK come back: 4 bytes each
      while (buf.length >= 2) {
        const size = 2 + buf[1]!;
        if (buf.length < size) break;
        const type = buf[0]! >> 4;
        if (type === 2) {
          if (buf[3] !== 0) return reject(new Error(`${d.username}: CONNACK ${buf[3]}`));
          connected = true;
          resolve(conn);
        } else if (type === 4) {
          acked++;
          wake?.();
        }
        buf = buf.subarray(size);
      }
    });
    socket.on("error", (e) => (connected ? console.error(`${d.username}: ${e.message}`) : reject(e)));
    const conn: Conn = { socket, topic: str(`${d.prefix}/events/rpc`), nextId: 1 };
    socket.write(connectPacket(d));
  });
}

async function main() {
  const conns: Conn[] = [];
  for (let i = 0; i < devices.length; i += 100) conns.push(...(await Promise.all(devices.slice(i, i + 100).map(open))));
  process.send?.({ ready: true });
  await new Promise<void>((r) => process.once("message", () => r()));
  const t0 = Date.now();
  let sent = 0;
  const publish = (i: number) => {
    const c = conns[i]!;
    c.socket.write(publishPacket(c.topic, c.nextId, frame(i)));
    c.nextId = c.nextId === 65535 ? 1 : c.nextId + 1;
    sent++;
  };
  if (mode === "burst") {
    for (let k = 0; k < COUNT; k++) {
      while (sent - acked >= 4000) await new Promise<void>((r) => (wake = r));
      publish(k % devices.length);
      if (k % 200 === 199) await new Promise((r) => setImmediate(r));
    }
    while (acked < sent) await new Promise<void>((r) => (wake = r));
  } else {
    // RATE frames a second, in 10 ms ticks, the devices in turn
    const end = t0 + SECONDS * 1000;
    let k = 0;
    while (Date.now() < end) {
      const due = Math.floor(((Date.now() - t0) / 1000) * RATE);
      while (sent < due) publish(k++ % devices.length);
      await new Promise((r) => setTimeout(r, 10));
    }
    const until = Date.now() + 30_000;
    while (acked < sent && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  }
  process.send?.({ done: true, sent, ms: Date.now() - t0 });
  for (const c of conns) c.socket.end(Buffer.from([0xe0, 0]));
  setTimeout(() => process.exit(0), 200);
}
void main();
