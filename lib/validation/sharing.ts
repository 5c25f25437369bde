// Real-time sharing (docs/sharing.md): a household's consent, a partner's credentials and their
// exchange for a token (OAuth 2.0 client credentials, form or JSON).
import { z } from "./zod";
import { requiredText } from "./common";

export const consentSchema = z
  .strictObject({
    given: z.boolean({ error: (i) => (i.input === undefined ? "given is required" : "given must be true or false") }),
    /** the version of the text consented to (not needed to withdraw) */
    version: z.number({ error: "version must be a whole number" }).int("version must be a whole number").min(1).max(1000).optional(),
  })
  .refine((v) => !v.given || v.version !== undefined, { path: ["version"], message: "version is required to consent: the version of the text read" });

export const partnerSchema = z.strictObject({ name: requiredText("Name is required", 100, "Name") });

export const clientCredentialsSchema = z.object({
  grant_type: z.literal("client_credentials", { error: "grant_type must be client_credentials" }),
  client_id: z.string({ error: "client_id is required" }).min(1, "client_id is required").max(100, "client_id is at most 100 characters"),
  client_secret: z.string({ error: "client_secret is required" }).min(1, "client_secret is required").max(200, "client_secret is at most 200 characters"),
});

/** GET /api/partner/v1/events/{id}/results: JSON, or the readings as XML modelled on IEC 62746-4. */
export const partnerResultsQuerySchema = z.object({
  format: z.enum(["json", "xml"], { error: "format must be json or xml" }).default("json"),
});
