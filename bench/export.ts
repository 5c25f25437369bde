// npm run bench:export: the CSV export (lib/services/exports) of one meter's ten years of 30-minute
// readings (175,200 rows) against its own throw-away embedded PostgreSQL (.data/bench-export, a
// free port, migrated like the app's). The rows are seeded once with one INSERT ... SELECT, then:
//   - each export is streamed through a Node Readable into a null sink, timed (median of
//     BENCH_RUNS, default 5) for 1 year and for 10 years of the same meter;
//   - memory is sampled every 5 ms during each run: peak RSS and peak heap over the heap measured
//     after a GC just before the run (the heap peak includes garbage V8 has not collected yet);
//   - one more, untimed pass per case collects the garbage every 32 chunks (about 2 MB of output)
//     and records the heap then: what the export really holds ("flat" = the same for 1 and 10 years);
//   - the 10-year XML export (modelled on IEC 62746-4) once, for reference.
// Run with `node --expose-gc` (the npm script does) so that each run starts from a collected heap.
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { withBenchDatabase } from "./lib/database";
import { median } from "./lib/stats.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, ".data", "bench-export");
const ROWS = 175_200; // ten years of half hours (365 × 48 × 10)
const YEAR_ROWS = 17_520;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const START = "2016-01-01T00:00:00+01:00";
const TARGET_MS = 2000;

const fmt = (n: number, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const MiB = 2 ** 20;
const say = (s = "") => console.log(s);
const gc = (globalThis as { gc?: () => void }).gc;

async function main() {
  await withBenchDatabase(dir, (cluster) => run(cluster.url));
}

/** Streams `make()`'s export into a null sink; time, bytes, and memory peaks during the run. */
async function measure(make: () => Promise<AsyncGenerator<string, void, undefined>>, toReadable: (g: AsyncGenerator<string, void, undefined>) => NodeJS.ReadableStream, live = false) {
  gc?.();
  gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss, peakHeap = base.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    if (m.rss > peakRss) peakRss = m.rss;
    if (m.heapUsed > peakHeap) peakHeap = m.heapUsed;
  }, 5);
  let bytes = 0, chunks = 0, liveHeap = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      if (live && gc && ++chunks % 32 === 0) {
        gc();
        liveHeap = Math.max(liveHeap, process.memoryUsage().heapUsed - base.heapUsed);
      }
      cb();
    },
  });
  const t = performance.now();
  await pipeline(toReadable(await make()), sink);
  const ms = performance.now() - t;
  clearInterval(timer);
  const end = process.memoryUsage();
  peakRss = Math.max(peakRss, end.rss);
  peakHeap = Math.max(peakHeap, end.heapUsed);
  return { ms, bytes, rss: peakRss, rssGrowth: peakRss - base.rss, heapGrowth: peakHeap - base.heapUsed, liveHeap };
}

async function run(url: string) {
  const { exportMeterHistory } = await import("../lib/services/exports/meter-history");
  const { toNodeReadable } = await import("../lib/services/exports/streams");
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  const cpus = os.cpus();
  const [{ version }] = (await sql.query("SELECT version()")).rows as { version: string }[];
  say(`machine: ${os.availableParallelism()} cores (nproc), ${cpus[0]?.model.trim()}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM; Node ${process.version}; load average ${os.loadavg().map((l) => fmt(l, 2)).join(" ")}`);
  say(`database: ${version.split(",")[0]} (embedded, durable defaults)`);
  if (!gc) say("(run with node --expose-gc for comparable heap figures)");

  await sql.query(`INSERT INTO users (email, hashed_password, is_superuser, updated_at) VALUES ('bench@example.com', 'x', true, now())`);
  await sql.query(`INSERT INTO meters (user_id, usage_point_id, updated_at) VALUES (1, '24880057139941', now())`);
  const t = performance.now();
  // a household's curve: a night base, morning and evening peaks, winter heating, some noise
  await sql.query(`
    INSERT INTO energy.readings (meter_id, kind, ts, wh, step_min, quality, source, fetched_at)
    SELECT 1, 1, ts, round((250 + 150 * (0.5 + 0.5 * cos(2 * pi() * extract(doy FROM ts) / 365.25))
                   + CASE WHEN h BETWEEN 7 AND 8 THEN 900 WHEN h BETWEEN 18 AND 21 THEN 1400 ELSE 0 END
                   + (g * 7919) % 97)::numeric / 2, 1)::float8,
           30, CASE WHEN g % 50 = 0 THEN 0 ELSE 1 END, 1, now()
    FROM generate_series(0, $2 - 1) AS g,
         LATERAL (SELECT $1::timestamptz + g * interval '30 minutes' AS ts) AS s,
         LATERAL (SELECT extract(hour FROM ts AT TIME ZONE 'Europe/Paris')::int AS h) AS hh`, [START, ROWS]);
  await sql.query("VACUUM ANALYZE energy.readings");
  const [{ n, last }] = (await sql.query(`SELECT count(*)::int AS n, max(ts) AS last FROM energy.readings WHERE meter_id = 1 AND kind = 1`)).rows as { n: number; last: Date }[];
  say(`seeded ${fmt(n)} readings (${START} → ${last.toISOString()}) in ${fmt((performance.now() - t) / 1000, 1)} s`);
  await sql.end();

  const caller = { id: 1, email: "bench@example.com", firstName: null, lastName: null, isSuperuser: true, acceptedTos: true, tokenVersion: 0, via: "bearer" as const };
  const oneYearTo = new Date(new Date(START).getTime() + YEAR_ROWS * 1_800_000);
  const cases = [
    { name: "CSV en, 1 year (17,520 rows)", req: { format: "csv" as const, dialect: "en" as const, to: oneYearTo }, rows: YEAR_ROWS },
    { name: "CSV fr, 1 year (17,520 rows)", req: { format: "csv" as const, dialect: "fr" as const, to: oneYearTo }, rows: YEAR_ROWS },
    { name: "CSV en, 10 years (175,200 rows)", req: { format: "csv" as const, dialect: "en" as const }, rows: ROWS },
    { name: "CSV fr, 10 years (175,200 rows)", req: { format: "csv" as const, dialect: "fr" as const }, rows: ROWS },
  ];
  // warm-up: the pool's connections, the server's plans, V8's optimised loops
  await measure(async () => (await exportMeterHistory(caller, 1, { format: "csv", dialect: "en", to: oneYearTo })).chunks, toNodeReadable);

  say(`\nCSV export streamed through a Node Readable into a null sink, median of ${RUNS} runs (target: 10 years < ${fmt(TARGET_MS)} ms, flat memory)`);
  say("case                               median ms   rows/s      MB out   peak RSS   RSS growth   heap growth   live heap growth");
  const results: Record<string, number> = {};
  for (const c of cases) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(async () => (await exportMeterHistory(caller, 1, c.req)).chunks, toNodeReadable));
    const ms = median(runs.map((r) => r.ms));
    const live = gc ? await measure(async () => (await exportMeterHistory(caller, 1, c.req)).chunks, toNodeReadable, true) : null;
    results[c.name] = ms;
    say(`${c.name.padEnd(34)} ${fmt(ms).padStart(9)} ${fmt(c.rows / (ms / 1000)).padStart(10)} ${fmt(runs[0].bytes / 1e6, 1).padStart(9)} ${`${fmt(Math.max(...runs.map((r) => r.rss)) / MiB)} MiB`.padStart(10)} ${`${fmt(median(runs.map((r) => r.rssGrowth)) / MiB, 1)} MiB`.padStart(12)} ${`${fmt(median(runs.map((r) => r.heapGrowth)) / MiB, 1)} MiB`.padStart(13)} ${(live ? `${fmt(live.liveHeap / MiB, 1)} MiB` : "n/a").padStart(18)}`);
  }

  // where the time goes: the store's pages alone, at a few page sizes
  const { readCurveReadings } = await import("../lib/services/exports/reader");
  const readerLine: string[] = [];
  for (const pageSize of [2000, 5000, 10000]) {
    const times = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      let n = 0;
      for await (const page of readCurveReadings(1, { kinds: ["consumption"], pageSize })) n += page.length;
      if (n !== ROWS) throw new Error(`read ${n} rows`);
      times.push(performance.now() - t0);
    }
    readerLine.push(`${fmt(pageSize)} rows a page ${fmt(median(times))} ms`);
  }
  say(`\nthe reader alone, 10 years (median of 3): ${readerLine.join("; ")} (the export uses ${fmt(5000)})`);

  const xml = await measure(async () => (await exportMeterHistory(caller, 1, { format: "xml" })).chunks, toNodeReadable);
  say(`\nXML (modelled on IEC 62746-4), 10 years, once: ${fmt(xml.ms)} ms, ${fmt(xml.bytes / 1e6, 1)} MB, RSS growth ${fmt(xml.rssGrowth / MiB, 1)} MiB, heap growth ${fmt(xml.heapGrowth / MiB, 1)} MiB`);

  const tenYears = Math.max(results["CSV en, 10 years (175,200 rows)"], results["CSV fr, 10 years (175,200 rows)"]);
  say(`\n10 years as CSV: ${fmt(tenYears)} ms (target < ${fmt(TARGET_MS)} ms): ${tenYears < TARGET_MS ? "met" : "NOT met"}`);
  if (tenYears >= TARGET_MS) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
