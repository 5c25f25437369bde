import { clientCredentialsSchema } from "@/lib/validation/sharing";
import { partnerTokenSchema } from "@/lib/openapi/schemas/sharing";
import { describeRoute, ok } from "@/lib/openapi/operations";

export default describeRoute("/api/partner/token", {
  POST: {
    tag: "Sharing", access: "public",
    summary: "The grid partner's token (OAuth 2.0 client credentials): a bearer token of an hour for /api/partner/v1",
    description:
      "For a partner, not a user: the client_id and client_secret an admin issued (POST /api/v1/partners), in the body, form-encoded or JSON. " +
      "The same answer for an unknown client and a wrong secret.",
    body: { json: clientCredentialsSchema, form: true },
    responses: { 200: ok(partnerTokenSchema) },
    errors: { 401: "Invalid client credentials, or revoked or expired ones (code invalid_client)", 422: "grant_type is not client_credentials, or client_id or client_secret is missing" },
  },
});
