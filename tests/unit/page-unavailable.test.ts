// The custom server's tracking of a page that failed for the database (lib/shared/page-unavailable.mjs):
// a 500 written after server code noted the database unavailable goes out as 503 with Retry-After;
// any other answer is left as it was. The whole path (Next's onRequestError, a frozen cluster) is
// tests/e2e/faults.spec.ts.
import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noteDatabaseUnavailable, runTracked } from "../../lib/shared/page-unavailable.mjs";
import { noteIfDatabaseUnavailable } from "@/lib/db/unavailable";

type Case = { note?: "database" | "other"; status: number; implicit?: boolean; late?: boolean };
const cases = new Map<string, Case>([
  ["/db-500", { note: "database", status: 500 }],
  ["/db-500-implicit", { note: "database", status: 500, implicit: true }],
  ["/bug-500", { note: "other", status: 500 }],
  ["/db-200", { note: "database", status: 200 }],
  ["/plain-404", { status: 404 }],
  // the 500 goes out (the visitor left, say) before the render's error is noted
  ["/db-late", { note: "database", status: 500, late: true }],
]);
/** The server's ids, shared on globalThis (lib/shared/page-unavailable.mjs). */
const ids = (globalThis as unknown as Record<symbol, { live: Set<string>; failed: Set<string> }>)[Symbol.for("foyer.database-unavailable")];

describe("a page that failed for the database", () => {
  const server = http.createServer((req, res) => {
    const c = cases.get(req.url ?? "")!;
    runTracked(req, res, () => {
      // later, as a render's error comes, with the request's headers as Next hands them on (a copy)
      const headers = { ...req.headers };
      if (c.late) {
        res.writeHead(500).end("page");
        res.once("close", () => setTimeout(() => noteIfDatabaseUnavailable(Object.assign(new Error("can't reach"), { code: "P1001" }), headers), 5));
        return;
      }
      setTimeout(() => {
        if (c.note === "database") noteIfDatabaseUnavailable(Object.assign(new Error("can't reach"), { code: "P1001" }), headers);
        if (c.note === "other") noteIfDatabaseUnavailable(new TypeError("x is undefined"), headers);
        if (c.implicit) {
          res.statusCode = c.status;
          res.end("page");
        } else res.writeHead(c.status, "Internal Server Error", { "content-type": "text/html" }).end("page");
      }, 5);
    });
  });
  let base = "";
  beforeAll(() => new Promise<void>((r) => server.listen(0, "127.0.0.1", () => ((base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`), r()))));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("goes out as 503 with Retry-After, however the 500 is written", async () => {
    for (const path of ["/db-500", "/db-500-implicit"]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(503);
      expect(res.statusText, path).toBe("Service Unavailable");
      expect(res.headers.get("retry-after"), path).toBe("2");
      expect(await res.text(), path).toBe("page");
    }
  });

  it("leaves a 500 of any other cause, and every other status, as it was", async () => {
    expect((await fetch(`${base}/bug-500`)).status).toBe(500);
    expect((await fetch(`${base}/bug-500`)).headers.get("retry-after")).toBeNull();
    expect((await fetch(`${base}/db-200`)).status).toBe(200);
    expect((await fetch(`${base}/plain-404`)).status).toBe(404);
  });

  it("keeps nothing once a request is answered, a mark that comes after it included", async () => {
    expect((await fetch(`${base}/db-late`)).status).toBe(500);
    await new Promise((r) => setTimeout(r, 50));
    expect(ids.live.size).toBe(0);
    expect(ids.failed.size).toBe(0);
  });

  it("marks nothing for a request the server did not track", () => {
    noteDatabaseUnavailable({});
    noteDatabaseUnavailable(undefined);
    noteDatabaseUnavailable({ "x-foyer-request": "999999" });
    expect(ids.failed.size).toBe(0);
  });
});
