// The back-office's tariff row (lib/serializers/tariff.ts): one nullable field per price column.
import { z } from "zod";
import type { toTariffView } from "@/lib/serializers/tariff";
import type { PriceKey } from "@/lib/energy/tariff";
import { TARIFF_OPTIONS } from "@/lib/enums";
import type { Assert, Same } from "../same-type";

const price = z.number().nullable().meta({ description: "€ TTC per kWh; null for the prices of the other options" });

export const tariffViewSchema = z.object({
  id: z.number().int(),
  supplier: z.string(),
  option: z.enum(TARIFF_OPTIONS),
  subscribed_kva: z.number().int(),
  subscription_eur_per_year: z.number().nullable(),
  price_base: price,
  price_hp: price,
  price_hc: price,
  price_blue_hc: price,
  price_blue_hp: price,
  price_white_hc: price,
  price_white_hp: price,
  price_red_hc: price,
  price_red_hp: price,

  valid_from: z.string().nullable().meta({ description: "first day (YYYY-MM-DD, inclusive)" }),
  valid_to: z.string().nullable().meta({ description: "first day no longer covered (exclusive); null while in force" }),
  source: z.string().meta({ description: "where the figures come from (URL)" }),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

/** `blueHc` → `blue_hc`, as PRICE_FIELDS (lib/validation/tariff.ts) names a price on the wire. */
type Snake<S extends string> = S extends `${infer H}${infer T}` ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}` : S;
type PriceField = `price_${Snake<PriceKey>}`;
type TariffView = z.output<typeof tariffViewSchema>;
// the serializer spreads the prices from PRICE_COLUMNS (its type cannot name them): the other
// fields are tied to it, and the price fields to the price keys
type _TariffView = Assert<Same<Omit<TariffView, PriceField>, ReturnType<typeof toTariffView>>>;
type _TariffPrices = Assert<Same<Extract<keyof TariffView, `price_${string}`>, PriceField>>;
