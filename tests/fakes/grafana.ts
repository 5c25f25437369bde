// Grafana's HTTP API over real HTTP on 127.0.0.1, as documented, with a service account token as
// Bearer: the search the app calls, GET /api/search?query=&tag=&type=dash-db|dash-folder
// (https://grafana.com/docs/grafana/latest/developers/http_api/folder_dashboard_search/), and
// what a test fills it with as an editor would: POST /api/folders, POST /api/dashboards/db,
// DELETE /api/dashboards/uid/{uid}, DELETE /api/folders/{uid}
// (https://grafana.com/docs/grafana/latest/developers/http_api/folder/ and .../dashboard/). A
// dashboard's page (/d/{uid}/{slug}) answers a stand-in of Grafana's kiosk view, for the frames.
// Plain Node (no import from the app): the e2e server runs it too (scripts/e2e-server.mjs).
import http from "node:http";
import type { AddressInfo } from "node:net";

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

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

export class GrafanaFake {
  /** what Grafana holds: dashboards and folders, in search order */
  items: GrafanaHit[] = [];
  /** when set, /api/search answers this status and body instead */
  failWith: { status: number; body: unknown } | null = null;
  /** when true, the tag filter is ignored (an older or misconfigured Grafana) */
  ignoreTagFilter = false;
  /**
   * what the fake lets a test process that does not hold this object change (the e2e specs: the
   * fake runs in the e2e server): `PUT /__fake/search-failure` with `{status, body}` sets
   * failWith, `DELETE` clears it; `PUT /__fake/search-hold` holds every search until `DELETE`.
   * Not Grafana's; off unless asked.
   */
  readonly control: boolean;
  private held: { until: Promise<void>; release: () => void } | null = null;
  readonly seen: { path: string; query: URLSearchParams; authorization?: string }[] = [];
  private server?: http.Server;
  private nextId = 1000;
  origin = "";

  constructor(
    readonly token = "glsa_fake_service_account_token_0123456789",
    opts: { control?: boolean } = {},
  ) {
    this.control = opts.control ?? false;
  }

  async start(port = 0) {
    this.server = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? "/", this.origin);
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const text = Buffer.concat(chunks).toString("utf8");
      this.seen.push({ path: url.pathname, query: url.searchParams, authorization: req.headers.authorization });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      // a dashboard's page, as the browser's frame loads it (Grafana's own session or anonymous access)
      const page = /^\/d\/([^/]+)(?:\/[^/]*)?$/.exec(url.pathname);
      if (req.method === "GET" && page) {
        const d = this.items.find((i) => i.uid === page[1] && i.type === "dash-db");
        res.writeHead(d ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
        return res.end(`<!doctype html><title>${d?.title ?? "Not found"} - Grafana</title><body style="margin:0;font:16px sans-serif;background:#181b1f;color:#ccc;display:grid;place-items:center;height:100vh">Grafana kiosk: ${url.pathname}</body>`);
      }
      if (this.control && url.pathname === "/__fake/search-failure") {
        this.failWith = req.method === "PUT" ? (JSON.parse(text) as { status: number; body: unknown }) : null;
        return send(200, { failWith: this.failWith });
      }
      if (this.control && url.pathname === "/__fake/search-hold") {
        if (req.method === "PUT") {
          let release!: () => void;
          const until = new Promise<void>((r) => (release = r));
          this.held ??= { until, release };
        } else {
          this.held?.release();
          this.held = null;
        }
        return send(200, { held: this.held !== null });
      }
      if (req.headers.authorization !== `Bearer ${this.token}`) return send(401, { message: "Unauthorized" });
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        return send(400, { message: "bad request data" });
      }
      if (req.method === "GET" && url.pathname === "/api/search") return this.search(url, send);
      if (req.method === "POST" && url.pathname === "/api/folders") return this.createFolder(body, send);
      if (req.method === "POST" && url.pathname === "/api/dashboards/db") return this.saveDashboard(body, send);
      const del = /^\/api\/(dashboards\/uid|folders)\/([^/]+)$/.exec(url.pathname);
      if (req.method === "DELETE" && del) return this.remove(del[1] === "folders" ? "dash-folder" : "dash-db", del[2], send);
      send(404, { message: "Not found" });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  private async search(url: URL, send: (status: number, body: unknown) => void) {
    if (this.held) await this.held.until;
    if (this.failWith) return send(this.failWith.status, this.failWith.body);
    const tags = url.searchParams.getAll("tag");
    const type = url.searchParams.get("type");
    const query = (url.searchParams.get("query") ?? "").toLowerCase();
    send(
      200,
      this.items.filter((i) => (this.ignoreTagFilter || tags.every((t) => i.tags.includes(t))) && (!type || i.type === type) && i.title.toLowerCase().includes(query)),
    );
  }

  /** `{uid?, title}` → the folder (`{id, uid, title, url, version}`); 409 when the uid is taken. */
  private createFolder(body: Record<string, unknown>, send: (status: number, body: unknown) => void) {
    const title = String(body.title ?? "");
    if (!title) return send(400, { message: "folder title cannot be empty" });
    const uid = String(body.uid ?? `f${this.nextId}`);
    if (this.items.some((i) => i.uid === uid)) return send(409, { message: "a folder with the same uid already exists" });
    const id = this.nextId++;
    const slug = slugOf(title);
    this.items.push({ id, uid, title, uri: `db/${slug}`, url: `/dashboards/f/${uid}/${slug}`, slug, type: "dash-folder", tags: [], isStarred: false, sortMeta: 0 });
    send(200, { id, uid, title, url: `/dashboards/f/${uid}/${slug}`, hasAcl: false, canSave: true, canEdit: true, canAdmin: true, version: 1 });
  }

  /** `{dashboard: {uid?, title, tags}, folderUid?, overwrite?}` → `{id, uid, url, status, version, slug}`. */
  private saveDashboard(body: Record<string, unknown>, send: (status: number, body: unknown) => void) {
    const d = (body.dashboard ?? {}) as { uid?: string; title?: string; tags?: string[] };
    if (!d.title) return send(400, { message: "Dashboard title cannot be empty", status: "empty-name" });
    const folder = body.folderUid ? this.items.find((i) => i.type === "dash-folder" && i.uid === body.folderUid) : undefined;
    if (body.folderUid && !folder) return send(400, { message: "folder not found", status: "folder-not-found" });
    const uid = d.uid ?? `d${this.nextId}`;
    const at = this.items.findIndex((i) => i.uid === uid);
    if (at >= 0 && !body.overwrite) return send(412, { message: "A dashboard with the same uid already exists", status: "name-exists" });
    const id = at >= 0 ? this.items[at].id : this.nextId++;
    const slug = slugOf(d.title);
    const hit: GrafanaHit = {
      id, uid, title: d.title, uri: `db/${slug}`, url: `/d/${uid}/${slug}`, slug, type: "dash-db", tags: d.tags ?? [], isStarred: false, sortMeta: 0,
      ...(folder && { folderId: folder.id, folderUid: folder.uid, folderTitle: folder.title, folderUrl: folder.url }),
    };
    if (at >= 0) this.items[at] = hit;
    else this.items.push(hit);
    send(200, { id, uid, url: hit.url, status: "success", version: 1, slug });
  }

  private remove(type: GrafanaHit["type"], uid: string, send: (status: number, body: unknown) => void) {
    const at = this.items.findIndex((i) => i.type === type && i.uid === uid);
    if (at < 0) return send(404, { message: type === "dash-db" ? "Dashboard not found" : "folder not found" });
    const [gone] = this.items.splice(at, 1);
    if (type === "dash-folder") this.items = this.items.filter((i) => i.folderUid !== uid);
    send(200, { title: gone.title, message: `${type === "dash-db" ? "Dashboard" : "Folder"} ${gone.title} deleted`, id: gone.id });
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
