// RTE's public Tempo calendar over real HTTP on 127.0.0.1: `GET /cms/open_data/v1/tempo?season=…`
// answers `{"values": {day: "BLUE"|"WHITE"|"RED", "<day>-fallback": "false"}}` from `colours`.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { seasonOf } from "@/lib/energy/tempo";

export class TempoRteFake {
  /** day → RTE colour */
  colours = new Map<string, string>();
  /** when set, every call answers this status and body */
  failWith: { status: number; body: string } | null = null;
  readonly seen: string[] = [];
  origin = "";
  private server?: http.Server;

  async start() {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      this.seen.push(url.pathname + url.search);
      if (this.failWith) {
        res.writeHead(this.failWith.status, { "content-type": "text/html" }).end(this.failWith.body);
        return;
      }
      const season = url.searchParams.get("season") ?? "";
      if (url.pathname !== "/cms/open_data/v1/tempo" || !/^\d{4}-\d{4}$/.test(season)) {
        res.writeHead(404).end();
        return;
      }
      const values: Record<string, string> = {};
      for (const [day, colour] of this.colours) if (seasonOf(day) === season) Object.assign(values, { [day]: colour, [`${day}-fallback`]: "false" });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ values }));
    });
    await new Promise<void>((r) => this.server!.listen(0, "127.0.0.1", r));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
