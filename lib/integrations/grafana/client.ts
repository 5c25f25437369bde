// Grafana's HTTP API, as the dashboard service: the dashboard search, with a service account token.
import { z } from "zod";
import { parseVendor, vendorJson, type Fetch } from "../oauth";

export type GrafanaConfig = {
  /** Grafana's base URL as the server reaches it (https://grafana.example.org) */
  baseUrl: string;
  /** a service account token, sent as `Authorization: Bearer` */
  token: string;
  fetch: Fetch;
};

/** One hit of `GET /api/search`: a dashboard (`dash-db`) or a folder (`dash-folder`); folderTitle is absent in General. */
const grafanaSearchHitSchema = z.looseObject({
  id: z.number().int(),
  uid: z.string().optional(),
  title: z.string(),
  url: z.string(),
  type: z.string(),
  tags: z.array(z.string()).default([]),
  folderTitle: z.string().optional(),
});
const grafanaSearchResponseSchema = z.array(grafanaSearchHitSchema);
export type GrafanaSearchHit = z.infer<typeof grafanaSearchHitSchema>;

export class GrafanaClient {
  readonly vendor = "grafana";
  constructor(private readonly config: GrafanaConfig) {}

  /**
   * `GET /api/search?tag=...&type=...`: the hits Grafana's token may see. Network failures, error
   * statuses and unexpected answers are VendorError.
   */
  async search(q: { tag?: string; type?: "dash-db" | "dash-folder" } = {}): Promise<GrafanaSearchHit[]> {
    const url = new URL(`${this.config.baseUrl.replace(/\/$/, "")}/api/search`);
    if (q.tag) url.searchParams.set("tag", q.tag);
    if (q.type) url.searchParams.set("type", q.type);
    const body = await vendorJson(this.vendor, this.config.fetch, url.toString(), {
      headers: { accept: "application/json", authorization: `Bearer ${this.config.token}` },
    });
    return parseVendor(this.vendor, grafanaSearchResponseSchema, body);
  }
}
