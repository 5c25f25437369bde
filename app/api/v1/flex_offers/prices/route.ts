import { authedRoute } from "@/lib/http/route";
import { readJsonBody, validate } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toPricesView } from "@/lib/serializers/flex-offers";
import { currentPrices, setPrices } from "@/lib/services/flex/offers";
import { offerPricesSchema } from "@/lib/validation/flex";

// GET /api/v1/flex_offers/prices (admin): the prices the offers prepared from now on ask
export const GET = authedRoute(async () => ok(toPricesView(await currentPrices())), { role: "admin" });

// PUT /api/v1/flex_offers/prices (admin): {availability_eur_per_mw_h, utilisation_eur_per_mwh}, each null for none (a new dated row)
export const PUT = authedRoute(async ({ req, caller }) => ok(toPricesView(await setPrices(caller, validate(offerPricesSchema, await readJsonBody(req))))), { role: "admin" });
