import { describe, expect, it, vi } from "vitest";

async function freshGate(env: Record<string, string>) {
  vi.resetModules();
  Object.assign(process.env, { DATABASE_URL: "postgresql://x:y@127.0.0.1:1/x", SECRET_KEY: "k".repeat(40), ...env });
  return import("@/lib/http/gate");
}

describe("load shedding", () => {
  it("runs at most MAX_CONCURRENT_REQUESTS at once, queues MAX_QUEUED_REQUESTS, sheds the rest with 503", async () => {
    const { withinCapacity, gateState } = await freshGate({ MAX_CONCURRENT_REQUESTS: "2", MAX_QUEUED_REQUESTS: "2", QUEUE_TIMEOUT_MS: "5000" });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let peak = 0;
    let running = 0;
    const work = () =>
      withinCapacity(async () => {
        peak = Math.max(peak, ++running);
        await gate;
        running--;
        return "done";
      });
    const all = Array.from({ length: 6 }, () => work().catch((e) => e));
    await new Promise((r) => setTimeout(r, 10));
    expect(gateState()).toEqual({ running: 2, queued: 2 });
    release();
    const results = await Promise.all(all);
    expect(results.filter((r) => r === "done")).toHaveLength(4);
    const shed = results.filter((r) => r !== "done");
    expect(shed).toHaveLength(2);
    for (const e of shed) {
      expect(e).toMatchObject({ kind: "unavailable", retryAfterSeconds: 1 });
    }
    expect(peak).toBe(2);
    expect(gateState()).toEqual({ running: 0, queued: 0 });
  });

  it("gives up on a queued request after QUEUE_TIMEOUT_MS, and frees its place", async () => {
    const { withinCapacity, gateState } = await freshGate({ MAX_CONCURRENT_REQUESTS: "1", MAX_QUEUED_REQUESTS: "5", QUEUE_TIMEOUT_MS: "50" });
    let release!: () => void;
    const first = withinCapacity(() => new Promise<void>((r) => (release = r)));
    const waiting = withinCapacity(async () => "late").catch((e) => e);
    expect((await waiting).kind).toBe("unavailable");
    expect(gateState()).toEqual({ running: 1, queued: 0 });
    release();
    await first;
    expect(await withinCapacity(async () => "next")).toBe("next");
  });

  it("releases its place when the work throws", async () => {
    const { withinCapacity, gateState } = await freshGate({ MAX_CONCURRENT_REQUESTS: "1" });
    await expect(withinCapacity(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(gateState()).toEqual({ running: 0, queued: 0 });
  });
});

describe("isDatabaseUnavailable", () => {
  it("knows the ways a database is unavailable, and nothing else", async () => {
    const { isDatabaseUnavailable } = await import("@/lib/db/unavailable");
    const yes = [
      { code: "P1001" },
      { code: "P2028", message: "Unable to start a transaction in the given time." },
      { code: "P2010", meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } } },
      { code: "P2010", meta: { driverAdapterError: { cause: { kind: "postgres", code: "57P01" } } } },
      { code: "P2010", meta: { driverAdapterError: { cause: { kind: "postgres", code: "57014" } } } },
      new Error("timeout exceeded when trying to connect"),
      new Error("Query read timeout"),
      new Error("wrapped", { cause: new Error("Connection terminated unexpectedly") }),
    ];
    const no = [
      { code: "P2002" },
      { code: "P2010", meta: { driverAdapterError: { cause: { kind: "postgres", code: "22P05" } } } },
      new Error("Cannot read properties of undefined"),
      null,
      "P1001",
    ];
    for (const e of yes) expect(isDatabaseUnavailable(e), JSON.stringify(e) ?? String(e)).toBe(true);
    for (const e of no) expect(isDatabaseUnavailable(e), JSON.stringify(e) ?? String(e)).toBe(false);
  });
});

describe("a 500", () => {
  it("logs one structured line with the error and a request id, and answers without details", async () => {
    const { errorResponse } = await import("@/lib/http/errors");
    const lines: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => lines.push(args);
    try {
      const r = errorResponse(new Error("SELECT secret FROM users\nat line 2"), { id: "abc123", method: "POST", path: "/api/v1/locations" });
      expect(r.status).toBe(500);
      expect(await r.json()).toEqual({ detail: "Internal server error", code: "internal_error" });
      expect(r.headers.get("x-request-id")).toBe("abc123");
    } finally {
      console.error = original;
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveLength(1);
    const line = String(lines[0][0]);
    expect(line).not.toContain("\n");
    expect(JSON.parse(line)).toMatchObject({ level: "error", event: "unhandled error", requestId: "abc123", method: "POST", path: "/api/v1/locations", error: "Error", message: "at line 2" });
  });

  it("answers a database outage 503 with Retry-After, logged as a warning", async () => {
    const { errorResponse } = await import("@/lib/http/errors");
    const original = console.warn;
    const warned: unknown[] = [];
    console.warn = (l: unknown) => warned.push(l);
    try {
      const r = errorResponse(Object.assign(new Error("Can't reach database server"), { code: "P1001" }));
      expect(r.status).toBe(503);
      expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await r.json()).detail).toMatch(/temporarily unavailable/);
    } finally {
      console.warn = original;
    }
    expect(warned).toHaveLength(1);
  });
});
