import { z } from "zod";
import { tariffListFilters } from "@/lib/validation/list-filters";
import { TARIFF_SORTABLE } from "@/lib/services/tariffs/admin";
import { tariffViewSchema } from "@/lib/openapi/schemas/tariffs";
import { describeRoute, created, list } from "@/lib/openapi/operations";

/**
 * The tariff row as POST and PUT take it. The handler checks it with checkTariffBody
 * (lib/validation/tariff.ts), which maps the view's fields onto the row rule rather than parsing
 * with a zod schema of its own: these are the view's writable fields.
 */
const tariffPrices = {
  price_base: true, price_hp: true, price_hc: true, price_blue_hc: true, price_blue_hp: true,
  price_white_hc: true, price_white_hp: true, price_red_hc: true, price_red_hp: true,
} as const;
export const tariffCreateBody = tariffViewSchema
  .pick({ supplier: true, option: true, subscribed_kva: true, source: true, subscription_eur_per_year: true, valid_to: true, ...tariffPrices })
  .partial({ subscription_eur_per_year: true, valid_to: true, ...tariffPrices })
  .extend({ valid_from: z.string().meta({ description: "YYYY-MM-DD" }) });

export default describeRoute("/api/v1/tariffs", {
  GET: {
    tag: "Tariffs", access: "admin",
    summary: "Tariff rows (filters option, subscribed_kva or kva, supplier, in_force)",
    query: { sortable: TARIFF_SORTABLE, filters: tariffListFilters },
    responses: { 200: list(tariffViewSchema) },
  },
  POST: {
    tag: "Tariffs", access: "admin",
    summary: "A new row; an open older row of the same supplier, option and kVA ends at its valid_from",
    body: { json: tariffCreateBody },
    responses: { 201: created(tariffViewSchema) },
    errors: { 409: "A row of this supplier, option and kVA starts that day already" },
  },
});
