import { isIP, type BlockList } from "node:net";
import { env } from "@/lib/env";
import { normalize, parseTrustedProxies } from "./trusted-proxies";

/** Header set by server/main.mts from the TCP peer address (any incoming value is overwritten). */
const CLIENT_IP_HEADER = "x-foyer-client-ip";

let cached: { spec: string; list: BlockList | null } | undefined;
function trusted(): BlockList | null {
  const spec = env().TRUST_PROXY;
  if (cached?.spec !== spec) cached = { spec, list: parseTrustedProxies(spec) };
  return cached.list;
}

function isTrusted(list: BlockList, ip: string): boolean {
  const family = isIP(ip);
  return family !== 0 && list.check(ip, family === 4 ? "ipv4" : "ipv6");
}

type HeaderSource = Request | Headers | Record<string, string | string[] | undefined>;

function header(src: HeaderSource, name: string): string | null {
  if (src instanceof Request) return src.headers.get(name);
  if (src instanceof Headers) return src.get(name);
  const v = src[name] ?? src[name.toLowerCase()];
  return Array.isArray(v) ? v.join(", ") : v ?? null;
}

/**
 * The client's address for rate limits: the TCP peer, unless the peer is one of the proxies named
 * by TRUST_PROXY; then X-Forwarded-For is read from the right, skipping trusted proxies, and the
 * first address that is not one of them is the client. A client cannot choose its own key by
 * sending the header itself: only what trusted proxies appended is believed.
 */
export function clientIp(src: HeaderSource): string {
  const peer = normalize(header(src, CLIENT_IP_HEADER) ?? "unknown");
  const list = trusted();
  if (!list || !isTrusted(list, peer)) return peer;
  const hops = (header(src, "x-forwarded-for") ?? "")
    .split(",")
    .map(normalize)
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isIP(hops[i])) return peer; // a garbled header: fall back to the proxy itself
    if (!isTrusted(list, hops[i])) return hops[i];
  }
  return hops[0] ?? peer;
}
