// Which measurement of a device a telemetry channel feeds, and the MQTT topic-prefix rule.
// A measurement's `prefix` names its source on the device (a Shelly component and phase such as
// `em:0/a` or `switch:0`, a Gen1 path such as `emeter/0`, `tic`, a foyer_json key); without one,
// the device's channels go to its measurements in the order of their ids (docs/spec/API.md, "Live
// telemetry (MQTT)"). Channel keys are the ones lib/telemetry/formats/ produces.
import { MAX_PREFIX_LENGTH } from "@/lib/telemetry/limits";
import type { TelemetryFormat } from "@/lib/telemetry/formats/types";

const INDEX = "(0|[1-9]\\d{0,2})";
const EM_PHASE = new RegExp(`^em:${INDEX}/(a|b|c|total)$`);
const GEN2_SINGLE = new RegExp(`^(?:em1|switch|pm1):${INDEX}$`);
const GEN1 = new RegExp(`^(?:emeter|relay)/${INDEX}$`);
const PHASE_SLOT: Record<string, number> = { a: 0, b: 1, c: 2, total: 3 };

/**
 * Position of a channel in its device (0-based) when measurements have no prefix: em:N/a,b,c,total
 * → 0,1,2,3 (N>0 adds 4*N); em1:N, switch:N, pm1:N, emeter/N, relay/N → N; tic → 0; foyer_json keys
 * → null. A key the format does not produce → null.
 */
export function channelSlot(format: TelemetryFormat, key: string): number | null {
  switch (format) {
    case "shelly_gen2": {
      const em = EM_PHASE.exec(key);
      if (em) return 4 * Number(em[1]) + PHASE_SLOT[em[2]];
      const single = GEN2_SINGLE.exec(key);
      return single ? Number(single[1]) : null;
    }
    case "shelly_gen1": {
      const m = GEN1.exec(key);
      return m ? Number(m[1]) : null;
    }
    case "teleinfo":
      return key === "tic" ? 0 : null;
    case "foyer_json":
      return null;
  }
}

/** A prefix or name compared: trimmed, case-insensitive; "" (or blanks) is no prefix. */
const norm = (s: string | null) => (s ?? "").trim().toLowerCase();

/**
 * The measurement a channel feeds: the one whose prefix equals the key (trimmed, case-insensitive);
 * else, for foyer_json, the one WITHOUT a prefix whose name equals the key (trimmed,
 * case-insensitive: a measurement with a prefix is bound to that source only); else the slot-th of
 * the measurements without a prefix, in id order; else null. The first by id wins a tie.
 */
export function measurementFor(format: TelemetryFormat, key: string, measurements: readonly { id: number; name: string; prefix: string | null }[]): number | null {
  const k = norm(key);
  if (k === "") return null;
  const byId = [...measurements].sort((a, b) => a.id - b.id);
  const prefixed = byId.find((m) => norm(m.prefix) === k);
  if (prefixed) return prefixed.id;
  const free = byId.filter((m) => norm(m.prefix) === "");
  if (format === "foyer_json") return free.find((m) => norm(m.name) === k)?.id ?? null;
  const slot = channelSlot(format, key.trim());
  return slot === null ? null : (free[slot]?.id ?? null);
}

/** The MQTT topic rule: true when `topic` is under `prefix` (equal, or starts with prefix + "/"); never for an empty prefix. */
export function isUnderPrefix(topic: string, prefix: string): boolean {
  if (prefix === "") return false;
  return topic === prefix || (topic.length > prefix.length && topic.startsWith(prefix) && topic[prefix.length] === "/");
}

// control characters (C0, DEL, C1), format characters (zero-width, BOM...), lone surrogates,
// private use, line and paragraph separators
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/u;

/**
 * A valid device topic prefix: 1-128 characters, no wildcard (+ #), no leading or trailing "/",
 * no "//", no leading "$" (the brokers' $SYS and $share), no NUL, printable (no control or
 * invisible characters, no blank at either end).
 */
export function isValidPrefix(p: string): boolean {
  const length = [...p].length;
  if (length < 1 || length > MAX_PREFIX_LENGTH) return false;
  if (/[+#]/.test(p) || p.startsWith("/") || p.endsWith("/") || p.includes("//") || p.startsWith("$")) return false;
  return !NOT_PRINTABLE.test(p) && p.trim() === p;
}
