// Properties of the client address used for rate limits (lib/auth/client-ip.ts with
// lib/auth/trusted-proxies.ts): X-Forwarded-For is believed only from a peer TRUST_PROXY names,
// read from the right, skipping trusted proxies; so the answer is always the peer or one of the
// addresses present, and whatever a client writes to the left of what trusted proxies appended is
// never chosen. For any addresses, in any of the forms a proxy writes them.
import { isIP } from "node:net";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { normalize, parseTrustedProxies } from "@/lib/auth/trusted-proxies";

type ClientIp = (typeof import("@/lib/auth/client-ip"))["clientIp"];

const byte = fc.integer({ min: 0, max: 255 });
const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
const v4 = (first: fc.Arbitrary<number>) => fc.tuple(first, byte, byte, byte).map((o) => o.join("."));
const v6 = (prefix: string, groups: number) => fc.array(group, { minLength: groups, maxLength: groups }).map((g) => `${prefix}${g.join(":")}`);

/** Public addresses: in none of the private ranges, nor in the documentation ranges used as proxies below. */
const PUBLIC_FIRST_OCTETS = [1, 2, 5, 8, 23, 31, 45, 62, 81, 91, 100, 128, 151, 176, 185, 203, 212, 223];
const publicAddr = fc.oneof(v4(fc.constantFrom(...PUBLIC_FIRST_OCTETS)), v6("2a01:", 7));

/**
 * An address as a peer or a proxy may write it: as it is, an IPv4 address mapped into IPv6
 * (::ffff:1.2.3.4) or with a port (1.2.3.4:8080), an IPv6 address in brackets; spaces around.
 */
const written = (addr: string) =>
  fc
    .tuple(fc.constantFrom("plain", "mapped", "port", "bracketed"), fc.integer({ min: 1, max: 65535 }), fc.constantFrom("", " ", "  "))
    .map(([form, port, pad]) => {
      const isV4 = !addr.includes(":");
      const text = isV4 ? (form === "mapped" ? `::ffff:${addr}` : form === "port" ? `${addr}:${port}` : addr) : form === "bracketed" ? `[${addr}]` : addr;
      return `${pad}${text}${pad}`;
    });
const writtenFrom = (addrs: fc.Arbitrary<string>) => addrs.chain((a) => written(a).map((w) => ({ addr: a, w })));
/** What is not an address: a random string may happen to be one ("::", "1::"), so those are left out. */
const junk = fc.oneof(
  fc.constantFrom("unknown", "", "_hidden", "1.2.3", "999.1.1.1", "::g", "localhost", "2001:db8::1::2"),
  fc.string({ maxLength: 12 }).filter((s) => !s.includes(",") && isIP(normalize(s)) === 0),
);

/** The TRUST_PROXY settings tried, with addresses each trusts and addresses it does not. */
const SETTINGS = [
  { spec: "10.0.0.0/8", trusted: v4(fc.constant(10)), untrusted: fc.oneof(publicAddr, v4(fc.constant(192)), v6("fd00:", 7)) },
  {
    spec: "private",
    trusted: fc.oneof(v4(fc.constant(10)), v4(fc.constant(127)), fc.tuple(byte, byte).map(([a, b]) => `192.168.${a}.${b}`), fc.tuple(fc.integer({ min: 16, max: 31 }), byte, byte).map(([a, b, c]) => `172.${a}.${b}.${c}`), v6("fd12:", 7), fc.constant("::1")),
    untrusted: publicAddr,
  },
  { spec: "198.51.100.0/24, 2001:db8::/32", trusted: fc.oneof(fc.tuple(byte).map(([d]) => `198.51.100.${d}`), v6("2001:db8:", 6)), untrusted: fc.oneof(publicAddr, v4(fc.constant(10)), fc.tuple(byte).map(([d]) => `198.51.101.${d}`)) },
] as const;

async function clientIpWith(trustProxy: string | undefined): Promise<ClientIp> {
  vi.resetModules();
  process.env.DATABASE_URL ??= "postgresql://x:y@127.0.0.1:1/x";
  process.env.SECRET_KEY ??= "k".repeat(40);
  if (trustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = trustProxy;
  const { clientIp } = await import("@/lib/auth/client-ip");
  // the settings are read (and kept) at the first call
  clientIp(new Headers());
  delete process.env.TRUST_PROXY;
  return clientIp;
}

const headersOf = (peer: string | undefined, xff: string[] | undefined) => {
  const h = new Headers();
  if (peer !== undefined) h.set("x-foyer-client-ip", peer);
  if (xff !== undefined) h.set("x-forwarded-for", xff.join(","));
  return h;
};

describe("with no TRUST_PROXY, nobody's X-Forwarded-For is believed", () => {
  let clientIp: ClientIp;
  beforeAll(async () => {
    clientIp = await clientIpWith(undefined);
  });

  it("the answer is the peer, whatever the header says", () => {
    const anyAddr = fc.oneof(publicAddr, v4(fc.constant(10)), v4(fc.constant(127)), fc.constant("::1"));
    fc.assert(
      fc.property(writtenFrom(anyAddr), fc.array(fc.oneof(anyAddr, junk), { maxLength: 6 }), ({ addr, w }, xff) => {
        expect(clientIp(headersOf(w, xff))).toBe(addr);
      }),
    );
  });
});

describe.each(SETTINGS)("TRUST_PROXY=$spec", (setting) => {
  let clientIp: ClientIp;
  beforeAll(async () => {
    clientIp = await clientIpWith(setting.spec);
  });
  const hop = fc.oneof(setting.trusted, setting.untrusted);

  it("a peer that is not a named proxy is the client, whatever its header says", () => {
    fc.assert(
      fc.property(writtenFrom(setting.untrusted), fc.array(fc.oneof(hop, junk), { maxLength: 6 }), ({ addr, w }, xff) => {
        expect(clientIp(headersOf(w, xff))).toBe(addr);
      }),
    );
  });

  it("behind trusted proxies, the client is the address the first of them saw: what the client wrote to its left is never chosen", () => {
    fc.assert(
      fc.property(
        setting.trusted,
        fc.array(fc.oneof(hop, junk), { maxLength: 5 }),
        writtenFrom(setting.untrusted),
        fc.array(writtenFrom(setting.trusted), { maxLength: 3 }),
        (peer, spoofed, client, proxies) => {
          const xff = [...spoofed, client.w, ...proxies.map((p) => p.w)];
          expect(clientIp(headersOf(peer, xff))).toBe(client.addr);
        },
      ),
    );
  });

  it("when every hop is a trusted proxy, the left-most is the client; with no header, the peer", () => {
    fc.assert(
      fc.property(writtenFrom(setting.trusted), fc.array(writtenFrom(setting.trusted), { maxLength: 4 }), (peer, hops) => {
        expect(clientIp(headersOf(peer.w, hops.map((h) => h.w)))).toBe(hops.length ? hops[0].addr : peer.addr);
      }),
    );
  });

  it("a garbled hop where an address is read makes the peer the client", () => {
    // (an entry with nothing left once normalized, "" or "[", is no hop at all)
    const garbled = junk.filter((j) => normalize(j) !== "");
    fc.assert(
      fc.property(writtenFrom(setting.trusted), fc.array(fc.oneof(hop, junk), { maxLength: 4 }), garbled, fc.array(setting.trusted, { maxLength: 3 }), (peer, left, bad, proxies) => {
        expect(clientIp(headersOf(peer.w, [...left, bad, ...proxies]))).toBe(peer.addr);
      }),
    );
  });

  it("the answer is always the peer or one of the addresses in the header, never anything else", () => {
    fc.assert(
      fc.property(fc.option(writtenFrom(hop), { nil: undefined }), fc.option(fc.array(fc.oneof(writtenFrom(hop).map((h) => h.w), junk), { maxLength: 6 }), { nil: undefined }), (peer, xff) => {
        const ip = clientIp(headersOf(peer?.w, xff));
        const present = [peer ? peer.addr : "unknown", ...(xff ?? []).map(normalize)];
        expect(present).toContain(ip);
      }),
    );
  });
});

/** An IPv4 address as a 32-bit number. */
const v4Int = (a: string) => a.split(".").reduce((n, o) => n * 256 + Number(o), 0);

describe("TRUST_PROXY's entries", () => {
  it("an IPv4 CIDR a.b.c.d/n trusts exactly the addresses whose first n bits are the same", () => {
    fc.assert(
      fc.property(v4(byte), fc.integer({ min: 0, max: 32 }), v4(byte), fc.nat(), (net, bits, other, near) => {
        const list = parseTrustedProxies(`${net}/${bits}`)!;
        // an address close to the network too, so that both answers are tried
        const candidates = [other, [...Array(4)].map((_, i) => (v4Int(net) + (near % 512) - 256 >>> 0) >>> (24 - 8 * i) & 255).join(".")];
        for (const ip of candidates) {
          const same = bits === 0 || v4Int(ip) >>> (32 - bits) === v4Int(net) >>> (32 - bits);
          expect(list.check(ip, "ipv4")).toBe(same);
        }
      }),
    );
  });

  it("a single address trusts that address only, however it is written", () => {
    fc.assert(
      fc.property(writtenFrom(fc.oneof(publicAddr, v4(fc.constant(10)))), publicAddr, ({ addr, w }, other) => {
        const list = parseTrustedProxies(w.includes("[") ? addr : w.trim())!;
        const family = addr.includes(":") ? "ipv6" : "ipv4";
        expect(list.check(addr, family)).toBe(true);
        if (other !== addr) expect(list.check(other, other.includes(":") ? "ipv6" : "ipv4")).toBe(false);
      }),
    );
  });

  it("normalize gives the address itself from any form a proxy writes", () => {
    fc.assert(
      fc.property(writtenFrom(fc.oneof(publicAddr, v4(fc.constant(10)), v6("2001:db8:", 6))), ({ addr, w }) => {
        expect(normalize(w)).toBe(addr);
        expect(normalize(normalize(w))).toBe(addr);
      }),
    );
  });

  it("refuses a bad entry or prefix length, and trusts nobody for an empty setting, false or none", () => {
    fc.assert(
      fc.property(v4(byte), fc.integer({ min: 33, max: 999 }), fc.constantFrom("", " ", "false", "FALSE", "none", " None "), (net, bits, off) => {
        expect(() => parseTrustedProxies(`${net}/${bits}`)).toThrow(/TRUST_PROXY/);
        expect(() => parseTrustedProxies(`${net}/x`)).toThrow(/TRUST_PROXY/);
        expect(() => parseTrustedProxies(`${net}.1`)).toThrow(/TRUST_PROXY/);
        expect(parseTrustedProxies(off)).toBeNull();
      }),
    );
  });
});
