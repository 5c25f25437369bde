// The operation's settings (its name, allocation key and local price) and the operator's shares
// (docs/community.md, "Allocation keys"), with the monthly coefficient file of the dynamic simple key.
import type { Caller } from "@/lib/auth/caller";
import { db, inPgTransaction, pgQuery } from "@/lib/db";
import { conflict, forbidden, invalid } from "@/lib/errors";
import type { AllocationKey } from "@/lib/generated/prisma/enums";
import { addMonths, parisDayOf } from "@/lib/time/paris";
import { coefficientsCsv } from "@/lib/community/coefficients";
import { markAllStale, markCommunityStale, queueRollup } from "./rollup";
import { sharesFor } from "./month";

export async function operationSettings(caller: Caller) {
  if (!caller.isSuperuser) throw forbidden();
  return db.communitySettings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
}

/** Changes the operation's settings; a new key or local price rolls every month up again. */
export async function updateOperationSettings(caller: Caller, input: { name?: string; allocationKey?: AllocationKey; localPriceEurPerKwh?: number }) {
  if (!caller.isSuperuser) throw forbidden();
  const before = await operationSettings(caller);
  const after = await db.communitySettings.update({ where: { id: 1 }, data: input });
  if (after.allocationKey !== before.allocationKey || after.localPriceEurPerKwh !== before.localPriceEurPerKwh) {
    await inPgTransaction((c) => markAllStale(c));
    await queueRollup();
  }
  return after;
}

export type ShareRow = { userId: number; email: string; usagePointId: string | null; percent: number | null };

/** The consumers taking part in `month` (YYYY-MM-01) and their shares in force then (null: none set). */
export async function monthShares(caller: Caller, month: string): Promise<{ month: string; setFor: string | null; total: number; members: ShareRow[] }> {
  if (!caller.isSuperuser) throw forbidden();
  const next = addMonths(month, 1);
  const [{ rows }, shares, setFor] = await Promise.all([
    pgQuery<{ user_id: number; email: string; prm: string | null }>(
      `SELECT DISTINCT ON (cm.user_id) cm.user_id, u.email, (SELECT usage_point_id FROM meters WHERE user_id = cm.user_id ORDER BY id LIMIT 1) AS prm
       FROM community_members cm JOIN users u ON u.id = cm.user_id
       WHERE cm.role <> 'producer' AND cm.joined_on < $2::date AND (cm.left_on IS NULL OR cm.left_on > $1::date) ORDER BY cm.user_id`,
      [month, next],
    ),
    sharesFor({ query: pgQuery } as never, month),
    pgQuery<{ m: string | null }>("SELECT max(month)::text AS m FROM community_shares WHERE month <= $1::date", [month]),
  ]);
  const members = rows.map((r) => ({ userId: r.user_id, email: r.email, usagePointId: r.prm, percent: shares.get(r.user_id) ?? (shares.size ? 0 : null) }));
  return { month, setFor: setFor.rows[0].m, total: members.reduce((s, m) => s + (m.percent ?? 0), 0), members };
}

/** Sets the shares from `month` on (the set replaces that month's): consumers of the month only, adding up to at most 100 %. */
export async function setMonthShares(caller: Caller, month: string, shares: { userId: number; percent: number }[], now = Date.now()) {
  if (!caller.isSuperuser) throw forbidden();
  const current = await monthShares(caller, month);
  const allowed = new Set(current.members.map((m) => m.userId));
  const errors = shares.flatMap((s, i) => (allowed.has(s.userId) ? [] : [{ path: `shares.${i}.user_id`, message: "Not a consumer taking part in this month" }]));
  if (errors.length) throw invalid(errors);
  if (new Set(shares.map((s) => s.userId)).size !== shares.length) throw invalid([{ path: "shares", message: "A household appears twice" }]);
  const total = shares.reduce((s, x) => s + x.percent, 0);
  if (total > 100 + 1e-6) throw invalid([{ path: "shares", message: `The shares add up to ${Math.round(total * 100) / 100} %: at most 100 %` }]);
  const monthDate = new Date(`${month}T00:00:00Z`);
  await db.$transaction([
    db.communityShare.deleteMany({ where: { month: monthDate } }),
    db.communityShare.createMany({ data: shares.map((s) => ({ userId: s.userId, month: monthDate, percent: s.percent })) }),
  ]);
  const today = parisDayOf(now);
  await inPgTransaction((c) => markCommunityStale(c, month, today > month ? today : month));
  await queueRollup();
  return monthShares(caller, month);
}

/** The coefficient file of `month` for Enedis (dynamic simple key): the shares must add up to 100 %. */
export async function coefficientFile(caller: Caller, month: string): Promise<string> {
  const s = await monthShares(caller, month);
  if (!s.members.length) throw conflict("No consumer takes part in this month", "no_consumers");
  const withShares = s.members.map((m) => ({ ...m, percent: m.percent ?? 100 / s.members.length }));
  const total = withShares.reduce((x, m) => x + m.percent, 0);
  if (Math.abs(total - 100) > 0.005) throw conflict(`The shares of ${month.slice(0, 7)} add up to ${Math.round(total * 100) / 100} %: Enedis needs 100 %`, "shares_not_100");
  const missing = withShares.filter((m) => !m.usagePointId);
  if (missing.length) throw conflict(`${missing.map((m) => m.email).join(", ")}: no Linky meter linked, so no usage point to name`, "no_usage_point");
  return coefficientsCsv(month, withShares.map((m) => ({ usagePointId: m.usagePointId!, percent: m.percent })));
}
