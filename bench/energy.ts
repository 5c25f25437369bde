// npm run bench:energy: the My Energy service (lib/services/energy) on its own throw-away embedded
// PostgreSQL (.data/bench-energy, a free port), migrated like the app's, with the bundled tariff
// grid and one producing meter holding a year of 30-minute consumption and production, daily
// totals and max power. Measures energyOf as the route calls it (ownership, one SQL pass for the
// readings, series, costs, max power, carbon lookup), warm: median and p95 of BENCH_RUNS runs
// (default 30) after 5 warm-up runs, and the CPU time a call costs (this process and PostgreSQL's,
// from /proc: what other work on the machine inflates least). BENCH_PROFILE=1 first times the parts (read, series, costs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { withBenchDatabase } from "./lib/database";
import type { Caller } from "../lib/auth/caller";
import type { CurvePoint } from "../lib/services/readings/types";
import type { EnergyQuery } from "../lib/validation/energy";

const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, ".data", "bench-energy");
const RUNS = Math.max(20, Number(process.env.BENCH_RUNS ?? 30));
const HALF_HOUR = 1_800_000;
const FROM = "2025-11-01", TO = "2026-11-01";

const fmt = (n: number, d = 1) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const say = (s = "") => console.log(s);

/** A household's curve: night base, morning and evening peaks, winter heating; solar from 08:00 to 18:00. */
function curves(from: number, to: number): { cons: CurvePoint[]; prod: CurvePoint[] } {
  const cons: CurvePoint[] = [], prod: CurvePoint[] = [];
  for (let t = from; t < to; t += HALF_HOUR) {
    const h = ((t / 3_600_000 + 1) % 24 + 24) % 24;
    const season = Math.cos(((t / 86_400_000) % 365.25) / 365.25 * 2 * Math.PI) * 0.5 + 0.5;
    const watts = 250 + 600 * season + (h >= 7 && h < 9 ? 900 : 0) + (h >= 18 && h < 22 ? 1400 : 0) + ((t / HALF_HOUR) % 97);
    const sun = h >= 8 && h < 18 ? Math.sin(((h - 8) / 10) * Math.PI) * (2500 - 1500 * season) : 0;
    cons.push({ start: new Date(t), stepMin: 30, wh: Math.round(watts) / 2, quality: "BEST" });
    prod.push({ start: new Date(t), stepMin: 30, wh: Math.round(Math.max(0, sun)) / 2, quality: "BEST" });
  }
  return { cons, prod };
}

async function main() {
  await withBenchDatabase(dir, (cluster) => run(cluster.url, cluster));
}

async function run(url: string, cluster: { dataDir: string }) {
  const { db } = await import("../lib/db");
  const readings = await import("../lib/services/readings/store");
  const { upsertTariffs } = await import("../lib/services/tariffs/tariffs");
  const energy = { ...(await import("../lib/services/energy/reading")), ...(await import("../lib/services/energy/meter-energy")), ...(await import("../lib/services/energy/tariff-comparison")) };
  const { parisDayStart, daysOf, parisDayOf } = await import("../lib/time/paris");
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  const [{ version }] = (await sql.query("SELECT version()")).rows as { version: string }[];
  await sql.end();
  const cpus = os.cpus();
  say(`machine: ${cpus.length} cores (nproc ${os.availableParallelism()}), ${cpus[0]?.model.trim()}, ${fmt(os.totalmem() / 2 ** 30)} GiB RAM; Node ${process.version}`);
  say(`database: ${version.split(",")[0]} (embedded, durable defaults)`);

  const user = await db.user.create({ data: { email: "bench@example.com", hashedPassword: "x" } });
  const meter = await db.meter.create({ data: { userId: user.id, usagePointId: "24880057139941", producer: true, tariff: "hphc", tariffKva: 6 } });
  await db.meterOffpeakSlot.create({ data: { meterId: meter.id, validFrom: new Date("2020-01-01T00:00:00Z"), ranges: [{ from: "22:00", to: "06:00" }] } });
  await upsertTariffs(db);
  const { cons, prod } = curves(parisDayStart(FROM), parisDayStart(TO));
  await readings.upsertCurve(meter.id, "consumption", cons, "import");
  await readings.upsertCurve(meter.id, "production", prod, "import");
  const dailyOf = (pts: CurvePoint[]) => {
    const byDay = new Map<string, number>();
    for (const p of pts) byDay.set(parisDayOf(p.start.getTime()), (byDay.get(parisDayOf(p.start.getTime())) ?? 0) + p.wh);
    return [...byDay].map(([day, wh]) => ({ day, wh, quality: "BEST" }));
  };
  await readings.upsertDaily(meter.id, "consumption", dailyOf(cons), "import");
  await readings.upsertDaily(meter.id, "production", dailyOf(prod), "import");
  await readings.upsertMaxPower(meter.id, daysOf(FROM, TO).map((day, i) => ({ day, va: 3000 + (i * 37) % 4000, at: new Date(parisDayStart(day) + 19 * 3_600_000) })));
  await db.$executeRawUnsafe("VACUUM ANALYZE energy.readings");
  say(`history: one producing meter, ${FROM} to ${TO}: ${cons.length.toLocaleString("en-US")} half hours of consumption and as many of production, daily totals, max power; HP/HC 6 kVA (bundled EDF grid)`);

  const caller: Caller = { id: user.id, email: user.email, firstName: null, lastName: null, isSuperuser: false, acceptedTos: true, tokenVersion: 0, via: "bearer" };
  const now = Date.parse("2026-11-23T10:00:00Z");
  async function profile() {
    const { buildSeries, tariffSettingsOf } = await import("../lib/energy/series");
    const { computeCost, pricerOf } = await import("../lib/energy/costs");
    const { listTariffs } = await import("../lib/services/tariffs/tariffs");
    const time = async (name: string, f: () => unknown) => {
      for (let i = 0; i < 5; i++) await f();
      const ts: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await f();
        ts.push(performance.now() - t);
      }
      say(`   profile ${name}: median ${fmt(pct(ts, 50))} ms`);
    };
    const data = await energy.readPeriod(meter.id, FROM, TO, true);
    const m = await db.meter.findFirstOrThrow({ where: { id: meter.id }, include: { offpeakSlots: true } });
    const settings = tariffSettingsOf(m);
    const tariffs = await listTariffs(db);
    const pricing = { option: settings.option!, kva: settings.kva!, tariffs, offpeak: settings.slots, tempo: new Map() };
    await time("readPeriod (one SQL pass, packed binary)", () => energy.readPeriod(meter.id, FROM, TO, true));
    await time("listTariffs", () => listTariffs(db));
    await time("buildSeries (days, with pricer)", () => buildSeries({ from: FROM, to: TO, bucket: "day", ...data, pricer: pricerOf(pricing), option: "hphc", intensity: null, today: "2026-11-23" }));
    const rs = data.consumption.t.map((t, i) => ({ start: t, wh: data.consumption.wh[i] }));
    await time("computeCost (year)", () => computeCost({ ...pricing, readings: rs, from: FROM, to: TO }));
  }
  // CPU time (ms) of this process and of the cluster's processes (the postmaster's children): a
  // figure that other work on the machine inflates far less than wall-clock time
  const postmaster = Number(fs.readFileSync(path.join(cluster.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  const tick = 1000 / 100; // USER_HZ
  const pgCpu = () => {
    let total = 0;
    for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      try {
        const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").slice(fs.readFileSync(`/proc/${pid}/stat`, "utf8").lastIndexOf(")") + 2).split(" ");
        if (Number(f[1]) === postmaster || Number(pid) === postmaster) total += (Number(f[11]) + Number(f[12])) * tick;
      } catch {
        // gone meanwhile
      }
    }
    return total;
  };
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000 + pgCpu();
  };
  const cases: { name: string; q: EnergyQuery; goal: number }[] = [
    { name: "a year in days, with costs", q: { from: FROM, to: TO, bucket: "day", compare: "none", max_points: 1500 }, goal: 50 },
    { name: "a month of 30-minute points", q: { from: "2026-10-01", to: "2026-11-01", bucket: "30min", compare: "none", max_points: 1500 }, goal: 30 },
    { name: "a year in months (auto)", q: { from: FROM, to: TO, bucket: "auto", compare: "none", max_points: 1500 }, goal: 50 },
    { name: "a month in days against the previous", q: { from: "2026-10-01", to: "2026-11-01", bucket: "day", compare: "previous", max_points: 1500 }, goal: 30 },
  ];
  if (process.env.BENCH_PROFILE) await profile();
  say(`\nenergyOf, warm (5 warm-up runs, then ${RUNS}):`);
  for (const c of cases) {
    for (let i = 0; i < 5; i++) await energy.energyOf(caller, meter.id, c.q, now);
    const times: number[] = [];
    let points = 0;
    const cpu0 = cpu();
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const a = await energy.energyOf(caller, meter.id, c.q, now);
      times.push(performance.now() - t);
      points = a.series.length;
      if (!a.cost) throw new Error("no cost computed");
    }
    const cpuPerCall = (cpu() - cpu0) / RUNS;
    const med = pct(times, 50), p95 = pct(times, 95);
    say(`   ${c.name.padEnd(40)} ${String(points).padStart(5)} points: median ${fmt(med)} ms, p95 ${fmt(p95)} ms, CPU ${fmt(cpuPerCall)} ms a call (goal < ${c.goal} ms: ${med < c.goal ? "met" : "NOT met"})`);
  }
  const times: number[] = [];
  for (let i = 0; i < 5 + RUNS; i++) {
    const t = performance.now();
    await energy.tariffComparison(caller, meter.id, now);
    if (i >= 5) times.push(performance.now() - t);
  }
  say(`   ${"tariff comparison (12 months, 3 options)".padEnd(46)} median ${fmt(pct(times, 50))} ms, p95 ${fmt(pct(times, 95))} ms`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
