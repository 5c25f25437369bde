import { env } from "@/lib/env";

/** Header set by scripts/start.mjs from the TCP peer address (any incoming value is overwritten). */
export const CLIENT_IP_HEADER = "x-foyer-client-ip";

const isLoopback = (ip: string) => ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");

/** Loopback, RFC 1918, link-local and IPv6 unique-local addresses: where a reverse proxy usually sits. */
function isPrivate(ip: string): boolean {
  const v4 = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  const m = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(v4);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  const v6 = ip.toLowerCase();
  return v6 === "::1" || v6.startsWith("fc") || v6.startsWith("fd") || v6.startsWith("fe80:");
}

type HeaderSource = Request | Headers | Record<string, string | string[] | undefined>;

function header(src: HeaderSource, name: string): string | null {
  if (src instanceof Request) return src.headers.get(name);
  if (src instanceof Headers) return src.get(name);
  const v = src[name] ?? src[name.toLowerCase()];
  return Array.isArray(v) ? v[0] ?? null : v ?? null;
}

/**
 * The client's address for rate limits. X-Forwarded-For is believed only from a trusted proxy
 * (TRUST_PROXY: "private" = a proxy on this machine or a private network, "loopback" = on this
 * machine, "true" = always, "false" = never); its last entry is the one the nearest proxy added.
 */
export function clientIp(src: HeaderSource): string {
  const peer = header(src, CLIENT_IP_HEADER) ?? "unknown";
  const trust = env().TRUST_PROXY;
  const xff = header(src, "x-forwarded-for");
  const trusted =
    trust === "true" ||
    peer === "unknown" || // not behind scripts/start.mjs (tests): no peer to check
    (trust === "loopback" && isLoopback(peer)) ||
    (trust === "private" && isPrivate(peer));
  if (xff && trust !== "false" && trusted) {
    const hops = xff.split(",").map((s) => s.trim()).filter(Boolean);
    if (hops.length) return hops[hops.length - 1];
  }
  return peer;
}
