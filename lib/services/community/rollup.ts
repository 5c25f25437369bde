// The community's rollups (docs/community.md, "Rollups"), kept as readings arrive: a statement
// that writes Linky curve readings marks its households' months stale (a trigger of the
// migration), and so does a change of membership or of the allocation key; `refreshRollups` (the
// `community-rollup` job after every meter sync and every 5 minutes, and the services that change
// membership) rebuilds what is stale:
// - community.household_months: one household's half hours of one Paris month, as float4 bytes;
// - community.half_hours: the members' consumption and production summed per half hour, over the
//   members taking part that day;
// - community.allocations: each member's month under the operation's key (allocated Wh, savings).
// Several processes share the queue: a batch is claimed with SKIP LOCKED inside its transaction.
import type pg from "pg";
import { inPgTransaction, pgQuery } from "@/lib/db";
import { jobs, QUEUES } from "@/lib/jobs/queue";
import { addDays, addMonths, parisDayStart } from "@/lib/time/paris";
import { flexSourcesOf } from "@/lib/services/flex/events";
import { gridHalfHoursOf } from "@/lib/services/flex/energy";
import type { DailyEnergy } from "@/lib/flex/baseline";
import { loadMonth } from "./month";
import { emptyResult, simulateMonth } from "@/lib/community/simulate";

const HALF_HOUR_MS = 1_800_000;
/** The rollups' statements' limit: the app's 5 s are for requests; a batch on a busy machine (a test run beside a build) took longer. */
const ROLLUP_STATEMENT_TIMEOUT = "60s";
/** Household months rebuilt per statement (each about 1,500 readings per series: under 75,000 readings, far inside the statement timeout on a loaded machine). */
const BATCH = 25;

/** The half hours of a Paris month (`YYYY-MM-01`): 1,486 to 1,490 with the clock changes. */
export const slotsOf = (month: string) => Math.round((parisDayStart(addMonths(month, 1)) - parisDayStart(month)) / HALF_HOUR_MS);

/** The Paris month (`YYYY-MM-01`) of a day (`YYYY-MM-DD`). */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The months from `from`'s to `to`'s (days, both inclusive). */
export function monthsBetween(fromDay: string, toDay: string): string[] {
  const out: string[] = [];
  for (let m = monthOf(fromDay); m <= monthOf(toDay); m = addMonths(m, 1)) out.push(m);
  return out;
}

/** Float32 big-endian bytes (as PostgreSQL's float4send writes them) of a curve. */
function bytesOf(curve: Float32Array): Buffer {
  const out = Buffer.alloc(curve.length * 4);
  for (let i = 0; i < curve.length; i++) out.writeFloatBE(curve[i], i * 4);
  return out;
}

/** One series of a household's month: its half hours, their total, and which half hours hold a reading. */
type Series = { curve: Float32Array; wh: number; held: Uint8Array };
type MonthCurves = { u: number; m: string; cons: Series; prod: Series };
const seriesOf = (n: number): Series => ({ curve: new Float32Array(n), wh: 0, held: new Uint8Array(n) });

/**
 * Rebuilds households' months from their meters' curve readings, summed per half hour: the
 * readings of each (household, month) read as they are stored (each pair's range given as
 * instants, so that every meter's read is one range of the primary key) and binned here; a month
 * with no reading left loses its row.
 */
async function rebuildHouseholdMonths(c: pg.PoolClient, users: number[], months: string[]) {
  await c.query("DELETE FROM community.household_months h USING unnest($1::int[], $2::date[]) AS p(u, m) WHERE h.user_id = p.u AND h.month = p.m", [users, months]);
  const t0s = months.map((m) => parisDayStart(m));
  const { rows } = await c.query<{ p: number; k: number; t: number; wh: number }>(
    `SELECT p.p::int AS p, r.kind AS k, (extract(epoch FROM r.ts) * 1000)::float8 AS t, r.wh
     FROM unnest($1::int[], $2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY AS p(u, t0, t1, p)
     JOIN public.meters mt ON mt.user_id = p.u
     -- one range of the primary key per meter and pair, whatever the table's statistics say
     CROSS JOIN LATERAL (SELECT ts, kind, wh FROM energy.readings r WHERE r.meter_id = mt.id AND r.kind IN (1, 2) AND r.ts >= p.t0 AND r.ts < p.t1) r`,
    [users, t0s.map((t) => new Date(t)), months.map((m) => new Date(parisDayStart(addMonths(m, 1))))],
  );
  const built = new Map<number, MonthCurves>();
  const monthOfPair = (i: number) => {
    let x = built.get(i);
    if (!x) {
      const n = slotsOf(months[i]);
      built.set(i, (x = { u: users[i], m: months[i], cons: seriesOf(n), prod: seriesOf(n) }));
    }
    return x;
  };
  for (const r of rows) {
    const i = r.p - 1;
    const x = monthOfPair(i);
    const slot = Math.floor((Number(r.t) - t0s[i]) / HALF_HOUR_MS);
    if (slot < 0 || slot >= x.cons.curve.length) continue;
    const series = r.k === 1 ? x.cons : x.prod;
    series.curve[slot] += r.wh;
    series.wh += r.wh;
    series.held[slot] = 1;
  }
  await fillFromTelemetry(users, months, monthOfPair);
  const held = (h: Uint8Array) => h.reduce((s, v) => s + v, 0);
  const list = [...built.values()];
  if (!list.length) return;
  await c.query(
    `INSERT INTO community.household_months (user_id, month, cons, prod, cons_wh, prod_wh, cons_points, prod_points)
     SELECT * FROM unnest($1::int[], $2::date[], $3::bytea[], $4::bytea[], $5::float8[], $6::float8[], $7::int[], $8::int[])`,
    [
      list.map((x) => x.u), list.map((x) => x.m), list.map((x) => bytesOf(x.cons.curve)), list.map((x) => bytesOf(x.prod.curve)),
      list.map((x) => x.cons.wh), list.map((x) => x.prod.wh), list.map((x) => held(x.cons.held)), list.map((x) => held(x.prod.held)),
    ],
  );
}

/**
 * Live telemetry fills the half hours Linky has not given: a household's grid measurements (the
 * clamps on its supply, or its Linky's TIC: lib/services/flex/events.ts flexSourcesOf), their
 * quarters summed into half hours, a half hour only when all its quarters are in. What they saw
 * drawn from the grid is the household's consumption (Linky's withdrawal curve), what they saw
 * sent to it its production (Linky's injection curve: the operation shares what producers inject,
 * measured where the clamps are).
 */
async function fillFromTelemetry(users: number[], months: string[], monthOfPair: (i: number) => MonthCurves) {
  const sources = await flexSourcesOf([...new Set(users)]);
  const gridOf = new Map([...sources].flatMap(([u, x]) => (x.grid.length ? [[u, x.grid] as const] : [])));
  if (!gridOf.size) return;
  const sorted = [...months].sort();
  const [fromDay, toDay] = [sorted[0], addDays(addMonths(sorted[sorted.length - 1], 1), -1)];
  const { drawn, sent } = await gridHalfHoursOf(gridOf, fromDay, toDay, { sent: true });
  months.forEach((m, i) => {
    fillMonth(m, drawn.get(users[i]), () => monthOfPair(i).cons);
    fillMonth(m, sent.get(users[i]), () => monthOfPair(i).prod);
  });
}

/** Lays a month's half hours from telemetry into a series where it holds none (the series made on the first one). */
function fillMonth(month: string, e: DailyEnergy | undefined, target: () => Series) {
  if (!e) return;
  let x: Series | null = null;
  let slot = 0;
  for (let d = month; d < addMonths(month, 1); d = addDays(d, 1)) {
    const row = e.byDay.get(d);
    const n = Math.round((parisDayStart(addDays(d, 1)) - parisDayStart(d)) / HALF_HOUR_MS);
    if (row) {
      for (let k = 0; k < n && k < row.length; k++) {
        const wh = row[k];
        if (wh === null || wh === undefined) continue;
        x ??= target();
        if (x.held[slot + k]) continue;
        x.curve[slot + k] = wh;
        x.wh += wh;
        x.held[slot + k] = 1;
      }
    }
    slot += n;
  }
}

/** Households whose live devices sent readings in the last quarter hour: their month is rolled up again (the job, every 5 minutes). */
export async function markLiveStale(c: pg.PoolClient) {
  await c.query(
    `INSERT INTO community.stale (user_id, month)
     SELECT DISTINCT d.owner_id, date_trunc('month', q.start AT TIME ZONE 'Europe/Paris')::date
     FROM telemetry.quarters q JOIN public.measurements m ON m.id = q.measurement_id JOIN public.devices d ON d.id = m.device_id
     WHERE q.start >= now() - interval '15 minutes' AND d.owner_id IS NOT NULL
     ON CONFLICT DO NOTHING`,
  );
}

/**
 * Rebuilds the community's half hours and its members' allocations of one month, from the
 * household months of the members taking part then (under the operation's key and shares).
 */
async function rebuildCommunityMonth(c: pg.PoolClient, month: string) {
  const data = await loadMonth(c, month, null);
  const t0 = parisDayStart(month);
  const slots = data.slots;
  const cons = new Float64Array(slots);
  const prod = new Float64Array(slots);
  const consumers = new Int32Array(slots);
  const producers = new Int32Array(slots);
  for (const m of data.members) {
    for (let t = m.from; t < m.to; t++) {
      if (m.cons && m.consumer) {
        cons[t] += m.cons[t];
        if (m.cons[t] > 0) consumers[t]++;
      }
      if (m.prod && m.producer) {
        prod[t] += m.prod[t];
        if (m.prod[t] > 0) producers[t]++;
      }
    }
  }
  const t1 = parisDayStart(addMonths(month, 1));
  await c.query("DELETE FROM community.half_hours WHERE ts >= $1 AND ts < $2", [new Date(t0), new Date(t1)]);
  if (data.members.length) {
    const ts: string[] = [];
    for (let t = 0; t < slots; t++) ts.push(new Date(t0 + t * HALF_HOUR_MS).toISOString());
    await c.query(
      "INSERT INTO community.half_hours (ts, cons_wh, prod_wh, consumers, producers) SELECT * FROM unnest($1::timestamptz[], $2::float8[], $3::float8[], $4::int[], $5::int[])",
      [ts, Array.from(cons), Array.from(prod), Array.from(consumers), Array.from(producers)],
    );
  }
  // each member's month under the operation's key
  const result = emptyResult(data.key, data.members.length);
  simulateMonth(slots, data.members, data.localPrice, [result]);
  await c.query("DELETE FROM community.allocations WHERE month = $1", [month]);
  const byUser = new Map<number, { wh: number; eur: number }>();
  data.userIds.forEach((u, i) => {
    const x = byUser.get(u) ?? { wh: 0, eur: 0 };
    x.wh += result.memberAllocatedWh[i];
    x.eur += result.memberSavingsEur[i];
    byUser.set(u, x);
  });
  if (byUser.size) {
    await c.query(
      "INSERT INTO community.allocations (user_id, month, allocated_wh, savings_eur) SELECT u, $1::date, wh, eur FROM unnest($2::int[], $3::float8[], $4::float8[]) AS x(u, wh, eur)",
      [month, [...byUser.keys()], [...byUser.values()].map((x) => x.wh), [...byUser.values()].map((x) => x.eur)],
    );
  }
}

/**
 * Marks the community's months from `fromDay`'s to `toDay`'s (inclusive) to roll up again
 * (membership, key or shares changed), and `userId`'s own months too (a new member whose only data
 * is its live telemetry has no reading to mark them).
 */
export async function markCommunityStale(c: pg.PoolClient, fromDay: string, toDay: string, userId?: number) {
  const months = monthsBetween(fromDay, toDay);
  await c.query("INSERT INTO community.stale (user_id, month) SELECT 0, unnest($1::date[]) ON CONFLICT DO NOTHING", [months]);
  if (userId !== undefined) await c.query("INSERT INTO community.stale (user_id, month) SELECT $2, unnest($1::date[]) ON CONFLICT DO NOTHING", [months, userId]);
}

/** Every month the community holds data for, marked stale (the key or the local price changed). */
export async function markAllStale(c: pg.PoolClient) {
  await c.query("INSERT INTO community.stale (user_id, month) SELECT DISTINCT 0, month FROM community.household_months ON CONFLICT DO NOTHING");
}

/** A rollup batch's transaction: a background job's, not a request's, with room for a machine busy with other work. */
function inRollupTransaction<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  return inPgTransaction(async (c) => {
    await c.query(`SET LOCAL statement_timeout = '${ROLLUP_STATEMENT_TIMEOUT}'`);
    return fn(c);
  });
}

/**
 * Rebuilds what is stale until nothing is left (or `maxBatches` of each kind): first the
 * households' months, a batch per transaction, each marking its community months; then the
 * community's months, one per transaction. Returns how many of each were rebuilt.
 */
export async function refreshRollups(maxBatches = Infinity): Promise<{ households: number; months: number }> {
  let households = 0;
  let months = 0;
  for (let b = 0; b < maxBatches; b++) {
    const n = await inRollupTransaction(async (c) => {
      const { rows } = await c.query<{ user_id: number; month: string }>(
        `DELETE FROM community.stale s USING (SELECT user_id, month FROM community.stale WHERE user_id > 0 ORDER BY month, user_id LIMIT $1 FOR UPDATE SKIP LOCKED) x
         WHERE s.user_id = x.user_id AND s.month = x.month RETURNING s.user_id, s.month::text AS month`,
        [BATCH],
      );
      if (!rows.length) return 0;
      await rebuildHouseholdMonths(c, rows.map((r) => r.user_id), rows.map((r) => r.month));
      await c.query("INSERT INTO community.stale (user_id, month) SELECT 0, unnest($1::date[]) ON CONFLICT DO NOTHING", [[...new Set(rows.map((r) => r.month))]]);
      return rows.length;
    });
    if (!n) break;
    households += n;
  }
  for (let b = 0; b < maxBatches; b++) {
    const done = await inRollupTransaction(async (c) => {
      const { rows } = await c.query<{ month: string }>(
        `DELETE FROM community.stale s USING (SELECT user_id, month FROM community.stale WHERE user_id = 0 ORDER BY month LIMIT 1 FOR UPDATE SKIP LOCKED) x
         WHERE s.user_id = x.user_id AND s.month = x.month RETURNING s.month::text AS month`,
      );
      if (!rows.length) return false;
      await rebuildCommunityMonth(c, rows[0].month);
      return true;
    });
    if (!done) break;
    months++;
  }
  return { households, months };
}

/**
 * Rolls up everything stale, also what another process claimed meanwhile: `refreshRollups` skips
 * the batches another process holds (SKIP LOCKED) and returns while that process still works, and
 * the community months those batches mark come only when it commits. For a caller that reads the
 * rollups next (the demo's seed): refreshes again until nothing is left, at most `timeoutMs`.
 */
export async function rollUpAll(timeoutMs = 120_000): Promise<{ households: number; months: number }> {
  const done = { households: 0, months: 0 };
  // a duration: the monotonic clock, not the wall's (which may move, or be held still in tests)
  const until = performance.now() + timeoutMs;
  for (;;) {
    const r = await refreshRollups();
    done.households += r.households;
    done.months += r.months;
    const { rows } = await pgQuery<{ left: boolean }>("SELECT EXISTS (SELECT FROM community.stale) AS left");
    if (!rows[0].left || performance.now() > until) return done;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Asks the workers (of any process) to roll up what was just marked, now rather than at the next 5 minutes. */
export async function queueRollup() {
  const boss = await jobs().catch(() => null);
  await boss?.send(QUEUES.communityRollup, {}, { singletonKey: "now", singletonSeconds: 2 }).catch(() => null);
}
