import { partnerLiveSchema } from "@/lib/openapi/schemas/sharing";
import { describeRoute, ok } from "@/lib/openapi/operations";
import { PARTNER_PER_MINUTE } from "@/lib/services/sharing/partners";

/** How every /api/partner/v1 operation is authenticated: not by a user's token or session (the document's security schemes), by a partner's. */
export const PARTNER_TOKEN_REQUIRED =
  "Requires a partner's token, not a user's: `Authorization: Bearer fp1.…` from POST /api/partner/token (a user's access token or session cookie is refused with 401). " +
  "The token is checked against the partner's credentials at each request: a revoked or expired partner is refused at once. " +
  `At most ${PARTNER_PER_MINUTE} requests a minute per partner. Only the households whose consent to the current text is in force at the request are in the answer, ` +
  "each under the partner's own pseudonym, and each read is logged for the household (GET /api/v1/users/me/sharing/log).";

export const PARTNER_ERRORS = {
  401: "No partner token, or a user's, a forged, an expired one, or one of a revoked or expired partner (codes partner_revoked, partner_expired) (WWW-Authenticate: Bearer)",
  429: `More than ${PARTNER_PER_MINUTE} requests in a minute (Retry-After)`,
};

export default describeRoute("/api/partner/v1/live", {
  GET: {
    tag: "Sharing", access: "partner",
    summary: "For the grid partner: each consenting household's power now (grid, solar, home), pseudonymised",
    description: PARTNER_TOKEN_REQUIRED,
    responses: { 200: ok(partnerLiveSchema) },
    errors: PARTNER_ERRORS,
  },
});
