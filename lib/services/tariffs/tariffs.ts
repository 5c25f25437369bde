// Tariff rows in `tariffs`: the bundled grid loaded idempotently (upsert on supplier + option +
// kVA + valid_from, so a corrected figure in tariff-data.ts replaces the stored one), and rows read
// back as the plain numbers the cost computation takes.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { PRICE_COLUMNS, PRICE_KEYS, tariffRowSchema, type PriceKey, type TariffRow } from "@/lib/energy/tariff";
import { TARIFF_ROWS } from "@/lib/energy/tariff-data";

type Db = Pick<PrismaClient, "tariff" | "$transaction">;

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const asDay = (d: Date) => d.toISOString().slice(0, 10);

function columns(row: TariffRow) {
  const prices = Object.fromEntries(Object.values(PRICE_COLUMNS).map((c) => [c, null as number | null]));
  for (const [k, v] of Object.entries(row.prices)) prices[PRICE_COLUMNS[k as PriceKey]] = v ?? null;
  return { subscriptionEurPerYear: row.subscriptionEurPerYear, validTo: row.validTo === null ? null : asDate(row.validTo), source: row.source, ...prices };
}

/** A stored value as the rows compare it: dates by their time, decimals as numbers. */
function plain(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.getTime();
  if (typeof v === "object" && "toNumber" in v) return (v as { toNumber(): number }).toNumber();
  return v;
}

/** Whether a stored row differs from `wanted` (its columns as `columns()` writes them) in any of them. */
const differs = (stored: object, wanted: Record<string, unknown>) => Object.entries(wanted).some(([k, v]) => plain((stored as Record<string, unknown>)[k]) !== plain(v));

/**
 * Writes `rows` (the bundled grid by default): inserts new ones, overwrites stored ones with the
 * same key whose figures differ, leaves the others as they are. One transaction: the stored rows
 * read at once, the new ones written in one statement, then each changed one (none when the grid
 * is unchanged; an upsert per row took 0.7 s of the first start's seed).
 */
export async function upsertTariffs(db: Db, rows: TariffRow[] = TARIFF_ROWS): Promise<number> {
  const valid = rows.map((r) => tariffRowSchema.parse(r));
  const key = (supplier: string, option: string, kva: number, validFrom: string) => `${supplier}\0${option}\0${kva}\0${validFrom}`;
  await db.$transaction(async (tx) => {
    const stored = await tx.tariff.findMany({ where: { supplier: { in: [...new Set(valid.map((r) => r.supplier))] } } });
    const byKey = new Map(stored.map((s) => [key(s.supplier, s.option, s.subscribedKva, asDay(s.validFrom)), s]));
    const fresh = valid.filter((r) => !byKey.has(key(r.supplier, r.option, r.kva, r.validFrom)));
    if (fresh.length) {
      // a concurrent seed may have written some meanwhile: theirs are the same rows
      await tx.tariff.createMany({
        data: fresh.map((r) => ({ supplier: r.supplier, option: r.option, subscribedKva: r.kva, validFrom: asDate(r.validFrom), ...columns(r) })),
        skipDuplicates: true,
      });
    }
    for (const r of valid) {
      const stored = byKey.get(key(r.supplier, r.option, r.kva, r.validFrom));
      const wanted = columns(r);
      if (stored && differs(stored, wanted)) await tx.tariff.update({ where: { id: stored.id }, data: wanted });
    }
  });
  return valid.length;
}

/** Every stored row, as the cost computation takes them. */
export async function listTariffs(db: Pick<PrismaClient, "tariff">): Promise<TariffRow[]> {
  const rows = await db.tariff.findMany({ orderBy: [{ supplier: "asc" }, { option: "asc" }, { subscribedKva: "asc" }, { validFrom: "asc" }] });
  return rows.map((r) => {
    const rec = r as unknown as Record<string, { toNumber(): number } | null>;
    const prices: Partial<Record<PriceKey, number>> = {};
    for (const k of PRICE_KEYS[r.option]) {
      const v = rec[PRICE_COLUMNS[k]];
      if (v !== null) prices[k] = v.toNumber();
    }
    return {
      supplier: r.supplier,
      option: r.option,
      kva: r.subscribedKva,
      subscriptionEurPerYear: r.subscriptionEurPerYear === null ? null : r.subscriptionEurPerYear.toNumber(),
      prices,
      validFrom: asDay(r.validFrom),
      validTo: r.validTo === null ? null : asDay(r.validTo),
      source: r.source,
    };
  });
}
