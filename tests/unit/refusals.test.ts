// The server's refusals from memory (server/refusals.ts): a client whose own limit the app
// says is full is answered 429 by the server itself until the refusal ends, without the app.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createRefusals } from "@/server/refusals";
import { REFUSED_CLIENT_HEADER } from "@/lib/shared/refusals.mjs";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A server whose "app" refuses every POST with the client-wide header after `allowed` of them, counting what reached it. */
async function serve(opts: { allowed: number; holdMs: string; now?: () => number }) {
  const refused = createRefusals(opts.now ? { now: opts.now } : {});
  const reached: string[] = [];
  server = http.createServer((req, res) => {
    if (refused(req, res)) return;
    reached.push(`${req.method} ${req.url}`);
    if (req.method === "POST" && reached.length > opts.allowed) {
      res.statusCode = 429;
      res.setHeader("Retry-After", "60");
      res.setHeader(REFUSED_CLIENT_HEADER, opts.holdMs);
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ detail: "Too many attempts, please try again later", code: "rate_limited" }));
    } else res.end("ok");
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  const post = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { method: "POST", headers, body: "{}" });
  return { reached, post, get: (path: string) => fetch(base + path) };
}

describe("refusals answered by the server", () => {
  it("answers a refused client's next POSTs to the path itself, and never passes the app's header on", async () => {
    const s = await serve({ allowed: 1, holdMs: "2000" });
    expect((await s.post("/api/reset-password/")).status).toBe(200);
    const first = await s.post("/api/reset-password/");
    expect(first.status).toBe(429);
    expect(first.headers.get(REFUSED_CLIENT_HEADER)).toBeNull();
    expect(s.reached).toHaveLength(2);
    for (let i = 0; i < 5; i++) {
      const r = await s.post("/api/reset-password/?x=1");
      expect(r.status).toBe(429);
      expect(await r.json()).toEqual({ detail: "Too many attempts, please try again later", code: "rate_limited" });
      // the app's Retry-After, counted down
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
      expect(Number(r.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    }
    expect(s.reached).toHaveLength(2); // none of the five reached the app
    // another path, another method, another forwarded client: the app answers
    await s.post("/api/signup");
    await s.get("/api/reset-password/");
    await s.post("/api/reset-password/", { "x-forwarded-for": "203.0.113.9" });
    expect(s.reached).toHaveLength(5);
  });

  it("holds a refusal only as long as the app said (at most 5 s), then asks the app again", async () => {
    let t = 1_000_000;
    const s = await serve({ allowed: 0, holdMs: "60000", now: () => t });
    expect((await s.post("/api/token")).status).toBe(429);
    t += 4_000;
    const held = await s.post("/api/token");
    expect(held.status).toBe(429);
    expect(held.headers.get("retry-after")).toBe("56");
    expect(s.reached).toHaveLength(1);
    t += 1_001; // past the 5 s cap, though the app said 60 s
    expect((await s.post("/api/token")).status).toBe(429);
    expect(s.reached).toHaveLength(2);
  });

  it("ignores a hold that is not a positive number", async () => {
    const s = await serve({ allowed: 0, holdMs: "soon" });
    await s.post("/api/token");
    await s.post("/api/token");
    expect(s.reached).toHaveLength(2);
  });
});
