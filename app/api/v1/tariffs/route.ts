import { authedRoute } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/parse";
import { parseListParams } from "@/lib/http/list";
import { tariffListFilters } from "@/lib/validation/list-filters";
import { created, listResponse } from "@/lib/http/respond";
import { toTariffView } from "@/lib/serializers/tariff";
import { createTariff, listTariffRows, TARIFF_SORTABLE } from "@/lib/services/tariffs/admin";

// GET /api/v1/tariffs (admin): tariff rows, json-server list (option, subscribed_kva or kva, supplier, in_force, q)
export const GET = authedRoute(async ({ req }) => {
  const { items, total } = await listTariffRows(parseListParams(req, { sortable: TARIFF_SORTABLE, filters: tariffListFilters }));
  return listResponse(items.map(toTariffView), total);
}, { role: "admin" });

// POST /api/v1/tariffs (admin): a new row; an open older row of the same supplier, option and kVA ends at its valid_from
export const POST = authedRoute(async ({ req }) => created(toTariffView(await createTariff(await readJsonBody(req)))), { role: "admin" });
