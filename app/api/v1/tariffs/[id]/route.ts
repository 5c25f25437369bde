import { authedRoute, pathId } from "@/lib/http/route";
import { readJsonBody } from "@/lib/http/parse";
import { noContent, ok } from "@/lib/http/respond";
import { toTariffView } from "@/lib/serializers/tariff";
import { deleteTariff, getTariffOrThrow, updateTariff } from "@/lib/services/tariffs/admin";

// GET /api/v1/tariffs/{id} (admin)
export const GET = authedRoute(async ({ params }) => ok(toTariffView(await getTariffOrThrow(pathId(params, "id", "Tariff")))), { role: "admin" });

// PUT /api/v1/tariffs/{id} (admin): the fields sent replace the stored ones, then the whole row is checked
export const PUT = authedRoute(async ({ req, params }) => {
  const id = pathId(params, "id", "Tariff");
  return ok(toTariffView(await updateTariff(id, await readJsonBody(req))));
}, { role: "admin" });

// DELETE /api/v1/tariffs/{id} (admin): deleting the row in force re-opens the row it had closed
export const DELETE = authedRoute(async ({ params }) => {
  await deleteTariff(pathId(params, "id", "Tariff"));
  return noContent();
}, { role: "admin" });
