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

/** Writes `rows` (the bundled grid by default): inserts new ones, overwrites stored ones with the same key. */
export async function upsertTariffs(db: Db, rows: TariffRow[] = TARIFF_ROWS): Promise<number> {
  const valid = rows.map((r) => tariffRowSchema.parse(r));
  await db.$transaction(
    valid.map((r) =>
      db.tariff.upsert({
        where: { supplier_option_subscribedKva_validFrom: { supplier: r.supplier, option: r.option, subscribedKva: r.kva, validFrom: asDate(r.validFrom) } },
        create: { supplier: r.supplier, option: r.option, subscribedKva: r.kva, validFrom: asDate(r.validFrom), ...columns(r) },
        update: columns(r),
      }),
    ),
  );
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
