import { authedRoute, pathId } from "@/lib/http/route";
import { ok } from "@/lib/http/respond";
import { parseJson } from "@/lib/http/parse";
import { getMeterOrThrow } from "@/lib/services/meters/meters";
import { updateMeterTariff } from "@/lib/services/energy/tariff-settings";
import { toMeterView } from "@/lib/serializers/meter";
import { meterTariffSchema } from "@/lib/validation/energy";

// GET /api/v1/meters/{id}: one meter and its sync progress
export const GET = authedRoute(async ({ caller, params }) => ok(toMeterView(await getMeterOrThrow(caller, pathId(params, "id", "Meter")))));

// PATCH /api/v1/meters/{id}: the household's tariff option, subscribed power and off-peak hours
export const PATCH = authedRoute(async ({ req, caller, params }) =>
  ok(toMeterView(await updateMeterTariff(caller, pathId(params, "id", "Meter"), await parseJson(req, meterTariffSchema)))),
);
