// The device page's live telemetry in words (live-panel.tsx, connect-panel.tsx): how long ago,
// which way the power flows, and which channel of the device each measurement receives (a power
// in W or kW is components/energy/format.ts wattsText, as on Home). Pure: no React, no browser.
import type { TelemetryFormat } from "@/lib/telemetry/formats/types";

/** How long ago, in the unit the words use: under 5 s "now", then seconds, minutes, hours, days (a time ahead counts as now). */
export type Ago = { unit: "now" | "s" | "min" | "h" | "d"; count: number };

export function agoOf(then: number, now: number): Ago {
  const s = Math.floor((now - then) / 1000);
  if (s < 5) return { unit: "now", count: 0 };
  if (s < 60) return { unit: "s", count: s };
  const min = Math.floor(s / 60);
  if (min < 60) return { unit: "min", count: min };
  const h = Math.floor(min / 60);
  if (h < 24) return { unit: "h", count: h };
  return { unit: "d", count: Math.floor(h / 24) };
}

/**
 * What a measurement's power is doing, for its sentence: the whole home draws from the grid or
 * sends to it (negative); solar produces (its size, whichever way the clamp reads it); anything
 * else uses, or sends back when negative.
 */
export type Flow = "drawing" | "sending" | "producing" | "using" | "returning";

export function flowOf(m: { measure_type: string; classification: string | null }, w: number): Flow {
  if (m.measure_type === "total_home") return Math.round(w) < 0 ? "sending" : "drawing";
  if (m.measure_type === "pv" || m.classification === "production") return "producing";
  return Math.round(w) < 0 ? "returning" : "using";
}

const EM_PHASES = ["a", "b", "c", "total"] as const;

/**
 * The channels that go to the n-th measurement without a prefix (0-based, in id order): the keys
 * of lib/telemetry/channels.ts channelSlot in that slot. foyer_json channels go by name, never by
 * order; teleinfo has its one channel.
 */
export function channelsInSlot(format: TelemetryFormat, n: number): string[] {
  switch (format) {
    case "shelly_gen2":
      return [`em1:${n}`, `switch:${n}`, `pm1:${n}`, `em:${Math.floor(n / 4)}/${EM_PHASES[n % 4]}`];
    case "shelly_gen1":
      return [`emeter/${n}`, `relay/${n}`];
    case "teleinfo":
      return n === 0 ? ["tic"] : [];
    case "foyer_json":
      return [];
  }
}

/** A few channel keys of the format, for the rule's sentence. */
export const CHANNEL_EXAMPLES: Record<TelemetryFormat, string> = {
  shelly_gen2: "em1:0, em:0/a, switch:0, pm1:0",
  shelly_gen1: "emeter/0, relay/0",
  teleinfo: "tic",
  foyer_json: "grid, pv",
};

/** Where a measurement's readings come from: its prefix, its name (foyer_json), or its place among those without a prefix. */
export type ChannelSource = { kind: "prefix"; key: string } | { kind: "name"; key: string } | { kind: "order"; n: number; keys: string[] };

/**
 * Each measurement's source, as lib/telemetry/channels.ts measurementFor reads the device's
 * channels: the prefix when it has one (blanks are none); else, for foyer_json, the channel named
 * like it; else the next channel in order, the measurements without a prefix taken by id.
 */
export function channelSources(format: TelemetryFormat, measurements: readonly { id: number; name: string; prefix: string | null }[]): Map<number, ChannelSource> {
  const out = new Map<number, ChannelSource>();
  let n = 0;
  for (const m of [...measurements].sort((a, b) => a.id - b.id)) {
    const prefix = (m.prefix ?? "").trim();
    if (prefix) out.set(m.id, { kind: "prefix", key: prefix });
    else if (format === "foyer_json") out.set(m.id, { kind: "name", key: m.name.trim() });
    else {
      out.set(m.id, { kind: "order", n, keys: channelsInSlot(format, n) });
      n++;
    }
  }
  return out;
}
