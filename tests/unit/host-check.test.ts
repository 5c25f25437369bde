// The operator's notice of requests for another address than APP_URL's (server/host-check.ts).
import type http from "node:http";
import { describe, expect, it } from "vitest";
import { createHostCheck, requestHost } from "@/server/host-check";

const req = (headers: Record<string, string>) => ({ headers }) as unknown as http.IncomingMessage;

describe("requests for another address than APP_URL's", () => {
  it("reads the host a request was made for, a proxy's first", () => {
    expect(requestHost(req({ host: "LOCALHOST:3000" }))).toBe("localhost:3000");
    expect(requestHost(req({ host: "app:3000", "x-forwarded-host": "foyer.example.org, inner" }))).toBe("foyer.example.org");
    expect(requestHost(req({}))).toBe("");
  });

  it("says it once per address, never for APP_URL's own, and stops after twenty", () => {
    const lines: string[] = [];
    const check = createHostCheck("http://localhost:4100", (l) => lines.push(l));
    check(req({ host: "localhost:4100" }));
    expect(lines).toEqual([]);
    check(req({ host: "127.0.0.1:4100" }));
    check(req({ host: "127.0.0.1:4100" }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("requests arrive for 127.0.0.1:4100, but APP_URL is http://localhost:4100");
    for (let i = 0; i < 50; i++) check(req({ host: `h${i}.example` }));
    expect(lines).toHaveLength(20);
  });
});
