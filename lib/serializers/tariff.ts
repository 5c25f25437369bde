// The back-office view of a tariff row (GET/POST/PUT /api/v1/tariffs): snake_case, flat, one field
// per price column (null for the prices other options have), numbers in € TTC, days as YYYY-MM-DD.
import type { Tariff } from "@/lib/generated/prisma/client";
import { PRICE_COLUMNS, type PriceKey } from "@/lib/energy/tariff";
import { PRICE_FIELDS } from "@/lib/validation/tariff";

type Num = { toNumber(): number } | null;
const num = (v: Num) => (v === null ? null : v.toNumber());
const day = (d: Date | null) => (d === null ? null : d.toISOString().slice(0, 10));

export function toTariffView(t: Tariff) {
  const rec = t as unknown as Record<string, Num>;
  const prices = Object.fromEntries(Object.entries(PRICE_COLUMNS).map(([k, c]) => [PRICE_FIELDS[k as PriceKey], num(rec[c])]));
  return {
    id: t.id,
    supplier: t.supplier,
    option: t.option,
    subscribed_kva: t.subscribedKva,
    subscription_eur_per_year: num(t.subscriptionEurPerYear),
    ...prices,
    valid_from: day(t.validFrom),
    valid_to: day(t.validTo),
    source: t.source,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}
