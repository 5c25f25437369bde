// The back-office's tariff row as sent by a form or a client (flat snake_case fields, one per price
// column), mapped onto a TariffRow and checked by the one rule of what a row is (tariffRowSchema in
// lib/energy/tariff.ts), errors named by their wire field. No server imports: the admin form runs
// the same check before it sends.
import { KVA_STEPS, PRICE_COLUMNS, TARIFF_OPTIONS, tariffRowSchema, type PriceKey, type TariffRow } from "@/lib/energy/tariff";
import { isDay } from "@/lib/time/paris";

export type TariffFieldError = { path: string; message: string };

/** `priceBlueHc` → `price_blue_hc`: the wire name of each price, from the one column table. */
export const PRICE_FIELDS = Object.fromEntries(
  Object.entries(PRICE_COLUMNS).map(([k, c]) => [k, c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)]),
) as Record<PriceKey, string>;

/** TariffRow's field → the wire field (prices through PRICE_FIELDS). */
const WIRE: Record<string, string> = {
  supplier: "supplier", option: "option", kva: "subscribed_kva", subscriptionEurPerYear: "subscription_eur_per_year",
  validFrom: "valid_from", validTo: "valid_to", source: "source",
};
const wireName = (path: PropertyKey[]) => (path[0] === "prices" ? PRICE_FIELDS[path[1] as PriceKey] ?? `price_${String(path[1])}` : WIRE[String(path[0])] ?? path.map(String).join("."));
const wireText = (s: string) => s.replace(/validFrom|validTo|kva|subscriptionEurPerYear/g, (m) => WIRE[m]);

const valueAt = (o: unknown, path: PropertyKey[]) => path.reduce<unknown>((v, k) => (v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined), o);

/** The first and last years a row may name (a typo such as 20026 or 1026 is refused). */
const YEARS = [2000, 2099] as const;

/**
 * A body (the view's fields; others such as id or created_at are ignored) as a valid TariffRow, or
 * the errors naming the wire fields. Prices of other options may be null or left out; blank
 * optional fields ("") are null.
 */
export function checkTariffBody(body: unknown): { row: TariffRow; errors?: undefined } | { row?: undefined; errors: TariffFieldError[] } {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return { errors: [{ path: "", message: "The request body must be a JSON object" }] };
  const b = body as Record<string, unknown>;
  const orNull = (v: unknown) => (v === undefined || v === "" ? null : v);
  const prices: Record<string, unknown> = {};
  for (const [k, field] of Object.entries(PRICE_FIELDS)) if (orNull(b[field]) !== null) prices[k] = b[field];
  const input = {
    supplier: b.supplier,
    option: b.option,
    kva: b.subscribed_kva,
    subscriptionEurPerYear: orNull(b.subscription_eur_per_year),
    prices,
    validFrom: b.valid_from,
    validTo: orNull(b.valid_to),
    source: typeof b.source === "string" ? b.source.trim() : b.source,
  };
  const r = tariffRowSchema.safeParse(input);
  const errors: TariffFieldError[] = [];
  if (!r.success) {
    for (const i of r.error.issues) {
      const field = wireName(i.path);
      const message =
        i.code === "invalid_type" && valueAt(input, i.path) == null ? `${field} is required`
        : i.message === "required" ? `${field} is required for option ${String(b.option)}`
        : i.message.startsWith("not a price of") ? `${field} is ${i.message}`
        : i.path[0] === "option" ? `option must be one of: ${TARIFF_OPTIONS.join(", ")}`
        : i.path[0] === "source" ? "source must be an http(s) URL of at most 500 characters"
        : i.path[0] === "kva" && i.code === "custom" ? `subscribed_kva must be one of the regulated steps: ${KVA_STEPS.join(", ")}`
        : `${field}: ${wireText(i.message)}`;
      errors.push({ path: field, message });
    }
    return { errors };
  }
  // the columns keep 4 decimals (prices) and 2 (subscription): more would be rounded, maybe to 0
  const decimals = (v: number, n: number) => Math.round(v * 10 ** n) / 10 ** n === v;
  for (const [k, v] of Object.entries(r.data.prices)) {
    if (v !== undefined && !decimals(v, 4)) errors.push({ path: PRICE_FIELDS[k as PriceKey], message: `${PRICE_FIELDS[k as PriceKey]} must have at most 4 decimals` });
  }
  const sub = r.data.subscriptionEurPerYear;
  if (sub !== null && !decimals(sub, 2)) errors.push({ path: "subscription_eur_per_year", message: "subscription_eur_per_year must have at most 2 decimals" });
  for (const [field, v] of [["valid_from", r.data.validFrom], ["valid_to", r.data.validTo]] as const) {
    if (v === null) continue;
    if (!isDay(v)) errors.push({ path: field, message: `${field} is not a calendar day` });
    else if (+v.slice(0, 4) < YEARS[0] || +v.slice(0, 4) > YEARS[1]) errors.push({ path: field, message: `${field} must be between ${YEARS[0]} and ${YEARS[1]}` });
  }
  return errors.length ? { errors } : { row: r.data };
}
