// npm run bench:flex: community flexibility at the scale of a community (docs/flexibility.md), on
// its own throw-away embedded PostgreSQL (.data/bench-flex, durable defaults):
//   BENCH_HOUSEHOLDS households (default 1,000), each a Linky meter with BENCH_DAYS days (default
//   730) of half hours, a live device with a reading a minute old, a consent to sharing.
// Measured in one run:
//   1. the nightly accuracy of every household's baseline: lib/services/flex/accuracy.ts as the
//      job runs it (meters read 200 to a statement), against the baseline the issue names: the same
//      means with one SQL query per household (the same service called one household at a time);
//      both must store the same figures;
//   2. an event's settlement for every household (settleDueEvents);
//   3. the partner API's live read of every consenting household (partnerLive), median and p95 of
//      BENCH_RUNS (default 20);
//   4. the weekly offers of every household (prepareAllOffers, two schedules each, sent by their
//      setting), the operator's week by hour, the partner's read of the week's offers.
// Goals (issue 50): 1. within 2 minutes; 2. under 10 s; 3. under 200 ms; 4. none (measured).
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { withBenchDatabase } from "./lib/database";

const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, ".data", "bench-flex");
const HOUSEHOLDS = Math.max(10, Number(process.env.BENCH_HOUSEHOLDS ?? 1000));
const DAYS = Math.max(90, Number(process.env.BENCH_DAYS ?? 730));
const RUNS = Math.max(5, Number(process.env.BENCH_RUNS ?? 20));
const NOW = Date.parse("2026-11-26T10:00:00Z");

const fmt = (n: number, d = 1) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const say = (s = "") => console.log(s);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const r = await fn();
  return [r, performance.now() - t0];
};

async function main() {
  await withBenchDatabase(dir, (cluster) => run(cluster.url));
}

async function run(url: string) {
  const { db } = await import("../lib/db");
  const { measureAccuracy } = await import("../lib/services/flex/accuracy");
  const { settleDueEvents } = await import("../lib/services/flex/settlement");
  const { partnerLive, partnerOffers } = await import("../lib/services/sharing/partner-api");
  const { prepareAllOffers, weekFlexibility } = await import("../lib/services/flex/offers");
  const { comingWeek } = await import("../lib/flex/offers");
  const { createPartner } = await import("../lib/services/sharing/partners");
  const { keepPartitions } = await import("../lib/services/telemetry/partitions");
  const { SHARING_CONSENT } = await import("../lib/privacy/sharing");
  const { parisDayOf, parisDayStart, addDays } = await import("../lib/time/paris");
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  // the cluster stopping at the end ends this connection: not news
  sql.on("error", () => {});
  const [{ version }] = (await sql.query("SELECT version()")).rows as { version: string }[];
  const cpus = os.cpus();
  say(`machine: ${cpus.length} cores, ${cpus[0]?.model.trim()}, ${fmt(os.totalmem() / 2 ** 30)} GiB RAM; Node ${process.version}`);
  say(`database: ${version.split(",")[0]} (embedded, durable defaults)`);

  // the community: users, meters, a day's bookkeeping row each (what the nightly round selects by)
  const today = parisDayOf(NOW);
  const first = addDays(today, -DAYS);
  const t0 = performance.now();
  await sql.query(`INSERT INTO users (email, hashed_password, updated_at) SELECT 'h' || i || '@bench.test', 'x', now() FROM generate_series(1, $1) i`, [HOUSEHOLDS]);
  await sql.query(`INSERT INTO meters (user_id, usage_point_id, updated_at) SELECT id, lpad(id::text, 14, '0'), now() FROM users`);
  await sql.query(`INSERT INTO meter_days (meter_id, series, day, status, points, expected) SELECT id, 'consumption', $1::date, 'complete', 48, 48 FROM meters`, [addDays(today, -1)]);
  // DAYS of half hours per meter, in slices of 50 meters (a household's evening peak, its own size, day-to-day noise)
  const start = new Date(parisDayStart(first)), end = new Date(parisDayStart(today));
  for (let lo = 1; lo <= HOUSEHOLDS; lo += 50) {
    await sql.query(
      `INSERT INTO energy.readings (meter_id, kind, ts, wh, step_min, quality, source)
       SELECT m.id, 1, t, round((80 + (m.id % 7) * 15
                + CASE WHEN extract(hour FROM t AT TIME ZONE 'Europe/Paris') BETWEEN 18 AND 21 THEN 250 ELSE 0 END
                + CASE WHEN extract(isodow FROM t AT TIME ZONE 'Europe/Paris') >= 6 THEN 40 ELSE 0 END
                + (abs(hashint4(m.id * 100003 + (extract(epoch FROM t) / 1800)::int)) % 60))::numeric, 1)::float8, 30, 1, 3
       FROM meters m CROSS JOIN generate_series($1::timestamptz, $2::timestamptz - interval '30 minutes', interval '30 minutes') t
       WHERE m.id BETWEEN $3 AND $4`,
      [start, end, lo, Math.min(HOUSEHOLDS, lo + 49)],
    );
    if (process.env.BENCH_PROGRESS === "1") say(`  history: ${Math.min(HOUSEHOLDS, lo + 49)} of ${HOUSEHOLDS} households`);
  }
  await sql.query("VACUUM ANALYZE energy.readings");
  const rows = Number((await sql.query("SELECT count(*) FROM energy.readings")).rows[0].count);
  say(`community: ${HOUSEHOLDS.toLocaleString("en-US")} households, ${DAYS} days of half hours each (${rows.toLocaleString("en-US")} readings), made in ${fmt((performance.now() - t0) / 1000)} s`);

  // 1. the nightly accuracy, batched (the job) and one household at a time (the baseline)
  const meters = (await sql.query(`SELECT id, user_id AS "userId" FROM meters ORDER BY id`)).rows as { id: number; userId: number }[];
  // both ways warmed up first (the code's first run, the statements' plans)
  await measureAccuracy(meters.slice(0, 5), NOW);
  for (const m of meters.slice(0, 5)) await measureAccuracy([m], NOW);
  await sql.query("DELETE FROM flex_accuracy");
  const [, batched] = await timed(() => measureAccuracy(meters, NOW));
  const ours = (await sql.query(`SELECT meter_id, testable, bias, relative_rmse, normalised_mae, predictability FROM flex_accuracy ORDER BY meter_id`)).rows;
  await sql.query("DELETE FROM flex_accuracy");
  const [, single] = await timed(async () => {
    for (const m of meters) await measureAccuracy([m], NOW);
  });
  const theirs = (await sql.query(`SELECT meter_id, testable, bias, relative_rmse, normalised_mae, predictability FROM flex_accuracy ORDER BY meter_id`)).rows;
  const same = JSON.stringify(ours) === JSON.stringify(theirs);
  const verdicts = ours.reduce<Record<string, number>>((acc, r) => ((acc[r.predictability] = (acc[r.predictability] ?? 0) + 1), acc), {});
  say("");
  say(`nightly accuracy (14 days tried, 60-day lookback), ${HOUSEHOLDS} households:`);
  say(`  batched, 200 meters a statement (the job):   ${fmt(batched / 1000, 2)} s   goal < 120 s: ${batched < 120_000 ? "met" : "NOT met"}`);
  say(`  baseline, one SQL read per household:        ${fmt(single / 1000, 2)} s   (${fmt(single / batched, 2)}× the job's time)`);
  say(`  same figures both ways: ${same ? "yes" : "NO"}; verdicts ${JSON.stringify(verdicts)}`);

  // 2. an event's settlement: yesterday 18:00-20:00, every household taking part
  const day = addDays(today, -1);
  const startsAt = new Date(parisDayStart(day) + 18 * 3_600_000 - 3_600_000), endsAt = new Date(startsAt.getTime() + 2 * 3_600_000);
  const e = await db.flexEvent.create({ data: { title: "Evening peak", message: "bench", direction: "down", startsAt, endsAt, rewardPerKwh: 0.3, createdAt: new Date(NOW - 3 * 86_400_000) } });
  await sql.query(`INSERT INTO flex_participations (event_id, user_id, opted_in, created_at) SELECT $1, id, true, $2 FROM users`, [e.id, new Date(NOW - 2 * 86_400_000)]);
  const [settled, settleMs] = await timed(() => settleDueEvents(NOW));
  const [{ n, delivered }] = (await sql.query(`SELECT count(*)::int AS n, sum(delivered_wh) AS delivered FROM flex_results WHERE event_id = $1 AND status = 'settled'`, [e.id])).rows;
  say("");
  say(`settlement of one event, ${HOUSEHOLDS} participants: ${fmt(settleMs / 1000, 2)} s   goal < 10 s: ${settleMs < 10_000 ? "met" : "NOT met"}`);
  say(`  ${settled.written} results written, ${n} settled, ${fmt(Number(delivered) / 1000)} kWh delivered in all (the synthetic curve has no effort in it: about 0)`);

  // 3. the partner's live read: a device per household with a reading a minute old, every one consenting
  await keepPartitions();
  await sql.query(`INSERT INTO devices (owner_id, device_id, device_type, data_source, updated_at) SELECT id, 'shelly-' || id, 'shelly', 'mqtt', now() FROM users`);
  await sql.query(`INSERT INTO measurements (device_id, name, measure_type, classification, quantities, updated_at) SELECT id, 'grid', 'total_home', 'consumption', '[]', now() FROM devices`);
  await sql.query(`INSERT INTO device_mqtt (device_id, username, password_hash, topic_prefix, format, updated_at) SELECT id, 'u' || id, 'x', 'foyer/' || id, 'shelly_gen2', now() FROM devices`);
  const liveAt = new Date(Date.now() - 60_000);
  await sql.query(`INSERT INTO telemetry.samples (measurement_id, ts, power_w) SELECT id, $1, 500 + id % 1000 FROM measurements`, [liveAt]);
  await sql.query(`INSERT INTO sharing_consents (user_id, given, version) SELECT id, true, $1 FROM users`, [SHARING_CONSENT.version]);
  await sql.query("ANALYZE");
  const { partner } = await createPartner("bench");
  const times: number[] = [];
  let households = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    const [r, ms] = await timed(() => partnerLive(partner));
    if (i >= 3) times.push(ms);
    households = r.households.filter((h) => h.grid_w !== null).length;
  }
  say("");
  say(`partner live read, ${HOUSEHOLDS} consenting households (${households} with a live reading), ${RUNS} runs after 3 warm-up:`);
  say(`  median ${fmt(pct(times, 50))} ms, p95 ${fmt(pct(times, 95))} ms   goal < 200 ms: ${pct(times, 95) < 200 ? "met" : "NOT met"}`);

  // 4. the weekly offers (no goal in the issue: measured): two schedules per household, the evening
  // and the night, every household sending them by its setting; then the operator's week by hour
  // and the partner's read of the week's offers
  const all = (hours: number[]) => JSON.stringify({ average_power: 1500, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], days: [0, 1, 2, 3, 4, 5, 6], hours, start_date: "2026-01-01T00:00:00.000Z" });
  await sql.query(`INSERT INTO schedules (user_id, der_name, type, data, updated_at) SELECT id, 'Water heater', 'manual_weekahead', $1::jsonb || '{"der_name": "Water heater"}', now() FROM users`, [all([1, 2, 3, 4, 5])]);
  await sql.query(`INSERT INTO schedules (user_id, der_name, type, data, updated_at) SELECT id, 'Dishwasher', 'manual_weekahead', $1::jsonb || '{"der_name": "Dishwasher"}', now() FROM users`, [all([18, 19])]);
  await sql.query(`UPDATE users SET flex_auto_send_offers = true`);
  await sql.query("ANALYZE");
  const [prepared, prepareMs] = await timed(() => prepareAllOffers(NOW));
  const [{ offers, offered }] = (await sql.query(`SELECT count(*)::int AS offers, count(*) FILTER (WHERE status = 'offered')::int AS offered FROM flex_offers`)).rows;
  say("");
  say(`the weekly offers of ${prepared.households} households (2 schedules each): ${fmt(prepareMs / 1000, 2)} s, ${offers} offers prepared, ${offered} sent by the households' setting`);
  const admin = { id: 0, email: "", firstName: null, lastName: null, isSuperuser: true, acceptedTos: true, tokenVersion: 0, via: "bearer" as const };
  const week = comingWeek(NOW);
  const [hours, hoursMs] = await timed(() => weekFlexibility(admin, week));
  say(`  the operator's week by hour (${hours.offers} offers): ${fmt(hoursMs)} ms`);
  const offerTimes: number[] = [];
  for (let i = 0; i < 8; i++) {
    const [r, ms] = await timed(() => partnerOffers(partner, week, NOW));
    if (i >= 3) offerTimes.push(ms);
    if (i === 0) say(`  the partner's read of the week: ${r.offers.length} offers`);
  }
  say(`  its median ${fmt(pct(offerTimes, 50))} ms, p95 ${fmt(pct(offerTimes, 95))} ms (5 runs after 3 warm-up)`);
  await sql.end();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
