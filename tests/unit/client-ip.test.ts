import { afterEach, describe, expect, it, vi } from "vitest";

async function ipFor(headers: Record<string, string>, trust?: string) {
  vi.resetModules();
  process.env.DATABASE_URL = "postgresql://x:y@127.0.0.1:1/x";
  process.env.SECRET_KEY = "k".repeat(40);
  if (trust) process.env.TRUST_PROXY = trust;
  else delete process.env.TRUST_PROXY;
  const { clientIp } = await import("@/lib/auth/client-ip");
  return clientIp(new Headers(headers));
}

afterEach(() => {
  delete process.env.TRUST_PROXY;
});

describe("clientIp", () => {
  it("uses the TCP peer set by our server", async () => {
    expect(await ipFor({ "x-foyer-client-ip": "203.0.113.9" })).toBe("203.0.113.9");
  });
  it("believes X-Forwarded-For (its last hop) from a proxy on a private network", async () => {
    expect(await ipFor({ "x-foyer-client-ip": "10.0.0.2", "x-forwarded-for": "1.1.1.1, 198.51.100.7" })).toBe("198.51.100.7");
    expect(await ipFor({ "x-foyer-client-ip": "::ffff:127.0.0.1", "x-forwarded-for": "198.51.100.8" })).toBe("198.51.100.8");
  });
  it("ignores X-Forwarded-For from a public peer, or when told to", async () => {
    expect(await ipFor({ "x-foyer-client-ip": "203.0.113.9", "x-forwarded-for": "198.51.100.7" })).toBe("203.0.113.9");
    expect(await ipFor({ "x-foyer-client-ip": "10.0.0.2", "x-forwarded-for": "198.51.100.7" }, "loopback")).toBe("10.0.0.2");
    expect(await ipFor({ "x-foyer-client-ip": "127.0.0.1", "x-forwarded-for": "198.51.100.7" }, "false")).toBe("127.0.0.1");
  });
});
