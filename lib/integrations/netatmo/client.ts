// Netatmo Connect: OAuth2 at api.netatmo.com/oauth2, data from /api/homesdata.
import { z } from "zod";
import { BaseOAuthClient } from "../base-client";
import { parseVendor, vendorJson } from "../oauth";

/** `GET /api/homesdata`: `{body: {homes: [...], user: {...}}, status: "ok"}`; homes are passed on as sent. */
export const homesDataResponseSchema = z.object({
  body: z.object({ homes: z.array(z.looseObject({ id: z.string() })) }).loose(),
  status: z.literal("ok"),
});
export type HomesData = z.infer<typeof homesDataResponseSchema>["body"];

export class NetatmoClient extends BaseOAuthClient {
  readonly vendor = "netatmo";
  // Netatmo's authorization-code flow documents no PKCE
  protected readonly vendorTakesPkce = false;

  protected authorizeParams(p: { state: string; redirectUri: string }) {
    return { client_id: this.config.clientId, redirect_uri: p.redirectUri, scope: this.config.scope ?? "read_thermostat", state: p.state };
  }

  async homesData(accessToken: string): Promise<HomesData> {
    const body = await vendorJson(this.vendor, this.config.fetch, `${this.config.apiUrl}/api/homesdata`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
    });
    return parseVendor(this.vendor, homesDataResponseSchema, body).body;
  }
}
