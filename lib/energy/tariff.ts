// Tariff rows as the cost computation and the seed see them: plain numbers (€ TTC), Paris local
// days. Validated with zod so an administrator's row and the bundled grid obey the same rules as
// the database's CHECKs (migration 20261123210957_tariffs).
import { z } from "@/lib/validation/zod";
import { KVA_STEPS, TARIFF_OPTIONS, type TariffOption } from "./tariff-options";

export { KVA_STEPS, TARIFF_OPTIONS, type TariffOption };

export type { TempoColour } from "@/lib/enums";

/** The price columns of each option, in € TTC per kWh. */
export const PRICE_KEYS = {
  base: ["base"],
  hphc: ["hp", "hc"],
  tempo: ["blueHc", "blueHp", "whiteHc", "whiteHp", "redHc", "redHp"],
} as const satisfies Record<TariffOption, readonly string[]>;
export type PriceKey = (typeof PRICE_KEYS)[TariffOption][number];
export type Prices = Partial<Record<PriceKey, number>>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD");
const price = z.number().positive().lt(5);

export const tariffRowSchema = z
  .object({
    supplier: z.string().trim().min(1).max(100),
    option: z.enum(TARIFF_OPTIONS),
    kva: z.number().int().refine((k) => (KVA_STEPS as readonly number[]).includes(k), "not a regulated kVA step"),
    /** € TTC per year; null when no source gave it */
    subscriptionEurPerYear: z.number().nonnegative().lt(10_000).nullable(),
    prices: z.object({ base: price, hp: price, hc: price, blueHc: price, blueHp: price, whiteHc: price, whiteHp: price, redHc: price, redHp: price }).partial(),
    validFrom: day,
    validTo: day.nullable(),
    source: z.string().regex(/^https?:\/\/\S+$/).max(500),
  })
  .superRefine((row, ctx) => {
    const own = PRICE_KEYS[row.option] as readonly string[];
    for (const k of Object.keys(row.prices)) if (!own.includes(k)) ctx.addIssue({ code: "custom", path: ["prices", k], message: `not a price of option ${row.option}` });
    for (const k of own) if (row.prices[k as PriceKey] === undefined) ctx.addIssue({ code: "custom", path: ["prices", k], message: "required" });
    if (row.validTo !== null && row.validTo <= row.validFrom) ctx.addIssue({ code: "custom", path: ["validTo"], message: "must be after validFrom" });
  });
export type TariffRow = z.infer<typeof tariffRowSchema>;

/** Column names of `tariffs` for each price key. */
export const PRICE_COLUMNS: Record<PriceKey, string> = {
  base: "priceBase",
  hp: "priceHp",
  hc: "priceHc",
  blueHc: "priceBlueHc",
  blueHp: "priceBlueHp",
  whiteHc: "priceWhiteHc",
  whiteHp: "priceWhiteHp",
  redHc: "priceRedHc",
  redHp: "priceRedHp",
};
