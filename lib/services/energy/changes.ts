// What a cached energy answer was computed from, and whether it still holds: the newest row of
// `energy.changes` for each meter (its readings) and for scope 0 (prices, and the tables being
// emptied), written by PostgreSQL's triggers on every statement that changes them (migration
// 20261129193000_energy_changes). Any process, job or script that writes through SQL is seen, so
// each serving process can keep answers in memory without telling the others.
import { db } from "@/lib/db";

/** The scope of the tariffs and the Tempo colours (meter ids start at 1). */
const PRICES = 0;

export type ChangeVersions = { prices: string; meters: Map<number, string> };

/**
 * The newest change of the prices and of each of the user's meters' readings, in one statement (a
 * probe of the key's end per scope), which can go out beside the read of the meters themselves.
 * Read it before the data a cached answer is computed from: an answer is then never older than the
 * version it is kept under (a write that lands in between is only computed again by the next
 * reader). A meter created after this read has no version here: compute its answer, do not keep it.
 */
export async function changeVersions(userId: number): Promise<ChangeVersions> {
  const rows = await db.$queryRaw<{ scope: number; seq: string | null }[]>`
    SELECT m.id AS scope, (SELECT max(c.seq) FROM energy.changes c WHERE c.scope = m.id)::text AS seq
    FROM public.meters m WHERE m.user_id = ${userId}
    UNION ALL
    SELECT ${PRICES}::int, (SELECT max(c.seq) FROM energy.changes c WHERE c.scope = ${PRICES}::int)::text`;
  const meters = new Map<number, string>();
  let prices = "";
  for (const r of rows) {
    if (r.scope === PRICES) prices = r.seq ?? "";
    else meters.set(r.scope, r.seq ?? "");
  }
  return { prices, meters };
}

/** Deletes every change but the newest of each scope, and those of meters that no longer exist. */
export async function purgeOldChanges(): Promise<number> {
  return db.$executeRaw`
    DELETE FROM energy.changes c
    WHERE c.seq < (SELECT max(d.seq) FROM energy.changes d WHERE d.scope = c.scope)
       OR (c.scope <> ${PRICES} AND NOT EXISTS (SELECT FROM public.meters m WHERE m.id = c.scope))`;
}
