import { authedRoute } from "@/lib/http/route";
import { readJsonBody, validate } from "@/lib/http/parse";
import { ok } from "@/lib/http/respond";
import { toConsentView } from "@/lib/serializers/sharing";
import { consentOf, setConsent } from "@/lib/services/sharing/consent";
import { consentSchema } from "@/lib/validation/sharing";

// GET /api/v1/users/me/sharing: the household's consent to real-time sharing, and its history
export const GET = authedRoute(async ({ caller }) => ok(toConsentView(await consentOf(caller.id))));

// PUT /api/v1/users/me/sharing: {given, version}: given for the text's current version, or withdrawn
export const PUT = authedRoute(async ({ req, caller }) => {
  const body = validate(consentSchema, await readJsonBody(req));
  return ok(toConsentView(await setConsent(caller, body.given, body.version)));
});
