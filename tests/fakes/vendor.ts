// A vendor's API over real HTTP on 127.0.0.1: the bundled sandbox's logic (lib/integrations/sandbox)
// behind node:http, with the requests it saw and switches a test may flip.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { overrideVendorConfig, sandboxConfig, type Vendor, type VendorConfig } from "@/lib/integrations/config";
import { createSandbox, type SandboxOptions } from "@/lib/integrations/sandbox";
import { SlidingWindow } from "@/lib/integrations/sandbox/common";

export type SeenRequest = { method: string; path: string; query: URLSearchParams; form: URLSearchParams; headers: http.IncomingHttpHeaders };

export class VendorFake {
  readonly seen: SeenRequest[] = [];
  /** the app under test is served at APP_URL: its callbacks are the only redirect_uri accepted */
  /**
   * The sandbox's switches. Linky: `linky.maxPerSecond` (Enedis' 5 by default, 0 off), `revoked`
   * usage points (403), `publishHour`, `commissioned`, `holes`; the calls are counted in this
   * fake's own window, so that two fakes never share a quota.
   */
  readonly options: SandboxOptions = { secret: crypto.randomBytes(32), appUrl: process.env.APP_URL ?? "http://foyer.test", linky: { window: new SlidingWindow() } };
  /**
   * when set, every data call answers this status and body instead: an object as JSON, a string
   * as it is (an HTML page by default, as Enedis' gateway sends during outages)
   */
  failWith: { status: number; body: unknown; headers?: Record<string, string> } | null = null;
  /** when set, each request waits for this before it is answered (a test holds a vendor call in flight) */
  hold: ((req: SeenRequest) => Promise<void>) | null = null;
  private server?: http.Server;
  origin = "";

  constructor(readonly vendor: Vendor) {}

  async start() {
    const handle = createSandbox(this.vendor, this.options);
    this.server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", this.origin);
      const seen: SeenRequest = { method: req.method ?? "GET", path: url.pathname, query: url.searchParams, form: new URLSearchParams(body), headers: req.headers };
      this.seen.push(seen);
      await this.hold?.(seen);
      const isOAuth = /oauth2|authorize|token$/.test(url.pathname);
      let answer: Response;
      if (this.failWith && !isOAuth) {
        const { status, body: failBody, headers } = this.failWith;
        answer =
          typeof failBody === "string"
            ? new Response(failBody, { status, headers: { "content-type": "text/html; charset=utf-8", ...headers } })
            : Response.json(failBody, { status, headers });
      }
      else {
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
        answer = await handle(new Request(url, { method: req.method, headers, body: req.method === "GET" || req.method === "HEAD" ? undefined : body }));
      }
      res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The app's client configuration pointing at this fake. */
  config(): VendorConfig {
    return sandboxConfig(this.vendor, this.origin);
  }

  requests(pathEnd: string) {
    return this.seen.filter((r) => r.path.endsWith(pathEnd));
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** The three vendors' fakes for one test file, started and wired as the app's vendor configuration. */
export function vendorFakesForFile() {
  const fakes = { linky: new VendorFake("linky"), netatmo: new VendorFake("netatmo"), legrand: new VendorFake("legrand") };
  beforeAll(async () => {
    for (const [v, f] of Object.entries(fakes)) {
      await f.start();
      overrideVendorConfig(v as Vendor, f.config());
    }
  });
  afterAll(async () => {
    for (const [v, f] of Object.entries(fakes)) {
      overrideVendorConfig(v as Vendor, undefined);
      await f.stop();
    }
  });
  return fakes;
}
