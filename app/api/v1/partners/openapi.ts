import { partnerSchema } from "@/lib/validation/sharing";
import { partnerCredentialsSchema, partnerViewSchema } from "@/lib/openapi/schemas/sharing";
import { describeRoute, created, list } from "@/lib/openapi/operations";

export default describeRoute("/api/v1/partners", {
  GET: {
    tag: "Sharing", access: "admin",
    summary: "The grid partners and the state of their credentials (never a secret), oldest first; all of them in one page",
    responses: { 200: list(partnerViewSchema, "Every partner, as a JSON array") },
  },
  POST: {
    tag: "Sharing", access: "admin",
    summary: "Issue a partner's client credentials for a year: client_secret is in this answer only (only its SHA-256 is kept)",
    body: { json: partnerSchema },
    responses: { 201: created(partnerCredentialsSchema) },
  },
});
