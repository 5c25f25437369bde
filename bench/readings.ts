// npm run bench:readings: the readings store (lib/services/readings) on its own throw-away
// embedded PostgreSQL (.data/bench-readings, a free port, PostgreSQL's durable defaults),
// migrated like the app's. Prints the machine, then:
//   1. ingest through upsertCurve: one meter-year (17,520 points) at a time, many meters (two
//      calls at once), and the sync's 7-day chunks; a re-run and a correction of a meter-year; what
//      the foreign key to meters and the change triggers (energy.changes) cost
//   2. one meter-year aggregated to days and months (warm medians), with EXPLAIN (ANALYZE, BUFFERS)
//   3. the table grown to BENCH_METERS × BENCH_YEARS (default 200 × 10 = 35 M readings, bulk
//      loaded in 7-day chunks interleaved across meters, as the sync writes them), the same reads
//      again, the key's depth and pages, and the extrapolation to 1,000 meters × 10 years
// BENCH_KEEP=1 keeps the cluster's folder afterwards (it holds a few GB).
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { withBenchDatabase } from "./lib/database";
import type { CurvePoint } from "../lib/services/readings/types";
import { median } from "./lib/stats.mjs";

type AggArgs = Parameters<(typeof import("../lib/services/readings/store"))["aggregate"]>;
type Case = { name: string; args: AggArgs; target?: number };

const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, ".data", "bench-readings");
const BIG_METERS = Number(process.env.BENCH_METERS ?? 200);
const BIG_YEARS = Number(process.env.BENCH_YEARS ?? 10);
const SINGLES = 5; // meter-years written one call at a time
const MANY = 40; // meter-years written two at a time
const SYNC_METERS = 20; // meters written in 7-day chunks, 52 chunks each
const HALF_HOUR = 1_800_000;
const YEAR_FROM = new Date("2025-01-01T00:00:00+01:00"), YEAR_TO = new Date("2026-01-01T00:00:00+01:00");
const WEEK_MS = 7 * 86_400_000;

const fmt = (n: number, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const say = (s = "") => console.log(s);

/** A household's 30-minute curve from `from` to `to`: night base, morning and evening peaks, winter heating. */
function curve(meter: number, from: number, to: number): CurvePoint[] {
  const points: CurvePoint[] = [];
  for (let t = from; t < to; t += HALF_HOUR) {
    const h = ((t / 3_600_000 + 1) % 24 + 24) % 24;
    const winter = Math.cos(((t / 86_400_000) % 365.25) / 365.25 * 2 * Math.PI) * 0.5 + 0.5;
    const watts = 250 + 150 * winter + (h >= 7 && h < 9 ? 900 : 0) + (h >= 18 && h < 22 ? 1400 : 0) + ((meter * 7919 + t / HALF_HOUR) % 97);
    points.push({ start: new Date(t), stepMin: 30, wh: Math.round(watts) / 2, quality: "BRUT" });
  }
  return points;
}

async function main() {
  await withBenchDatabase(dir, (cluster) => run(cluster.url));
}

async function run(url: string) {
  const readings = await import("../lib/services/readings/store");
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await sql.query(text, params)).rows as T[];

  const cpus = os.cpus();
  const [{ version }] = await q<{ version: string }>("SELECT version()");
  const settings = await q<{ name: string; setting: string; unit: string | null }>(
    "SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'fsync', 'synchronous_commit', 'max_wal_size') ORDER BY name");
  say(`machine: ${cpus.length} cores, ${cpus[0]?.model.trim()}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM; Node ${process.version}`);
  say(`database: ${version.split(",")[0]} (embedded, durable defaults: ${settings.map((s) => `${s.name}=${s.setting}${s.unit && s.unit !== "" ? s.unit : ""}`).join(", ")})`);

  const smallMeters = SINGLES + MANY + SYNC_METERS + 1 + 3 + 6;
  const NO_FK_FROM = SINGLES + MANY + SYNC_METERS + 2;
  const TRIGGERS_FROM = NO_FK_FROM + 3;
  await q(`INSERT INTO users (email, hashed_password, updated_at) VALUES ('bench@example.com', 'x', now())`);
  await q(`INSERT INTO meters (user_id, usage_point_id, updated_at)
           SELECT 1, (10000000000000 + g)::text, now() FROM generate_series(1, $1) g`, [smallMeters + BIG_METERS]);

  // ---------------------------------------------------------------- 1. ingest
  say("\n1. Ingest through upsertCurve (multi-row INSERT ... SELECT FROM unnest(arrays) ON CONFLICT DO UPDATE, 5,000 rows a statement)");
  const year = (m: number) => curve(m, YEAR_FROM.getTime(), YEAR_TO.getTime());
  // warm-up (the client's first statements, the server's first plans, V8's optimised loops) on a
  // meter of its own, then each measurement with its points prepared beforehand
  await readings.upsertCurve(SINGLES + MANY + SYNC_METERS + 1, "consumption", year(0), "import");
  const singles: number[] = [];
  for (let m = 1; m <= SINGLES; m++) {
    const points = year(m);
    const t = performance.now();
    await readings.upsertCurve(m, "consumption", points, "import");
    singles.push(points.length / ((performance.now() - t) / 1000));
  }
  say(`   one meter-year (17,520 points, one call):    ${singles.map((r) => fmt(r)).join(", ")} readings/s (median ${fmt(median(singles))})`);

  const manyPoints = Array.from({ length: MANY }, (_, i) => year(SINGLES + 1 + i));
  let t = performance.now();
  let next = 0;
  await Promise.all([0, 1].map(async () => {
    while (next < MANY) {
      const i = next++;
      await readings.upsertCurve(SINGLES + 1 + i, "consumption", manyPoints[i], "import");
    }
  }));
  const many = (MANY * 17_520) / ((performance.now() - t) / 1000);
  manyPoints.length = 0;
  say(`   ${MANY} meter-years, two calls at a time:        ${fmt(many)} readings/s`);

  const chunks: [number, CurvePoint[]][] = [];
  for (let w = 0; w < 52; w++) {
    const from = YEAR_FROM.getTime() + w * WEEK_MS;
    for (let m = SINGLES + MANY + 1; m <= SINGLES + MANY + SYNC_METERS; m++) chunks.push([m, curve(m, from, from + WEEK_MS)]);
  }
  t = performance.now();
  let c = 0;
  const chunkTimes: number[] = [];
  await Promise.all([0, 1].map(async () => {
    while (c < chunks.length) {
      const [m, points] = chunks[c++];
      const s = performance.now();
      await readings.upsertCurve(m, "consumption", points, "sandbox");
      chunkTimes.push(performance.now() - s);
    }
  }));
  const chunkRate = (chunks.length * 336) / ((performance.now() - t) / 1000);
  say(`   ${chunks.length} 7-day chunks (336 points, as the sync writes), two at a time: ${fmt(chunkRate)} readings/s, ${fmt(median(chunkTimes), 1)} ms a chunk (upsert + its day coverage)`);

  const again = year(1);
  t = performance.now();
  await readings.upsertCurve(1, "consumption", again, "import");
  say(`   the same meter-year again (nothing changes): ${fmt(17_520 / ((performance.now() - t) / 1000))} readings/s`);
  const best = year(2).map((p) => ({ ...p, wh: p.wh + 1, quality: "BEST" }));
  t = performance.now();
  await readings.upsertCurve(2, "consumption", best, "import");
  say(`   a meter-year corrected (BEST over BRUT):     ${fmt(17_520 / ((performance.now() - t) / 1000))} readings/s`);

  // what the foreign key to meters costs (a check per new row): meter-years written without it
  await q("ALTER TABLE energy.readings DROP CONSTRAINT readings_meter_id_fkey");
  const noFk: number[] = [];
  for (let m = NO_FK_FROM; m < NO_FK_FROM + 3; m++) {
    const points = year(m);
    const t = performance.now();
    await readings.upsertCurve(m, "consumption", points, "import");
    noFk.push(points.length / ((performance.now() - t) / 1000));
  }
  await q("ALTER TABLE energy.readings ADD CONSTRAINT readings_meter_id_fkey FOREIGN KEY (meter_id) REFERENCES public.meters (id) ON DELETE CASCADE ON UPDATE CASCADE");
  say(`   for comparison, one meter-year with the foreign key dropped: ${noFk.map((r) => fmt(r)).join(", ")} readings/s (median ${fmt(median(noFk))})`);

  // what the triggers noting each statement's meters in energy.changes cost (docs/energy-history.md,
  // "What changed"): meter-years written with them and with them disabled, alternating
  const TRIGGERS = ["readings_inserted", "readings_updated", "readings_deleted"];
  const rates: Record<"with" | "without", number[]> = { with: [], without: [] };
  for (let i = 0; i < 6; i++) {
    const on = i % 2 === (Math.floor(i / 2) % 2); // with, without, without, with, with, without
    for (const t of TRIGGERS) await q(`ALTER TABLE energy.readings ${on ? "ENABLE" : "DISABLE"} TRIGGER ${t}`);
    const points = year(TRIGGERS_FROM + i);
    const t = performance.now();
    await readings.upsertCurve(TRIGGERS_FROM + i, "consumption", points, "import");
    rates[on ? "with" : "without"].push(points.length / ((performance.now() - t) / 1000));
  }
  for (const t of TRIGGERS) await q(`ALTER TABLE energy.readings ENABLE TRIGGER ${t}`);
  say(`   one meter-year with the change triggers (energy.changes): ${rates.with.map((r) => fmt(r)).join(", ")} readings/s (median ${fmt(median(rates.with))}); with them disabled, alternating: ${rates.without.map((r) => fmt(r)).join(", ")} (median ${fmt(median(rates.without))})`);

  await q("VACUUM ANALYZE energy.readings");
  const [small] = await q<{ rows: number; bytes: number; heap: number; index: number }>(
    `SELECT (SELECT count(*)::int FROM energy.readings) AS rows, pg_total_relation_size('energy.readings')::float8 AS bytes,
            pg_relation_size('energy.readings')::float8 AS heap, pg_relation_size('energy.readings_pkey')::float8 AS index`);
  const perRowSmall = small.bytes / small.rows;
  say(`   table: ${fmt(small.rows)} readings, ${fmt(small.bytes / 2 ** 20, 1)} MiB (heap ${fmt(small.heap / 2 ** 20, 1)}, key ${fmt(small.index / 2 ** 20, 1)}): ` +
    `${fmt(perRowSmall, 1)} bytes a reading, ${fmt((perRowSmall * 17_520) / 2 ** 20, 2)} MiB a meter-year (key built by the upserts)`);

  // ---------------------------------------------------------------- 2. reads
  const readCases = (meter: number, label: string): Case[] => [
    { name: `${label}: a year by day (365 buckets)`, args: [meter, "consumption", YEAR_FROM, YEAR_TO, "day"], target: 20 },
    { name: `${label}: a year by month (12)`, args: [meter, "consumption", YEAR_FROM, YEAR_TO, "month"], target: 10 },
    { name: `${label}: a week by hour (168)`, args: [meter, "consumption", new Date("2025-03-24T00:00:00+01:00"), new Date("2025-03-31T00:00:00+02:00"), "hour"] },
    { name: `${label}: a day by 30 min (48)`, args: [meter, "consumption", new Date("2025-06-12T00:00:00+02:00"), new Date("2025-06-13T00:00:00+02:00"), "30min"] },
  ];
  async function measure(cases: Case[]) {
    for (const k of cases) {
      const s0 = performance.now();
      const first = await readings.aggregate(...k.args);
      const cold = performance.now() - s0;
      for (let i = 0; i < 5; i++) await readings.aggregate(...k.args);
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        const s = performance.now();
        await readings.aggregate(...k.args);
        times.push(performance.now() - s);
      }
      const m = median(times);
      const verdict = k.target ? (m < k.target ? `  (target < ${k.target} ms: met)` : `  (target < ${k.target} ms: MISSED)`) : "";
      say(`   ${k.name.padEnd(48)} ${fmt(m, 2).padStart(6)} ms warm (median of 30), first call ${fmt(cold, 1)} ms, ${first.length} buckets${verdict}`);
    }
  }
  async function explain(label: string, args: AggArgs) {
    const { sql: text, params } = readings.aggregateQuery(...args);
    const plan = await q<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params);
    say(`\n   EXPLAIN (ANALYZE, BUFFERS) ${label}:`);
    for (const r of plan) say(`     ${r["QUERY PLAN"]}`);
  }

  say(`\n2. One meter-year read through aggregate() (${fmt(small.rows)} readings in the table)`);
  await measure(readCases(1, "meter 1"));
  await explain("meter 1, a year by day", [1, "consumption", YEAR_FROM, YEAR_TO, "day"]);
  await explain("meter 1, a year by month", [1, "consumption", YEAR_FROM, YEAR_TO, "month"]);
  const smallKey = await keyShape(q, false);

  // ---------------------------------------------------------------- 3. layouts
  if (process.env.BENCH_LAYOUTS !== "0") await compareLayouts(q, readings.aggregateQuery);

  // ---------------------------------------------------------------- 4. a large table
  if (BIG_METERS <= 0) return sql.end();
  const weeks = Math.round((BIG_YEARS * 365.25) / 7);
  const bigFrom = YEAR_TO.getTime() - weeks * WEEK_MS;
  const first = smallMeters + 1, last = smallMeters + BIG_METERS;
  say(`\n4. The table grown by ${BIG_METERS} meters × ${BIG_YEARS} years (${fmt(BIG_METERS * weeks * 336)} readings, ${weeks} weeks to 1 Jan 2026)`);
  say("   bulk load: key and foreign key dropped, one INSERT ... SELECT a week (all meters' 7-day chunks in turn), key and foreign key added back");
  t = performance.now();
  await q("ALTER TABLE energy.readings DROP CONSTRAINT readings_meter_id_fkey, DROP CONSTRAINT readings_pkey");
  const step = Math.max(1, Math.round(weeks / 10));
  for (let w = 0; w < weeks; w++) {
    await q(
      `INSERT INTO energy.readings (meter_id, kind, ts, wh, step_min, quality, source, fetched_at)
       SELECT m, 1, to_timestamp($3::float8 / 1000) + s * interval '30 minutes', ((m * 7919 + s) % 97 + 250)::float8 / 2, 30, 0, 3, now()
       FROM generate_series($1::int, $2::int) m, generate_series(0, 335) s`,
      [first, last, bigFrom + w * WEEK_MS]);
    if ((w + 1) % step === 0) process.stdout.write(`   ${Math.round(((w + 1) / weeks) * 100)}%`);
  }
  const loadS = (performance.now() - t) / 1000;
  say(`\n   inserted in ${fmt(loadS, 1)} s (${fmt((BIG_METERS * weeks * 336) / loadS)} readings/s without key checks)`);
  t = performance.now();
  await q("SET maintenance_work_mem = '512MB'");
  await q("ALTER TABLE energy.readings ADD CONSTRAINT readings_pkey PRIMARY KEY (meter_id, kind, ts)");
  const pkS = (performance.now() - t) / 1000;
  t = performance.now();
  await q("ALTER TABLE energy.readings ADD CONSTRAINT readings_meter_id_fkey FOREIGN KEY (meter_id) REFERENCES public.meters (id) ON DELETE CASCADE ON UPDATE CASCADE");
  const fkS = (performance.now() - t) / 1000;
  t = performance.now();
  await q("VACUUM ANALYZE energy.readings");
  say(`   key built in ${fmt(pkS, 1)} s, foreign key checked in ${fmt(fkS, 1)} s, VACUUM ANALYZE ${fmt((performance.now() - t) / 1000, 1)} s`);
  const [big] = await q<{ rows: number; bytes: number; heap: number; index: number }>(
    `SELECT (SELECT count(*)::int FROM energy.readings) AS rows, pg_total_relation_size('energy.readings')::float8 AS bytes,
            pg_relation_size('energy.readings')::float8 AS heap, pg_relation_size('energy.readings_pkey')::float8 AS index`);
  const perRowBig = big.bytes / big.rows;
  say(`   table: ${fmt(big.rows)} readings, ${fmt(big.bytes / 2 ** 30, 2)} GiB (heap ${fmt(big.heap / 2 ** 30, 2)}, key ${fmt(big.index / 2 ** 30, 2)}): ` +
    `${fmt(perRowBig, 1)} bytes a reading, ${fmt((perRowBig * 17_520) / 2 ** 20, 2)} MiB a meter-year (key freshly built)`);

  const mid = first + Math.floor(BIG_METERS / 2);
  say("");
  await measure([
    ...readCases(1, "meter 1 (written by upserts)"),
    ...readCases(mid, `meter ${mid} (bulk)`).slice(0, 2),
    { name: `meter ${mid}: ${BIG_YEARS} years by month (${BIG_YEARS * 12})`, args: [mid, "consumption", new Date(bigFrom), YEAR_TO, "month"] },
    { name: `meter ${mid}: ${BIG_YEARS} years by day`, args: [mid, "consumption", new Date(bigFrom), YEAR_TO, "day"] },
  ]);
  await explain(`meter 1, a year by day, ${fmt(big.rows)} readings in the table`, [1, "consumption", YEAR_FROM, YEAR_TO, "day"]);
  const bigKey = await keyShape(q, true);

  // ---------------------------------------------------------------- extrapolation
  const rows1000 = 1000 * 17_520 * 10;
  const leafPerPage = big.rows / bigKey.leafPages;
  const fanout = bigKey.internalPages ? (bigKey.leafPages + bigKey.internalPages - 1) / bigKey.internalPages : 300;
  const leaf1000 = rows1000 / leafPerPage;
  let level1000 = 0;
  for (let pages = leaf1000; pages > 1; pages = Math.ceil(pages / fanout)) level1000++;
  say(`\nExtrapolation to 1,000 meters × 10 years (${fmt(rows1000)} readings):`);
  say(`   size: ${fmt(perRowBig, 1)} bytes a reading → ${fmt((rows1000 * perRowBig) / 2 ** 30, 1)} GiB (table and key)`);
  say(`   key: ${fmt(leafPerPage)} entries a leaf page, ${fmt(fanout)} children an inner page → ${fmt(leaf1000)} leaf pages, root at level ${level1000} ` +
    `(here: level ${bigKey.level} with ${fmt(bigKey.leafPages)} leaf pages; with ${fmt(small.rows)} readings: level ${smallKey.level})`);
  say(`   a meter-year's day query walks ${365} short ranges: about ${365 * (level1000 + 1)} key pages visited (${365} × ${level1000 + 1} levels, the inner ones hot) ` +
    `plus the meter's own ~${Math.ceil(17_520 / leafPerPage)} leaf pages and its heap pages: what it reads depends on the meter, not on the table`);
  await sql.end();
}

/**
 * The same readings (100 meters × 52 weeks, written in 7-day chunks interleaved across meters, as
 * the sync writes them, the keys maintained as rows come) in three layouts: the chosen one, the key
 * with INCLUDE (wh) (index-only scans), and monthly range partitions on ts. Sizes, then one
 * meter-year by day and by month: with the store's query (one key range per local bucket) and with
 * date_trunc(..., 'Europe/Paris') on every row.
 */
async function compareLayouts(q: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>, aggregateQuery: (typeof import("../lib/services/readings/store"))["aggregateQuery"]) {
  const meters = 100, weeks = 52;
  say(`\n3. Layouts compared: ${meters} meters × ${weeks} weeks (${fmt(meters * weeks * 336)} readings each), loaded in 7-day chunks, no foreign key`);
  await q("DROP SCHEMA IF EXISTS layouts CASCADE; CREATE SCHEMA layouts");
  const like = "LIKE energy.readings INCLUDING DEFAULTS INCLUDING CONSTRAINTS";
  await q(`CREATE TABLE layouts.plain (${like}, PRIMARY KEY (meter_id, kind, ts))`);
  await q(`CREATE TABLE layouts.include_wh (${like}, PRIMARY KEY (meter_id, kind, ts) INCLUDE (wh))`);
  await q(`CREATE TABLE layouts.monthly (${like}, PRIMARY KEY (meter_id, kind, ts)) PARTITION BY RANGE (ts)`);
  await q(`DO $$ DECLARE m timestamptz; BEGIN
    FOR m IN SELECT generate_series(timestamptz '2025-01-01 00:00:00+01', timestamptz '2025-12-01 00:00:00+01', interval '1 month', 'Europe/Paris') LOOP
      EXECUTE format('CREATE TABLE layouts.monthly_%s PARTITION OF layouts.monthly FOR VALUES FROM (%L) TO (%L)',
        to_char(m AT TIME ZONE 'Europe/Paris', 'YYYYMM'), m, date_add(m, interval '1 month', 'Europe/Paris'));
    END LOOP; END $$`);
  const tables = ["plain", "include_wh", "monthly"];
  const times: Record<string, number> = {};
  for (const table of tables) {
    const t = performance.now();
    for (let w = 0; w < weeks; w++) {
      await q(
        `INSERT INTO layouts.${table} (meter_id, kind, ts, wh, step_min, quality, source, fetched_at)
         SELECT m, 1, to_timestamp($1::float8 / 1000) + s * interval '30 minutes', ((m * 7919 + s) % 97 + 250)::float8 / 2, 30, 0, 3, now()
         FROM generate_series(1, ${meters}) m, generate_series(0, 335) s`,
        [YEAR_FROM.getTime() + w * WEEK_MS]);
    }
    times[table] = (performance.now() - t) / 1000;
    await q(`VACUUM ANALYZE layouts.${table}`);
  }
  const from = YEAR_FROM, to = new Date(YEAR_FROM.getTime() + weeks * WEEK_MS);
  const perRow = (b: string) => `SELECT date_trunc('${b}', ts, 'Europe/Paris') AS start, sum(wh) AS wh, count(*)::int AS points FROM TABLE
    WHERE meter_id = $1 AND kind = 1 AND ts >= $2 AND ts < $3 GROUP BY 1 ORDER BY 1`;
  for (const table of tables) {
    const [size] = await q<{ total: number; key: number }>(
      `SELECT sum(pg_total_relation_size(c.oid))::float8 AS total, sum(pg_indexes_size(c.oid))::float8 AS key
       FROM pg_class c WHERE c.oid = 'layouts.${table}'::regclass OR c.oid IN (SELECT relid FROM pg_partition_tree('layouts.${table}'))`);
    say(`   ${table.padEnd(10)} ${fmt(size.total / 2 ** 20, 1).padStart(6)} MiB (key ${fmt(size.key / 2 ** 20, 1)} MiB), ${fmt(size.total / (meters * weeks * 336), 1)} bytes a reading, loaded at ${fmt((meters * weeks * 336) / times[table])} readings/s (server-side INSERT ... SELECT)`);
    const variants: [string, (bucket: "day" | "month") => { sql: string; params: unknown[] }][] = [
      ["a key range per bucket", (bucket) => {
        const a = aggregateQuery(50, "consumption", from, to, bucket);
        return { sql: a.sql.replaceAll("energy.readings", `layouts.${table}`), params: a.params };
      }],
      ["date_trunc on each row", (bucket) => ({ sql: perRow(bucket).replace("TABLE", `layouts.${table}`), params: [50, from.toISOString(), to.toISOString()] })],
    ];
    for (const [label, make] of variants) {
      const cells: string[] = [];
      for (const bucket of ["day", "month"] as const) {
        const { sql: text, params } = make(bucket);
        for (let i = 0; i < 5; i++) await q(text, params);
        const ms: number[] = [];
        for (let i = 0; i < 20; i++) {
          const s = performance.now();
          await q(text, params);
          ms.push(performance.now() - s);
        }
        const plan = (await q<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params)).map((r) => r["QUERY PLAN"]);
        const hits = plan.find((l) => /Buffers: shared hit=/.test(l))?.match(/hit=(\d+)/)?.[1] ?? "?";
        const heapFetches = plan.find((l) => /Heap Fetches/.test(l))?.trim();
        cells.push(`by ${bucket} ${fmt(median(ms), 2)} ms (${hits} pages${heapFetches ? `, ${heapFetches}` : ""})`);
      }
      say(`      ${label.padEnd(24)} ${cells.join(", ")}`);
    }
  }
  await q("DROP SCHEMA layouts CASCADE");
}

/** The primary key's depth (root level) and pages: pgstattuple when asked (reads the whole key), else pageinspect's metapage. */
async function keyShape(q: <T>(text: string, params?: unknown[]) => Promise<T[]>, full: boolean) {
  if (full) {
    await q("CREATE EXTENSION IF NOT EXISTS pgstattuple");
    const [s] = await q<{ tree_level: number; internal_pages: string; leaf_pages: string; avg_leaf_density: number }>(
      "SELECT tree_level::int AS tree_level, internal_pages, leaf_pages, avg_leaf_density FROM pgstatindex('energy.readings_pkey')");
    say(`   key: root at level ${s.tree_level} (${s.tree_level + 1} pages from root to leaf), ${fmt(Number(s.internal_pages))} inner and ${fmt(Number(s.leaf_pages))} leaf pages, leaves ${fmt(s.avg_leaf_density, 1)}% full`);
    return { level: s.tree_level, internalPages: Number(s.internal_pages), leafPages: Number(s.leaf_pages) };
  }
  await q("CREATE EXTENSION IF NOT EXISTS pageinspect");
  const [m] = await q<{ level: number }>("SELECT level::int AS level FROM bt_metap('energy.readings_pkey')");
  say(`   key: root at level ${m.level} (${m.level + 1} pages from root to leaf)`);
  return { level: m.level, internalPages: 0, leafPages: 0 };
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
