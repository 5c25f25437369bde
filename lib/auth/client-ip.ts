import { env } from "@/lib/env";

/** Header set by scripts/start.mjs from the TCP peer address (any incoming value is overwritten). */
export const CLIENT_IP_HEADER = "x-foyer-client-ip";

const isLoopback = (ip: string) => ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");

type HeaderSource = Request | Headers | Record<string, string | string[] | undefined>;

function header(src: HeaderSource, name: string): string | null {
  if (src instanceof Request) return src.headers.get(name);
  if (src instanceof Headers) return src.get(name);
  const v = src[name] ?? src[name.toLowerCase()];
  return Array.isArray(v) ? v[0] ?? null : v ?? null;
}

/**
 * The client's address for rate limits. X-Forwarded-For is believed only from a trusted proxy
 * (TRUST_PROXY: "loopback" = a proxy on this machine, "true" = always, "false" = never); its last
 * entry is the one the nearest proxy added.
 */
export function clientIp(src: HeaderSource): string {
  const peer = header(src, CLIENT_IP_HEADER) ?? "unknown";
  const trust = env().TRUST_PROXY;
  const xff = header(src, "x-forwarded-for");
  if (xff && (trust === "true" || (trust === "loopback" && (isLoopback(peer) || peer === "unknown")))) {
    const hops = xff.split(",").map((s) => s.trim()).filter(Boolean);
    if (hops.length) return hops[hops.length - 1];
  }
  return peer;
}
