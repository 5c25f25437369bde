import { authedRoute } from "@/lib/http/route";
import { readJsonBody, validate } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toFlexSettingsView } from "@/lib/serializers/flex";
import { setAutoSend } from "@/lib/services/flex/offers";
import { flexSettings, setAutoOptIn } from "@/lib/services/flex/settings";
import { flexSettingsSchema } from "@/lib/validation/flex";

// GET /api/v1/flexibility: the household's setting and how predictable its use is
export const GET = authedRoute(async ({ caller }) => ok(toFlexSettingsView(await flexSettings(caller))));

// PATCH /api/v1/flexibility: {auto_opt_in?, auto_send_offers?}
export const PATCH = authedRoute(async ({ req, caller }) => {
  const body = validate(flexSettingsSchema, await readJsonBody(req));
  if (body.auto_opt_in !== undefined) await setAutoOptIn(caller, body.auto_opt_in);
  if (body.auto_send_offers !== undefined) await setAutoSend(caller, body.auto_send_offers);
  return ok(toFlexSettingsView(await flexSettings(caller)));
});
