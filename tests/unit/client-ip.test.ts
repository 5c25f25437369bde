import { afterEach, describe, expect, it, vi } from "vitest";
import { parseTrustedProxies } from "@/lib/auth/trusted-proxies";

async function ipFor(headers: Record<string, string>, trust?: string) {
  vi.resetModules();
  process.env.DATABASE_URL = "postgresql://x:y@127.0.0.1:1/x";
  process.env.SECRET_KEY = "k".repeat(40);
  if (trust !== undefined) process.env.TRUST_PROXY = trust;
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
    expect(await ipFor({ "x-foyer-client-ip": "::ffff:127.0.0.1" })).toBe("127.0.0.1");
  });

  it("believes no X-Forwarded-For by default, not even from loopback or a private network", async () => {
    expect(await ipFor({ "x-foyer-client-ip": "127.0.0.1", "x-forwarded-for": "198.51.100.7" })).toBe("127.0.0.1");
    expect(await ipFor({ "x-foyer-client-ip": "10.0.0.2", "x-forwarded-for": "198.51.100.7" })).toBe("10.0.0.2");
    expect(await ipFor({ "x-forwarded-for": "198.51.100.7" })).toBe("unknown");
    expect(await ipFor({ "x-foyer-client-ip": "127.0.0.1", "x-forwarded-for": "198.51.100.7" }, "false")).toBe("127.0.0.1");
  });

  it("takes the right-most address that is not a trusted proxy", async () => {
    const h = { "x-foyer-client-ip": "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.9" };
    expect(await ipFor(h, "10.0.0.0/24")).toBe("198.51.100.7");
    // a client-supplied left part is never chosen while a right-most untrusted hop exists
    expect(await ipFor(h, "private")).toBe("198.51.100.7");
    expect(await ipFor({ "x-foyer-client-ip": "::ffff:127.0.0.1", "x-forwarded-for": "198.51.100.8" }, "loopback")).toBe("198.51.100.8");
    expect(await ipFor({ "x-foyer-client-ip": "::1", "x-forwarded-for": "2001:db8::7" }, "::1")).toBe("2001:db8::7");
  });

  it("ignores the header from a peer that is not a named proxy", async () => {
    expect(await ipFor({ "x-foyer-client-ip": "10.0.0.3", "x-forwarded-for": "198.51.100.7" }, "10.0.0.2")).toBe("10.0.0.3");
    expect(await ipFor({ "x-foyer-client-ip": "203.0.113.9", "x-forwarded-for": "198.51.100.7" }, "private")).toBe("203.0.113.9");
  });

  it("falls back to the proxy on a garbled header, and to the left-most hop when all are proxies", async () => {
    expect(await ipFor({ "x-foyer-client-ip": "10.0.0.2", "x-forwarded-for": "not-an-ip" }, "private")).toBe("10.0.0.2");
    expect(await ipFor({ "x-foyer-client-ip": "10.0.0.2", "x-forwarded-for": "10.0.0.5, 10.0.0.6" }, "private")).toBe("10.0.0.5");
  });
});

describe("parseTrustedProxies", () => {
  it("accepts addresses, CIDRs and the named groups, and refuses anything else", () => {
    expect(parseTrustedProxies("")).toBeNull();
    expect(parseTrustedProxies("false")).toBeNull();
    expect(parseTrustedProxies("192.0.2.1, 10.0.0.0/8, loopback, fd00::/8")?.check("10.1.2.3", "ipv4")).toBe(true);
    expect(() => parseTrustedProxies("true")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustedProxies("10.0.0.0/40")).toThrow(/prefix/);
    expect(() => parseTrustedProxies("example.org")).toThrow(/TRUST_PROXY/);
  });
});
