// npm run bench:community: the community view at the scale of a large operation (docs/community.md),
// on its own throw-away embedded PostgreSQL (.data/bench-community, durable defaults):
//   BENCH_HOUSEHOLDS households (default 1,000), each a member with a Linky meter and BENCH_DAYS
//   days (default 730) of half hours; one in ten also produces (a solar curve of its own).
// Measured in one run:
//   1. the rollups built from nothing (refreshRollups, as the job runs it), then kept up to date
//      when a new day of readings arrives for every meter;
//   2. the operator's view warm, BENCH_RUNS times (default 20) after 3 warm-up: a year by month and
//      a month by day (communitySummary, from the rollups), against the issue's baseline in the same
//      run: the same figures by one direct SQL query over the readings (each membership's days);
//      both must give the same totals;
//   3. a key simulation of a year for every member (simulatePeriod): one key, and the three.
// Goals (issue 51): 2. a year by month < 200 ms, a month by day < 100 ms; 3. < 5 s.
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { withBenchDatabase } from "./lib/database";

const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, ".data", "bench-community");
const HOUSEHOLDS = Math.max(20, Number(process.env.BENCH_HOUSEHOLDS ?? 1000));
const DAYS = Math.max(60, Number(process.env.BENCH_DAYS ?? 730));
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 20));
const NOW = Date.parse("2026-12-06T10:00:00Z");

const fmt = (n: number, d = 1) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const say = (s = "") => console.log(s);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
};
async function runs<T>(fn: () => Promise<T>): Promise<{ last: T; times: number[] }> {
  let last: T | undefined;
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const [r, ms] = await timed(fn);
    last = r;
    if (i >= 3) times.push(ms);
  }
  return { last: last as T, times };
}

async function main() {
  await withBenchDatabase(dir, (cluster) => run(cluster.url));
}

/** The baseline: the period's figures by bucket with one SQL query over the readings of the members taking part each day. */
const BASELINE_SQL = (by: "month" | "day") => `
WITH hh AS (
  SELECT r.ts, sum(r.wh) FILTER (WHERE r.kind = 1 AND cm.role <> 'producer') AS c, coalesce(sum(r.wh) FILTER (WHERE r.kind = 2 AND cm.role <> 'consumer'), 0) AS p
  FROM energy.readings r JOIN meters m ON m.id = r.meter_id
  JOIN community_members cm ON cm.user_id = m.user_id AND cm.joined_on <= (r.ts AT TIME ZONE 'Europe/Paris')::date AND (cm.left_on IS NULL OR cm.left_on > (r.ts AT TIME ZONE 'Europe/Paris')::date)
  WHERE r.kind IN (1, 2) AND r.ts >= $1 AND r.ts < $2
  GROUP BY r.ts)
SELECT date_trunc('${by}', ts AT TIME ZONE 'Europe/Paris')::date::text AS b, sum(c) AS c, sum(p) AS p, sum(least(c, p)) AS u, sum(greatest(p - c, 0)) AS s
FROM hh GROUP BY 1 ORDER BY 1`;

async function run(url: string) {
  const { communitySummary } = await import("../lib/services/community/view");
  const { refreshRollups } = await import("../lib/services/community/rollup");
  const { simulatePeriod } = await import("../lib/services/community/simulation");
  const { upsertTariffs } = await import("../lib/services/tariffs/tariffs");
  const { db } = await import("../lib/db");
  const { parisDayOf, parisDayStart, addDays, addMonths } = await import("../lib/time/paris");
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  sql.on("error", () => {});
  const [{ version }] = (await sql.query("SELECT version()")).rows as { version: string }[];
  const cpus = os.cpus();
  say(`machine: ${cpus.length} cores, ${cpus[0]?.model.trim()}, ${fmt(os.totalmem() / 2 ** 30)} GiB RAM; Node ${process.version}`);
  say(`database: ${version.split(",")[0]} (embedded, durable defaults)`);

  const today = parisDayOf(NOW);
  const first = addDays(today, -DAYS);
  const t0 = performance.now();
  await upsertTariffs(db);
  await sql.query(`INSERT INTO users (email, hashed_password, updated_at) SELECT 'h' || i || '@bench.test', 'x', now() FROM generate_series(1, $1) i`, [HOUSEHOLDS]);
  await sql.query(`INSERT INTO meters (user_id, usage_point_id, tariff, tariff_kva, updated_at) SELECT id, lpad(id::text, 14, '0'), 'base', 6, now() FROM users`);
  // every tenth household produces too; everyone joined on the first day
  await sql.query(`INSERT INTO community_members (user_id, role, joined_on) SELECT id, CASE WHEN id % 10 = 0 THEN 'both' ELSE 'consumer' END::"CommunityRole", $1::date FROM users`, [first]);
  const start = new Date(parisDayStart(first)), end = new Date(parisDayStart(today));
  for (let lo = 1; lo <= HOUSEHOLDS; lo += 50) {
    const hi = Math.min(HOUSEHOLDS, lo + 49);
    await sql.query(
      `INSERT INTO energy.readings (meter_id, kind, ts, wh, step_min, quality, source)
       SELECT m.id, 1, t, round((80 + (m.id % 7) * 15
                + CASE WHEN extract(hour FROM t AT TIME ZONE 'Europe/Paris') BETWEEN 18 AND 21 THEN 250 ELSE 0 END
                + CASE WHEN extract(isodow FROM t AT TIME ZONE 'Europe/Paris') >= 6 THEN 40 ELSE 0 END
                + (abs(hashint4(m.id * 100003 + (extract(epoch FROM t) / 1800)::int)) % 60))::numeric, 1)::float8, 30, 1, 3
       FROM meters m CROSS JOIN generate_series($1::timestamptz, $2::timestamptz - interval '30 minutes', interval '30 minutes') t
       WHERE m.id BETWEEN $3 AND $4`,
      [start, end, lo, hi],
    );
    // a producer's injection: a bell from 08:00 to 18:00 UTC, up to 1.5 kWh a half hour
    await sql.query(
      `INSERT INTO energy.readings (meter_id, kind, ts, wh, step_min, quality, source)
       SELECT m.id, 2, t, round(greatest(0, 1500 * sin(pi() * (extract(hour FROM t AT TIME ZONE 'UTC') + extract(minute FROM t AT TIME ZONE 'UTC') / 60 - 8) / 10))::numeric, 1)::float8, 30, 1, 3
       FROM meters m CROSS JOIN generate_series($1::timestamptz, $2::timestamptz - interval '30 minutes', interval '30 minutes') t
       WHERE m.id BETWEEN $3 AND $4 AND m.id % 10 = 0`,
      [start, end, lo, hi],
    );
    if (process.env.BENCH_PROGRESS === "1") say(`  history: ${hi} of ${HOUSEHOLDS} households`);
  }
  await sql.query("VACUUM ANALYZE energy.readings");
  const rows = Number((await sql.query("SELECT count(*) FROM energy.readings")).rows[0].count);
  say(`community: ${HOUSEHOLDS.toLocaleString("en-US")} members, ${DAYS} days of half hours each (${rows.toLocaleString("en-US")} readings), made in ${fmt((performance.now() - t0) / 1000)} s`);

  // 1. the rollups from nothing, then one new day of every meter
  const [built, buildMs] = await timed(() => refreshRollups());
  say("");
  say(`rollups from nothing (the job): ${built.households.toLocaleString("en-US")} household months and ${built.months} community months in ${fmt(buildMs / 1000)} s`);
  const newDay = new Date(parisDayStart(today));
  await sql.query(
    `INSERT INTO energy.readings (meter_id, kind, ts, wh, step_min, quality, source)
     SELECT m.id, 1, t, 100 + m.id % 50, 30, 1, 3 FROM meters m CROSS JOIN generate_series($1::timestamptz, $2::timestamptz - interval '30 minutes', interval '30 minutes') t`,
    [newDay, new Date(parisDayStart(addDays(today, 1)))],
  );
  const [kept, keptMs] = await timed(() => refreshRollups());
  say(`a new day of every meter (${(HOUSEHOLDS * 48).toLocaleString("en-US")} readings) rolled up: ${kept.households} household months, ${kept.months} community month in ${fmt(keptMs / 1000, 2)} s`);
  await sql.query("DELETE FROM energy.readings WHERE ts >= $1", [newDay]);
  await refreshRollups();
  await sql.query("ANALYZE");

  // 2. the operator's view against one SQL query over the readings
  const admin = { id: 0, isSuperuser: true } as Parameters<typeof communitySummary>[0];
  const thisMonth = `${today.slice(0, 7)}-01`;
  const year = { from: addMonths(thisMonth, -12), to: thisMonth };
  const month = { from: addMonths(thisMonth, -1), to: thisMonth };
  say("");
  for (const [what, p, by, goal] of [["a year by month", year, "month", 200], ["a month by day", month, "day", 100]] as const) {
    const ours = await runs(() => communitySummary(admin, p, by));
    const theirs = await runs(() => sql.query(BASELINE_SQL(by), [new Date(parisDayStart(p.from)), new Date(parisDayStart(p.to))]));
    const o = ours.last;
    const base = theirs.last.rows as { c: number; p: number; u: number }[];
    const sum = (k: "c" | "p" | "u") => base.reduce((s, r) => s + Number(r[k]), 0);
    // the rollups keep each half hour as a float4 (about 7 significant digits): totals agree to a millionth
    const gap = o.withheld ? Infinity : Math.max(...(["c", "p", "u"] as const).map((k, i) => Math.abs([o.totals.consumptionWh, o.totals.productionWh, o.totals.selfConsumedWh][i] - sum(k)) / Math.max(1, sum(k))));
    const same = gap < 1e-6;
    say(`${what} (${o.withheld ? "withheld" : `${o.series.length} buckets`}), ${RUNS} runs after 3 warm-up:`);
    say(`  from the rollups: median ${fmt(pct(ours.times, 50))} ms, p95 ${fmt(pct(ours.times, 95))} ms   goal < ${goal} ms: ${pct(ours.times, 50) < goal ? "met" : "NOT met"}`);
    say(`  baseline, one SQL query over the readings: median ${fmt(pct(theirs.times, 50))} ms, p95 ${fmt(pct(theirs.times, 95))} ms (${fmt(pct(theirs.times, 50) / pct(ours.times, 50), 0)}× the rollups')`);
    say(`  same totals both ways (to a millionth: the rollups' half hours are float4): ${same ? "yes" : "NO"}, largest relative difference ${gap.toExponential(1)}`);
  }

  // 3. a key simulation of a year
  say("");
  for (const keys of [["dynamic_default"], ["static", "dynamic_default", "dynamic_simple"]] as const) {
    await simulatePeriod(month, keys);
    const [r, ms] = await timed(() => simulatePeriod(year, keys));
    const k = r.keys.map((x) => `${x.key} ${fmt(x.allocatedWh / 1e6)} MWh`).join(", ");
    say(`key simulation of a year, ${r.members.length.toLocaleString("en-US")} members, ${keys.length === 1 ? "one key" : "three keys"}: ${fmt(ms / 1000, 2)} s   goal < 5 s: ${ms < 5000 ? "met" : "NOT met"}   (${k})`);
  }
  await sql.end();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
