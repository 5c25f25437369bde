// The operator's community view (docs/community.md): the operation's energy over a period from the
// rollups (community.half_hours), its rates, the surplus by hour of day and month, and the flexible
// power its households offered and delivered by hour of day. Every figure is an aggregate over at
// least MIN_GROUP households, or withheld.
import { pgQuery } from "@/lib/db";
import { forbidden } from "@/lib/errors";
import type { Caller } from "@/lib/auth/caller";
import { parisDayStart } from "@/lib/time/paris";
import { MIN_GROUP } from "@/lib/community/privacy";
import { ratesOf } from "@/lib/community/keys";

export type Period = { from: string; to: string };
export type Bucket = "day" | "month";

export type SummaryRow = { start: string; consumptionWh: number; productionWh: number; selfConsumedWh: number; surplusWh: number };

/**
 * The households the period's figures are made of: those taking part at some point of [from, to)
 * with readings in one of its months (a member without data adds nothing to an aggregate, so it
 * does not count towards MIN_GROUP either).
 */
export async function membersIn(p: Period): Promise<number> {
  const { rows } = await pgQuery<{ n: number }>(
    `SELECT count(DISTINCT cm.user_id)::int AS n FROM community_members cm
     WHERE cm.joined_on < $2::date AND (cm.left_on IS NULL OR cm.left_on > $1::date)
       AND EXISTS (SELECT FROM community.household_months h WHERE h.user_id = cm.user_id AND h.month >= date_trunc('month', $1::date) AND h.month < $2::date
                   AND h.cons_points + h.prod_points > 0)`,
    [p.from, p.to],
  );
  return rows[0].n;
}

/**
 * The operation over [from, to) by day or month: consumption, production, the production used
 * inside the community (per half hour, the lesser of the two) and the surplus; with the totals,
 * the rates and the surplus heatmap (month × hour of day, Paris time).
 */
export async function communitySummary(caller: Caller, p: Period, by: Bucket) {
  if (!caller.isSuperuser) throw forbidden();
  const members = await membersIn(p);
  const base = { from: p.from, to: p.to, by, members, minGroup: MIN_GROUP };
  if (members < MIN_GROUP) return { ...base, withheld: true as const };
  const lo = new Date(parisDayStart(p.from));
  const hi = new Date(parisDayStart(p.to));
  const [series, heat] = await Promise.all([
    pgQuery<{ b: string; c: number; p: number; u: number; s: number }>(
      `SELECT date_trunc('${by}', ts AT TIME ZONE 'Europe/Paris')::date::text AS b,
              sum(cons_wh) AS c, sum(prod_wh) AS p, sum(least(cons_wh, prod_wh)) AS u, sum(greatest(prod_wh - cons_wh, 0)) AS s
       FROM community.half_hours WHERE ts >= $1 AND ts < $2 GROUP BY 1 ORDER BY 1`,
      [lo, hi],
    ),
    pgQuery<{ m: string; h: number; s: number }>(
      `SELECT to_char(ts AT TIME ZONE 'Europe/Paris', 'YYYY-MM') AS m, extract(hour FROM ts AT TIME ZONE 'Europe/Paris')::int AS h, sum(greatest(prod_wh - cons_wh, 0)) AS s
       FROM community.half_hours WHERE ts >= $1 AND ts < $2 GROUP BY 1, 2 ORDER BY 1, 2`,
      [lo, hi],
    ),
  ]);
  const rows: SummaryRow[] = series.rows.map((r) => ({ start: r.b, consumptionWh: r.c, productionWh: r.p, selfConsumedWh: r.u, surplusWh: r.s }));
  const sum = (f: (r: SummaryRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  const totals = { consumptionWh: sum((r) => r.consumptionWh), productionWh: sum((r) => r.productionWh), selfConsumedWh: sum((r) => r.selfConsumedWh), surplusWh: sum((r) => r.surplusWh) };
  const months = [...new Set(heat.rows.map((r) => r.m))];
  const heatmap = months.map((m) => {
    const hours = new Array<number>(24).fill(0);
    for (const r of heat.rows) if (r.m === m) hours[r.h] += r.s;
    return { month: m, surplusWh: hours };
  });
  return { ...base, withheld: false as const, totals: { ...totals, ...ratesOf(totals.productionWh, totals.consumptionWh, totals.selfConsumedWh) }, series: rows, heatmap };
}

/**
 * The flexible power the households offered, had accepted and delivered over [from, to), by hour
 * of day (Paris): the average kW over the period's days. Withheld under MIN_GROUP households.
 */
export async function flexByHour(caller: Caller, p: Period) {
  if (!caller.isSuperuser) throw forbidden();
  const { rows: count } = await pgQuery<{ n: number }>(
    "SELECT count(DISTINCT user_id)::int AS n FROM flex_offers WHERE day >= $1::date AND day < $2::date AND status IN ('offered', 'accepted', 'activated', 'settled')",
    [p.from, p.to],
  );
  const households = count[0].n;
  if (households < MIN_GROUP) return { households, minGroup: MIN_GROUP, withheld: true as const };
  const { rows } = await pgQuery<{ h: number; dir: string; offered: number; accepted: number; delivered: number }>(
    `WITH periods AS (
       SELECT o.direction::text AS dir, o.status, o.step_min, e.w::float8 AS w, o.delivered_wh, jsonb_array_length(o.power_w) AS n,
              extract(hour FROM (o.starts_at + (e.i - 1) * make_interval(mins => o.step_min)) AT TIME ZONE 'Europe/Paris')::int AS h
       FROM flex_offers o CROSS JOIN LATERAL jsonb_array_elements_text(o.power_w) WITH ORDINALITY AS e(w, i)
       WHERE o.day >= $1::date AND o.day < $2::date AND o.status IN ('offered', 'accepted', 'activated', 'settled'))
     SELECT h, dir, sum(w * step_min / 60) AS offered, sum(w * step_min / 60) FILTER (WHERE status <> 'offered') AS accepted,
            sum(coalesce(delivered_wh, 0) / n) FILTER (WHERE status = 'settled') AS delivered
     FROM periods GROUP BY 1, 2`,
    [p.from, p.to],
  );
  const days = Math.max(1, Math.round((parisDayStart(p.to) - parisDayStart(p.from)) / 86_400_000));
  const hours = Array.from({ length: 24 }, (_, h) => ({ hour: h, downOfferedKw: 0, upOfferedKw: 0, downAcceptedKw: 0, upAcceptedKw: 0, deliveredKw: 0 }));
  for (const r of rows) {
    const x = hours[r.h];
    // Wh in an hour of each day, averaged over the days: kW
    const kw = (wh: number | null) => (wh ?? 0) / 1000 / days;
    if (r.dir === "down") {
      x.downOfferedKw += kw(r.offered);
      x.downAcceptedKw += kw(r.accepted);
    } else {
      x.upOfferedKw += kw(r.offered);
      x.upAcceptedKw += kw(r.accepted);
    }
    x.deliveredKw += kw(r.delivered);
  }
  return { households, minGroup: MIN_GROUP, withheld: false as const, days, hours };
}
