// Legrand Home + Control: OAuth2 through Azure AD B2C (PKCE), data under /hc/api/v1.0 with the
// API Management subscription key.
import { z } from "zod";
import { BaseOAuthClient } from "../base-client";
import { parseVendor, vendorJson } from "../oauth";

/** `GET /hc/api/v1.0/plants`: `{plants: [{id, name, country}]}`. */
export const plantsResponseSchema = z.object({
  plants: z.array(z.looseObject({ id: z.string(), name: z.string(), country: z.string().optional() })),
});
export type Plant = z.infer<typeof plantsResponseSchema>["plants"][number];

export class LegrandClient extends BaseOAuthClient {
  readonly vendor = "legrand";
  // Legrand's sign-in is Azure AD B2C, whose authorization-code flow takes code_challenge (S256)
  protected readonly vendorTakesPkce = true;

  protected authorizeParams(p: { state: string; redirectUri: string }) {
    return { client_id: this.config.clientId, response_type: "code", redirect_uri: p.redirectUri, state: p.state };
  }

  async plants(accessToken: string): Promise<Plant[]> {
    const body = await vendorJson(this.vendor, this.config.fetch, `${this.config.apiUrl}/hc/api/v1.0/plants`, {
      headers: { authorization: `Bearer ${accessToken}`, "Ocp-Apim-Subscription-Key": this.config.subscriptionKey ?? "", accept: "application/json" },
    });
    return parseVendor(this.vendor, plantsResponseSchema, body).plants;
  }
}
