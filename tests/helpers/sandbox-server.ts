// The app's own vendor sandbox (app/api/sandbox, a product feature for demos) served over HTTP on
// 127.0.0.1, and the app configured to use it: no vendor account configured, INTEGRATIONS_SANDBOX_URL
// pointing here. For the tests of the sandbox itself; the vendors' behaviour is tested against
// their fakes (tests/fakes/vendor.ts).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import * as sandboxRoute from "@/app/api/sandbox/[vendor]/[...path]/route";
import { setEnv } from "./env";

/** No vendor credentials: every vendor is the bundled sandbox. */
export const NO_VENDOR_ACCOUNTS = {
  LINKY_CLIENT_ID: undefined,
  LINKY_CLIENT_SECRET: undefined,
  NETATMO_CLIENT_ID: undefined,
  NETATMO_CLIENT_SECRET: undefined,
  LEGRAND_CLIENT_ID: undefined,
  LEGRAND_CLIENT_SECRET: undefined,
  LEGRAND_SUBSCRIPTION_KEY: undefined,
};

export type SandboxServer = { origin: string; seen: { method: string; path: string; form: URLSearchParams }[] };

/** For the enclosing describe: the sandbox served over HTTP, and the app pointed at it. */
export function sandboxServerFor(): SandboxServer {
  const s: SandboxServer = { origin: "", seen: [] };
  let server: http.Server | undefined;
  let restore: (() => void) | undefined;
  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? "/", s.origin);
      s.seen.push({ method: req.method ?? "GET", path: url.pathname, form: new URLSearchParams(body.toString("utf8")) });
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(url, { method: req.method, headers, body: req.method === "GET" || req.method === "HEAD" ? undefined : body });
      const vendor = url.pathname.split("/")[3] ?? "";
      const answer = await (req.method === "POST" ? sandboxRoute.POST : sandboxRoute.GET)(request, { params: Promise.resolve({ vendor }) });
      res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    s.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    restore = setEnv({ ...NO_VENDOR_ACCOUNTS, INTEGRATIONS_SANDBOX_URL: s.origin });
  });
  afterAll(async () => {
    restore?.();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  return s;
}
