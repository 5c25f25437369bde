import { authedRoute } from "@/lib/http/route";
import { readJsonBody, validate } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toSettingsView } from "@/lib/serializers/community";
import { operationSettings, updateOperationSettings } from "@/lib/services/community/operation";
import { operationSettingsSchema } from "@/lib/validation/community";

// GET /api/v1/community/settings (admin): the operation's name, allocation key and local price
export const GET = authedRoute(async ({ caller }) => ok(toSettingsView(await operationSettings(caller))), { role: "admin" });

// PUT /api/v1/community/settings (admin): {name?, allocation_key?, local_price_eur_per_kwh?}; a new key or price rolls every month up again
export const PUT = authedRoute(
  async ({ req, caller }) => {
    const b = validate(operationSettingsSchema, await readJsonBody(req));
    return ok(toSettingsView(await updateOperationSettings(caller, { name: b.name, allocationKey: b.allocation_key, localPriceEurPerKwh: b.local_price_eur_per_kwh })));
  },
  { role: "admin" },
);
