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
 * The newest change of the prices and of each meter's readings, in one statement (a probe of the
 * key's end per scope). Read it before the data a cached answer is computed from: an answer is
 * then never older than the version it is kept under (a write that lands in between is only
 * computed again by the next reader).
 */
export async function changeVersions(meterIds: number[]): Promise<ChangeVersions> {
  const rows = await db.$queryRaw<{ scope: number; seq: string | null }[]>`
    SELECT s AS scope, (SELECT max(c.seq) FROM energy.changes c WHERE c.scope = s)::text AS seq
    FROM unnest(${[PRICES, ...meterIds]}::int[]) AS s`;
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

/**
 * Answers kept by key in this process, the oldest dropped first past `max`. A key names everything
 * the answer depends on (versions included), so an entry is never invalidated, only outlived.
 */
export class AnswerCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: V): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
  }
}
