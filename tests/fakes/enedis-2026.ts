// Enedis' Data Connect 2026 gateway as its documents describe it, over real HTTP on 127.0.0.1:
// the token endpoint (client_credentials) and whatever answer a test scripts for each path, read
// from tests/fixtures/enedis (published shapes, see its README), not from our sandbox.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { VendorConfig } from "@/lib/integrations/config";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/enedis");

/** A fixture's text (`curve-fall-back-2026-10-25.json`, `outage.html`, ...). */
export const fixtureText = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");
/** A JSON fixture, parsed. */
export const fixture = <T = unknown>(name: string): T => JSON.parse(fixtureText(name)) as T;

export type Answer = {
  status?: number;
  /** a fixture file name, sent as it is */
  file?: string;
  /** or a body: an object as JSON, a string as it is */
  body?: unknown;
  headers?: Record<string, string>;
  /** wait this long before answering (a gateway that hangs) */
  delayMs?: number;
};

export type Seen = { method: string; path: string; query: URLSearchParams; form: URLSearchParams; authorization?: string };

export class EnedisFake {
  readonly seen: Seen[] = [];
  /** scripted answers by path (relative to the gateway, no leading slash); a list is served in turn, its last one kept */
  private readonly answers = new Map<string, Answer[]>();
  /** the token endpoint's answer (default: a new application token each time, 12,599 s) */
  tokenAnswer: Answer | null = null;
  tokensIssued = 0;
  private server?: http.Server;
  private readonly sockets = new Set<import("node:net").Socket>();
  origin = "";

  /** Scripts the answer(s) to `GET /{path}`. */
  on(pathname: string, ...answers: Answer[]) {
    this.answers.set(pathname.replace(/^\//, ""), answers);
    return this;
  }

  async start() {
    this.server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const url = new URL(req.url ?? "/", this.origin);
      const pathname = url.pathname.replace(/^\//, "");
      this.seen.push({ method: req.method ?? "GET", path: pathname, query: url.searchParams, form: new URLSearchParams(Buffer.concat(chunks).toString("utf8")), authorization: req.headers.authorization });
      let answer: Answer;
      if (pathname === "oauth2/v3/token" && req.method === "POST") {
        this.tokensIssued += 1;
        answer = this.tokenAnswer ?? { body: { ...fixture<object>("token.json"), access_token: `app-token-${this.tokensIssued}` } };
      } else {
        const list = this.answers.get(pathname);
        answer = list ? (list.length > 1 ? list.shift()! : list[0]) : { status: 500, file: "error-500.json" };
      }
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      if (res.destroyed) return;
      const text = answer.file ? fixtureText(answer.file) : typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? {});
      const type = answer.file?.endsWith(".html") || typeof answer.body === "string" ? "text/html; charset=utf-8" : "application/json";
      res.writeHead(answer.status ?? 200, { "content-type": type, ...answer.headers });
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

  /** The client configuration of an application registered at this gateway. */
  config(): VendorConfig {
    return {
      sandbox: false,
      clientId: "app-client",
      clientSecret: "app-secret",
      authorizeUrl: `${this.origin}/dataconnect/v1/oauth2/authorize`,
      tokenUrl: `${this.origin}/oauth2/v3/token`,
      apiUrl: this.origin,
      consentDuration: "P1Y",
      fetch,
    };
  }

  /** Data calls (not the token endpoint) to paths ending in `end`. */
  calls(end = "") {
    return this.seen.filter((s) => s.path !== "oauth2/v3/token" && s.path.endsWith(end));
  }

  reset() {
    this.seen.length = 0;
    this.answers.clear();
    this.tokenAnswer = null;
  }

  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
