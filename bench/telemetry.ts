// npm run bench:telemetry: live telemetry end to end on 2 cores, against a bare baseline in the
// same run (docs/performance.md, "Live telemetry"). A throw-away embedded PostgreSQL (durable
// defaults), the app's embedded broker (aedes) in this process, BENCH_DEVICES devices (default
// 10,000: the issue's "10,000 devices reporting every 2 s") each with its own MQTT connection and
// password in a child process (bench/telemetry-publisher.ts) publishing Shelly EM Gen3 frames (two
// channels: two rows each).
//   consumers  app       the app's ingest (lib/mqtt/ingest.ts): parse, map, batch, acknowledge once stored, rollups
//              baseline  a bare MQTT subscriber writing the same sample rows with one multi-row
//                        INSERT every 500 ms, acknowledging at once, nothing else
//   phases     burst     BENCH_BURST frames (default 60,000) as fast as they go: the sustained rate
//              rate      BENCH_RATE frames a second (default 5,000) for BENCH_SECONDS (default 60;
//                        600 for the 10-minute memory check): publish-to-stored p50/p99 of the
//                        frames published after the first BENCH_WARMUP seconds (default 5: the
//                        first INSERTs into new partitions, cold plans and JIT; their worst is
//                        shown apart), RSS over time
//   reads      a device's live answer, a day of 1-minute points, a year of 15-minute energy (warm)
// Goals (issue 49): app ≥ 0.5× baseline's burst rate; ≥ 5,000 frames/s with p99 < 2 s; memory flat;
// live < 20 ms, a day of minutes < 30 ms, a year of quarters < 50 ms.
import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import mqtt from "mqtt";
import { withBenchDatabase } from "./lib/database";

const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, ".data", "bench-telemetry");
const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const BURST = Number(process.env.BENCH_BURST ?? 60_000);
const RATE = Number(process.env.BENCH_RATE ?? 5_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP_MS = Number(process.env.BENCH_WARMUP ?? 5) * 1000;
const ONLY = process.env.BENCH_ONLY; // "app" or "baseline"
const INGEST_PASSWORD = "bench-ingest-password-0123456789abcdef";
const say = (s = "") => console.log(s);
const fmt = (n: number, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]! : NaN);

type Stored = (rows: readonly { ts: number }[], at: number) => void;
type Consumer = { stop: () => Promise<void>; progress?: () => string };

async function main() {
  await withBenchDatabase(dir, async () => {
    const { db, disconnectDb } = await import("../lib/db");
    const { hashDevicePassword } = await import("../lib/telemetry/password");
    const { startBroker } = await import("../lib/mqtt/broker");
    const { Ingest } = await import("../lib/mqtt/ingest");
    const { INGEST_USERNAME } = await import("../lib/services/telemetry/connection");

    // the devices: one household owning them all (ownership plays no part in the ingest)
    const password = "bench-device-password";
    const hash = hashDevicePassword(password);
    await db.$executeRaw`INSERT INTO users (email, hashed_password, is_active, is_superuser, updated_at) VALUES ('bench@example.com', 'x', true, false, now())`;
    await db.$executeRaw`INSERT INTO devices (device_id, device_type, owner_id, data_source, updated_at)
      SELECT 'shellyemg3-' || lpad(i::text, 12, '0'), 'shelly', (SELECT id FROM users LIMIT 1), 'mqtt', now() FROM generate_series(1, ${DEVICES}::int) AS i`;
    await db.$executeRaw`INSERT INTO measurements (device_id, name, measure_type, classification, prefix, updated_at)
      SELECT d.id, c.name, c.mt::"MeasureType", c.cl::"ChannelClassification", c.prefix, now() FROM devices d
      CROSS JOIN (VALUES ('grid', 'total_home', 'consumption', 'em1:0'), ('solar', 'pv', 'production', 'em1:1')) AS c(name, mt, cl, prefix)`;
    await db.$executeRaw`INSERT INTO device_mqtt (device_id, username, password_hash, topic_prefix, format)
      SELECT id, 'device-' || id, ${hash}, lower(device_id), 'shelly_gen2' FROM devices`;
    const devs = await db.$queryRaw<{ username: string; prefix: string }[]>`SELECT username, topic_prefix AS prefix FROM device_mqtt ORDER BY device_id`;
    const file = path.join(dir, "devices.json");
    fs.writeFileSync(file, JSON.stringify(devs.map((d) => ({ ...d, password }))));
    const routes = new Map(
      (await db.$queryRaw<{ prefix: string; grid: number; solar: number }[]>`
        SELECT q.topic_prefix AS prefix, min(m.id) FILTER (WHERE m.prefix = 'em1:0') AS grid, min(m.id) FILTER (WHERE m.prefix = 'em1:1') AS solar
        FROM device_mqtt q JOIN measurements m ON m.device_id = q.device_id GROUP BY 1`).map((r) => [r.prefix, r]),
    );

    const broker = await startBroker({ port: 0, host: "127.0.0.1", ingestPassword: INGEST_PASSWORD });
    const url = `mqtt://127.0.0.1:${broker.port}`;
    say(`bench:telemetry: ${fmt(DEVICES)} devices (2 channels each), embedded broker, PostgreSQL with durable defaults; node ${process.version}`);

    const consumers: Record<"app" | "baseline", (onStored: Stored) => Promise<Consumer>> = {
      app: async (onStored) => {
        // as the app runs it beside its embedded broker (lib/mqtt/run.ts): no persistent session
        const ingest = new Ingest({ url, username: INGEST_USERNAME, password: INGEST_PASSWORD, clientId: `bench-app-${Date.now()}`, maxPerSecond: 20, persistentSession: false, onStored });
        await ingest.start();
        return {
          progress: () => `received ${fmt(ingest.stats.received)}, waiting ${fmt(ingest.stats.pending)}, batches ${fmt(ingest.stats.batches)} (${fmt(ingest.stats.writeMs / Math.max(1, ingest.stats.batches))} ms each), rollup passes ${fmt(ingest.stats.rolls)}`,
          stop: async () => {
            // the rollups still queued once every sample is stored, and how long they take to catch up
            const [{ n }] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM telemetry.rollup_queue`;
            const st = { ...ingest.stats };
            const t = performance.now();
            await ingest.stop();
            say(`           (the ingest's batches: ${fmt(st.batches)}, ${fmt(st.stored / Math.max(1, st.batches))} rows and ${fmt(st.writeMs / Math.max(1, st.batches))} ms each; rollup passes of closed minutes: ${fmt(st.rolls)}, ${fmt(st.rollMs / Math.max(1, st.rolls))} ms each; the last ${fmt(n)} batches' rollups at the stop: ${fmt(performance.now() - t)} ms)`);
          },
        };
      },
      baseline: async (onStored) => {
        const { default: pg } = await import("pg");
        const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
        const client = await mqtt.connectAsync(url, { username: INGEST_USERNAME, password: INGEST_PASSWORD, clientId: `bench-base-${Date.now()}`, clean: true });
        let rows: { m: number; ts: number; p: number; i: number; e: number }[] = [];
        client.on("message", (topic, payload) => {
          const r = routes.get(topic.slice(0, topic.indexOf("/")));
          if (!r) return;
          const f = JSON.parse(payload.toString()) as { params: Record<string, { act_power?: number; total_act_energy?: number; total_act_ret_energy?: number }> & { ts: number } };
          const ts = Math.round(f.params.ts * 1000);
          rows.push({ m: r.grid, ts, p: f.params["em1:0"]!.act_power!, i: f.params["em1data:0"]!.total_act_energy!, e: f.params["em1data:0"]!.total_act_ret_energy! });
          rows.push({ m: r.solar, ts, p: f.params["em1:1"]!.act_power!, i: f.params["em1data:1"]!.total_act_energy!, e: f.params["em1data:1"]!.total_act_ret_energy! });
        });
        await client.subscribeAsync("#", { qos: 1 });
        let writing = Promise.resolve();
        const flush = () => {
          const batch = rows;
          rows = [];
          if (!batch.length) return;
          writing = writing.then(async () => {
            await pool.query(
              `INSERT INTO telemetry.samples (measurement_id, ts, power_w, import_wh, export_wh)
               SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::real[], $4::float8[], $5::float8[]) ON CONFLICT DO NOTHING`,
              [batch.map((r) => r.m), batch.map((r) => new Date(r.ts).toISOString()), batch.map((r) => r.p), batch.map((r) => r.i), batch.map((r) => r.e)],
            );
            onStored(batch, Date.now());
          });
        };
        const t = setInterval(flush, 500);
        return {
          stop: async () => {
            clearInterval(t);
            flush();
            await writing;
            await client.endAsync();
            await pool.end();
          },
        };
      },
    };

    async function phase(who: "app" | "baseline", mode: "burst" | "rate") {
      await db.$executeRawUnsafe("TRUNCATE telemetry.samples, telemetry.minutes, telemetry.quarters, telemetry.rollup_queue");
      await db.$executeRawUnsafe("VACUUM ANALYZE telemetry.samples");
      let stored = 0;
      let lastAt = 0;
      let t0 = Infinity;
      const latencies: number[] = [];
      let warmupMax = 0;
      const consumer = await consumers[who]((rows, at) => {
        stored += rows.length;
        lastAt = at;
        if (mode === "rate") {
          for (const r of rows) {
            if (r.ts >= t0 + WARMUP_MS) latencies.push(at - r.ts);
            else warmupMax = Math.max(warmupMax, at - r.ts);
          }
        }
      });
      const child = fork(path.join(import.meta.dirname, "telemetry-publisher.ts"), [mode, file, url], {
        execArgv: ["--import", "tsx"],
        env: { ...process.env, COUNT: String(BURST), RATE: String(RATE), SECONDS: String(SECONDS) },
      });
      const messages = (want: string) => new Promise<Record<string, number>>((resolve, reject) => {
        child.on("message", (m: Record<string, number>) => (m[want] ? resolve(m) : undefined));
        child.once("exit", (code) => code && reject(new Error(`the publisher stopped (${code})`)));
      });
      await messages("ready");
      const rss: number[] = [];
      t0 = Date.now();
      let ticks = 0;
      const sampler = setInterval(() => {
        const mem = process.memoryUsage();
        rss.push(mem.rss);
        // BENCH_PROGRESS=1: a line every 30 s (the long runs)
        if (process.env.BENCH_PROGRESS && ++ticks % 6 === 0) {
          say(`    ${fmt((Date.now() - t0) / 1000)} s: ${fmt(stored / 2)} frames stored, RSS ${fmt(mem.rss / 1e6)} MB, heap ${fmt(mem.heapUsed / 1e6)} MB; ${consumer.progress?.() ?? ""}`);
        }
      }, 5_000);
      child.send("go");
      const done = await messages("done");
      const expected = done.sent! * 2;
      const deadline = Date.now() + 120_000;
      while (stored < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      clearInterval(sampler);
      await consumer.stop();
      const seconds = (lastAt - t0) / 1000;
      return { sent: done.sent!, stored: stored / 2, complete: stored >= expected, rate: stored / 2 / seconds, seconds, latencies, warmupMax, rss };
    }

    const order: ("app" | "baseline")[] = ONLY ? [ONLY as "app" | "baseline"] : ["baseline", "app"];
    const burst: Record<string, Awaited<ReturnType<typeof phase>>> = {};
    say();
    say(`Burst: ${fmt(BURST)} frames as fast as they go (QoS 1, at most 4,000 awaiting PUBACK)`);
    for (const who of order) {
      const r = (burst[who] = await phase(who, "burst"));
      say(`  ${who.padEnd(8)} ${fmt(r.rate)} frames/s stored (${fmt(r.stored)} of ${fmt(r.sent)} in ${fmt(r.seconds, 1)} s)${r.complete ? "" : "  INCOMPLETE"}`);
    }
    if (burst.app && burst.baseline) {
      const ratio = burst.app.rate / burst.baseline.rate;
      say(`  app ÷ baseline: ${fmt(ratio, 2)} (goal ≥ 0.5: ${ratio >= 0.5 ? "met" : "NOT met"})`);
    }
    say();
    say(`Fixed rate: ${fmt(RATE)} frames/s for ${SECONDS} s (${fmt(RATE * 2)} rows/s)`);
    for (const who of order) {
      const r = await phase(who, "rate");
      const mb = r.rss.map((x) => x / 1e6);
      const p99 = pct(r.latencies, 99);
      say(`  ${who.padEnd(8)} stored ${fmt(r.stored)} of ${fmt(r.sent)} (${fmt(r.rate)} /s); publish→stored p50 ${fmt(pct(r.latencies, 50))} ms, p99 ${fmt(p99)} ms, max ${fmt(r.latencies.reduce((a, b) => Math.max(a, b), 0))} ms (first ${WARMUP_MS / 1000} s: max ${fmt(r.warmupMax)} ms)${who === "app" ? ` (goal p99 < 2,000 ms: ${p99 < 2000 && r.complete ? "met" : "NOT met"})` : ""}`);
      if (mb.length >= 2) {
        const half = Math.floor(mb.length / 2);
        const first = mb.slice(0, half), second = mb.slice(half);
        const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
        say(`           RSS (broker and consumer, this process): first half ${fmt(avg(first))} MB, second half ${fmt(avg(second))} MB, max ${fmt(Math.max(...mb))} MB`);
      }
    }

    // reads, warm: a device with a year of quarter hours, a day of minutes and today's samples
    say();
    say("Reads (warm; median and p95 of 30 after 5 warm-ups)");
    const { deviceLive, deviceSeries } = await import("../lib/services/telemetry/readings");
    const [dev] = await db.$queryRaw<{ id: number; owner: number }[]>`SELECT id, owner_id AS owner FROM devices ORDER BY id LIMIT 1`;
    const ms = await db.$queryRaw<{ id: number }[]>`SELECT id FROM measurements WHERE device_id = ${dev!.id}`;
    const now = Date.now();
    for (const m of ms) {
      await db.$executeRaw`INSERT INTO telemetry.quarters (measurement_id, start, power_avg, power_min, power_max, import_wh, export_wh)
        SELECT ${m.id}, g, 500, 100, 900, 125, 0 FROM generate_series(date_trunc('hour', now()) - interval '365 days', now(), interval '15 minutes') AS g ON CONFLICT DO NOTHING`;
      await db.$executeRaw`INSERT INTO telemetry.minutes (measurement_id, start, power_avg, power_min, power_max, import_wh, export_wh, samples)
        SELECT ${m.id}, g, 500, 100, 900, 8.3, 0, 6 FROM generate_series(date_trunc('minute', now()) - interval '1 day', now(), interval '1 minute') AS g ON CONFLICT DO NOTHING`;
    }
    await db.$executeRawUnsafe("VACUUM ANALYZE telemetry.quarters, telemetry.minutes, telemetry.samples");
    const caller = { id: dev!.owner, isSuperuser: false } as never;
    const time = async (label: string, goal: number, fn: () => Promise<unknown>) => {
      for (let i = 0; i < 5; i++) await fn();
      const xs: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t = performance.now();
        await fn();
        xs.push(performance.now() - t);
      }
      const med = pct(xs, 50);
      say(`  ${label.padEnd(44)} median ${fmt(med, 1)} ms, p95 ${fmt(pct(xs, 95), 1)} ms (goal < ${goal} ms: ${med < goal ? "met" : "NOT met"})`);
    };
    await time("the device's live answer", 20, () => deviceLive(caller, dev!.id));
    await time("a day of 1-minute points", 30, () => deviceSeries(caller, dev!.id, { start: new Date(now - 86_400_000), end: new Date(now), step: "1m" }));
    await time("a year of 15-minute points", 50, () => deviceSeries(caller, dev!.id, { start: new Date(now - 365 * 86_400_000), end: new Date(now), step: "15m" }));
    await time("a year in days (from the 15-minute energy)", 50, () => deviceSeries(caller, dev!.id, { start: new Date(now - 365 * 86_400_000), end: new Date(now), step: "1d" }));
    await broker.close();
    await disconnectDb();
  });
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
