// TRUST_PROXY: which reverse proxies may tell us the client's address (no imports of the app: env.ts uses it).
import { BlockList, isIP } from "node:net";

/** Named groups TRUST_PROXY accepts beside addresses and CIDRs. */
const GROUPS: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  private: ["127.0.0.0/8", "::1/128", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "fc00::/7", "fe80::/10"],
};

/** "::ffff:10.0.0.1" → "10.0.0.1"; "[::1]" → "::1"; a port after an IPv4 address is dropped. */
export function normalize(ip: string): string {
  let a = ip.trim();
  if (a.startsWith("[")) a = a.slice(1, a.indexOf("]") > 0 ? a.indexOf("]") : undefined);
  if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(a)) a = a.slice(7);
  return a;
}

/**
 * Parses TRUST_PROXY: empty or "false" trusts nobody (the default); otherwise a comma-separated
 * list of proxy addresses, CIDRs and the groups "loopback" and "private". Throws on a bad entry.
 */
export function parseTrustedProxies(spec: string): BlockList | null {
  const entries = spec
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!entries.length || (entries.length === 1 && ["false", "none"].includes(entries[0].toLowerCase()))) return null;
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => GROUPS[e.toLowerCase()] ?? [e])) {
    const [addr, bits] = entry.split("/");
    const a = normalize(addr);
    const family = isIP(a);
    if (!family) throw new Error(`TRUST_PROXY: "${entry}" is not an address, a CIDR, "loopback" or "private"`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(a, type);
    else {
      const prefix = Number(bits);
      if (!/^\d+$/.test(bits) || prefix > (family === 4 ? 32 : 128)) throw new Error(`TRUST_PROXY: "${entry}" has a bad prefix length`);
      list.addSubnet(a, prefix, type);
    }
  }
  return list;
}
