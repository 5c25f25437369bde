// Helpers the format readers share: decoding a payload, the plausibility checks of every value
// (bounds in lib/telemetry/limits.ts) and the timestamp window, each refusal worded for a household.
import {
  MAX_ABS_POWER_W,
  MAX_COUNTER_WH,
  MAX_TS_AGE_MS,
  MAX_TS_AHEAD_MS,
  MIN_PLAUSIBLE_TS_S,
} from "@/lib/telemetry/limits";
import { type ChannelReading, type Parsed, TelemetryInputError } from "./types";

export const IGNORED: Parsed = Object.freeze({ kind: "ignored" });
const NOT_JSON = "The message is not valid JSON";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The payload as text, or null when it is not UTF-8. */
function text(payload: Uint8Array): string | null {
  try {
    return utf8.decode(payload);
  } catch {
    return null;
  }
}

export function parseJson(payload: Uint8Array): unknown {
  const s = text(payload);
  if (s === null) throw new TelemetryInputError("not_json", NOT_JSON);
  try {
    return JSON.parse(s);
  } catch {
    throw new TelemetryInputError("not_json", NOT_JSON);
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** `true` / `false` (as Shelly's `online` topics and foyer_json's carry them; blanks around allowed). */
export function parseOnline(payload: Uint8Array, topic: string): Parsed {
  const s = text(payload)?.trim();
  if (s === "true") return { kind: "online", online: true };
  if (s === "false") return { kind: "online", online: false };
  throw new TelemetryInputError("bad_value", `expected true or false on ${topic}`);
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A plain decimal number as text (Shelly Gen1's one-value topics), blanks around allowed. */
export function parseScalar(payload: Uint8Array, topic: string): number {
  const s = text(payload)?.trim() ?? "";
  if (!DECIMAL.test(s)) throw new TelemetryInputError("bad_value", `expected a number on ${topic}`);
  return Number(s);
}

type Field = keyof ChannelReading;
const WHAT: Record<Field, [string, string]> = {
  power_w: ["power", "W"],
  apparent_va: ["apparent power", "VA"],
  import_wh: ["import counter", "Wh"],
  export_wh: ["export counter", "Wh"],
};

/** `v` checked for `field` of channel `key`: finite, within the bounds (|power|, |apparent power|; 0 ≤ counter); else refused. */
function checked(field: Field, v: number, key: string): number {
  const [name, unit] = WHAT[field];
  if (!Number.isFinite(v)) throw new TelemetryInputError("bad_value", `${name} is not a finite number (${key})`);
  if (field === "power_w" || field === "apparent_va") {
    if (Math.abs(v) > MAX_ABS_POWER_W) throw new TelemetryInputError("bad_value", `${name} ${v} ${unit} is not plausible (${key})`);
  } else {
    if (v < 0) throw new TelemetryInputError("bad_value", `${name} ${v} ${unit} is negative (${key})`);
    if (v > MAX_COUNTER_WH) throw new TelemetryInputError("bad_value", `${name} ${v} ${unit} is not plausible (${key})`);
  }
  return v;
}

/**
 * Sets `field` of channel `key` from a value read at `source` (named in the refusal): undefined or
 * null leaves it absent (not in this message); anything but a number is refused. `scale` divides
 * the value before the checks (Shelly Gen1's watt-minutes: 60).
 */
export function put(channels: Record<string, ChannelReading>, key: string, field: Field, value: unknown, source: string, scale = 1): void {
  if (value === undefined || value === null) return;
  if (typeof value !== "number") throw new TelemetryInputError("bad_value", `${source} is not a number`);
  (channels[key] ??= {})[field] = checked(field, value / scale, key);
}

function span(ms: number): string {
  const [n, unit] =
    ms < 60_000 ? [Math.floor(ms / 1000), "second"] : ms < 3_600_000 ? [Math.floor(ms / 60_000), "minute"] : ms < 172_800_000 ? [Math.floor(ms / 3_600_000), "hour"] : [Math.floor(ms / 86_400_000), "day"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/** A message timestamp in unix ms, refused outside [now − 7 days, now + 5 minutes]. */
export function checkTimestamp(ms: number, now: number): number {
  if (ms > now + MAX_TS_AHEAD_MS) throw new TelemetryInputError("bad_time", `the timestamp is ${span(ms - now)} in the future (at most ${span(MAX_TS_AHEAD_MS)} ahead is accepted)`);
  if (ms < now - MAX_TS_AGE_MS) throw new TelemetryInputError("bad_time", `the timestamp is ${span(now - ms)} old (at most ${span(MAX_TS_AGE_MS)} is accepted)`);
  return ms;
}

/** Unix seconds (a float) → unix ms, checked: a number, a set clock, within the window. */
export function timestampFromSeconds(s: unknown, now: number): number {
  if (typeof s !== "number" || !Number.isFinite(s)) throw new TelemetryInputError("bad_time", "the timestamp is not a number");
  if (s < MIN_PLAUSIBLE_TS_S) throw new TelemetryInputError("bad_time", `the device's clock is not set (timestamp ${s})`);
  return checkTimestamp(Math.round(s * 1000), now);
}
