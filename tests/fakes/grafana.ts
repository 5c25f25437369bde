// Grafana's search API over real HTTP on 127.0.0.1, as documented
// (https://grafana.com/docs/grafana/latest/developers/http_api/folder_dashboard_search/):
// GET /api/search?query=&tag=&type=dash-db|dash-folder, with a service account token as Bearer.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { GrafanaConfig } from "@/lib/integrations/grafana/client";

export type GrafanaHit = {
  id: number;
  uid: string;
  title: string;
  uri: string;
  url: string;
  slug: string;
  type: "dash-db" | "dash-folder";
  tags: string[];
  isStarred: boolean;
  folderId?: number;
  folderUid?: string;
  folderTitle?: string;
  folderUrl?: string;
  sortMeta: number;
};

/** A dashboard as Grafana's search lists it; `folder` omitted means General (no folder fields). */
export function grafanaDashboard(id: number, title: string, tags: string[], folder?: { id: number; uid: string; title: string }): GrafanaHit {
  const uid = `uid-${id}`;
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return {
    id, uid, title, uri: `db/${slug}`, url: `/d/${uid}/${slug}`, slug, type: "dash-db", tags, isStarred: false, sortMeta: 0,
    ...(folder && { folderId: folder.id, folderUid: folder.uid, folderTitle: folder.title, folderUrl: `/dashboards/f/${folder.uid}/` }),
  };
}

export class GrafanaFake {
  /** what Grafana holds: dashboards and folders, in search order */
  items: GrafanaHit[] = [];
  /** when set, /api/search answers this status and body instead */
  failWith: { status: number; body: unknown } | null = null;
  /** when true, the tag filter is ignored (an older or misconfigured Grafana) */
  ignoreTagFilter = false;
  readonly seen: { path: string; query: URLSearchParams; authorization?: string }[] = [];
  private server?: http.Server;
  origin = "";

  constructor(readonly token = "glsa_fake_service_account_token_0123456789") {}

  async start() {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", this.origin);
      this.seen.push({ path: url.pathname, query: url.searchParams, authorization: req.headers.authorization });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${this.token}`) return send(401, { message: "Unauthorized" });
      if (req.method !== "GET" || url.pathname !== "/api/search") return send(404, { message: "Not found" });
      if (this.failWith) return send(this.failWith.status, this.failWith.body);
      const tags = url.searchParams.getAll("tag");
      const type = url.searchParams.get("type");
      const query = (url.searchParams.get("query") ?? "").toLowerCase();
      send(
        200,
        this.items.filter(
          (i) => (this.ignoreTagFilter || tags.every((t) => i.tags.includes(t))) && (!type || i.type === type) && i.title.toLowerCase().includes(query),
        ),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The app's client configuration pointing at this fake. */
  config(token = this.token): GrafanaConfig {
    return { baseUrl: this.origin, token, fetch };
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
