// What the vendor fakes share: a node:http server on 127.0.0.1 that records the requests it saw,
// may hold or drop one, and answers from its vendor's fixtures (tests/fixtures/<vendor>).
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";

/** A request as the fake received it; `receivedAt` is when it arrived (by the fake's `clock`), before any `hold`. */
export type SeenRequest = { method: string; path: string; query: URLSearchParams; form: URLSearchParams; headers: http.IncomingHttpHeaders; receivedAt: number };

/** An answer: `body` an object (sent as JSON), a string (sent as HTML) or null (empty). */
export type FakeAnswer = { status?: number; body?: unknown; headers?: Record<string, string> };

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures");

/** The text of `tests/fixtures/<vendor>/<name>`. */
const fixtureTextOf = (vendor: string, name: string) => fs.readFileSync(path.join(FIXTURES, vendor, name), "utf8");
/** A JSON fixture of `tests/fixtures/<vendor>`, parsed afresh (callers may change it). */
export const fixtureOf = <T = unknown>(vendor: string, name: string): T => JSON.parse(fixtureTextOf(vendor, name)) as T;

export abstract class HttpFake {
  readonly seen: SeenRequest[] = [];
  /**
   * when set, every data call (not the OAuth endpoints) answers this instead: an object as JSON,
   * a string as an HTML page (what gateways send during outages)
   */
  failWith: FakeAnswer | null = null;
  /** when set, each request waits for this before it is answered (a test holds a vendor call in flight) */
  hold: ((req: SeenRequest) => Promise<void>) | null = null;
  /** when it says true, the connection is closed without an answer (a vendor that cannot be reached) */
  drop: ((req: SeenRequest) => boolean) | null = null;
  origin = "";
  private server?: http.Server;
  private readonly sockets = new Set<Socket>();

  /** Whether `path` is one of the vendor's OAuth endpoints (failWith leaves those alone). */
  protected abstract isOAuth(path: string): boolean;
  /** The fake's time (a vendor fake may run on a clock of its own). */
  protected clock(): number {
    return Date.now();
  }
  /** The vendor's answer to one request. */
  protected abstract answer(req: SeenRequest): FakeAnswer | Promise<FakeAnswer>;

  async start() {
    this.server = http.createServer(async (req, res) => {
      const receivedAt = this.clock();
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const url = new URL(req.url ?? "/", this.origin);
      const seen: SeenRequest = { method: req.method ?? "GET", path: url.pathname, query: url.searchParams, form: new URLSearchParams(Buffer.concat(chunks).toString("utf8")), headers: req.headers, receivedAt };
      this.seen.push(seen);
      await this.hold?.(seen);
      if (this.drop?.(seen)) return void res.socket?.destroy();
      const a = this.failWith && !this.isOAuth(seen.path) ? this.failWith : await this.answer(seen);
      if (res.destroyed) return;
      const text = a.body === undefined || a.body === null ? "" : typeof a.body === "string" ? a.body : JSON.stringify(a.body);
      const type = typeof a.body === "string" ? "text/html; charset=utf-8" : "application/json";
      res.writeHead(a.status ?? 200, { ...(text ? { "content-type": type } : {}), ...a.headers });
      res.end(text);
    });
    this.server.on("connection", (s) => {
      this.sockets.add(s);
      s.on("close", () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Back to how it started: no request seen, nothing failing, held or dropped. */
  reset() {
    this.seen.length = 0;
    this.failWith = null;
    this.hold = null;
    this.drop = null;
  }

  /** The requests to paths ending in `pathEnd`. */
  requests(pathEnd: string) {
    return this.seen.filter((r) => r.path.endsWith(pathEnd));
  }

  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
