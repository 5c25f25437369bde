// ODRÉ's Opendatasoft Explore API v2.1 over real HTTP on 127.0.0.1, the `records` endpoint of the
// éCO2mix datasets as far as Foyer uses it. Its records are whatever a test puts in `records`: no
// RTE data lives here.
//
// The documented shape (Opendatasoft's Explore API v2.1 reference, GET
// /api/explore/v2.1/catalog/datasets/{dataset_id}/records; the same answer recorded from ODRÉ in
// pluginsGLPI/carbon's tests/fixtures/RTE/api-sample.json):
//
//   GET /api/explore/v2.1/catalog/datasets/eco2mix-national-tr/records
//       ?select=date_heure,taux_co2&where=date_heure >= date'2024-07-03T00:00:00Z' AND ...
//       &order_by=date_heure&limit=100&offset=0&timezone=UTC
//   200 {"total_count": 97, "results": [{"date_heure": "2024-07-03T00:00:00+00:00", "taux_co2": 13}, ...]}
//
// Limits as documented: `limit` at most 100 and `offset + limit` at most 10,000 (else 400 with
// `{error_code, message}`); an unknown dataset is a 404. `taux_co2` may be null (éCO2mix has no
// estimate yet) and older data holds half hours only.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type OdreRecord = { date_heure: string; taux_co2: number | null };
export type OdreSeen = { path: string; query: URLSearchParams };

const WHERE = /^date_heure >= date'([^']+)' AND date_heure < date'([^']+)'$/;

export class OdreFake {
  /** per dataset, in any order: answers are sorted by `date_heure` */
  readonly records: Record<string, OdreRecord[]> = { "eco2mix-national-tr": [], "eco2mix-national-cons-def": [] };
  readonly seen: OdreSeen[] = [];
  /** when set, every call answers this instead (a string as an HTML page) */
  failWith: { status: number; body: unknown } | null = null;
  origin = "";
  private server?: http.Server;

  async start() {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      this.seen.push({ path: url.pathname, query: url.searchParams });
      const send = (status: number, body: unknown) => {
        const text = typeof body === "string" ? body : JSON.stringify(body);
        res.writeHead(status, { "content-type": typeof body === "string" ? "text/html; charset=utf-8" : "application/json; charset=utf-8" });
        res.end(text);
      };
      if (this.failWith) return send(this.failWith.status, this.failWith.body);
      const m = /^\/api\/explore\/v2\.1\/catalog\/datasets\/([^/]+)\/records$/.exec(url.pathname);
      if (!m || req.method !== "GET") return send(404, { error_code: "NotFound", message: "Unknown endpoint" });
      const records = this.records[decodeURIComponent(m[1])];
      if (!records) return send(404, { error_code: "DatasetNotFound", message: `Unknown dataset: ${m[1]}` });
      const q = url.searchParams;
      const limit = Number(q.get("limit") ?? 10);
      const offset = Number(q.get("offset") ?? 0);
      if (!Number.isInteger(limit) || limit < -1 || limit > 100)
        return send(400, { error_code: "InvalidRESTParameterError", message: `Invalid value for limit API parameter: ${q.get("limit")} was found but -1 <= limit <= 100 is expected.` });
      if (!Number.isInteger(offset) || offset < 0 || offset + limit > 10_000)
        return send(400, { error_code: "InvalidRESTParameterError", message: "Invalid value for offset API parameter: offset + limit must be at most 10000." });
      let rows = [...records].sort((a, b) => Date.parse(a.date_heure) - Date.parse(b.date_heure));
      const where = q.get("where");
      if (where) {
        const w = WHERE.exec(where.trim());
        if (!w) return send(400, { error_code: "ODSQLError", message: `The fake understands only date_heure >= date'…' AND date_heure < date'…': ${where}` });
        const [from, to] = [Date.parse(w[1]), Date.parse(w[2])];
        rows = rows.filter((r) => Date.parse(r.date_heure) >= from && Date.parse(r.date_heure) < to);
      }
      const fields = (q.get("select") ?? "date_heure,taux_co2").split(",").map((f) => f.trim());
      const page = rows.slice(offset, limit === -1 ? undefined : offset + limit).map((r) => {
        const utc = new Date(Date.parse(r.date_heure)).toISOString().replace(/\.\d{3}Z$/, "+00:00");
        const full: Record<string, unknown> = { date_heure: utc, taux_co2: r.taux_co2 };
        return Object.fromEntries(fields.map((f) => [f, full[f]]));
      });
      send(200, { total_count: rows.length, results: page });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
