// The entry of the live telemetry formats: one MQTT message of a device → what it says (Parsed),
// or a TelemetryInputError whose kind and reason the device's page shows. Pure: no I/O, no clock
// but `now`.
// The formats: shelly-gen2.ts, shelly-gen1.ts, teleinfo.ts, foyer-json.ts (each documents its
// topics and channels); the bounds: lib/telemetry/limits.ts; channel → measurement:
// lib/telemetry/channels.ts. Payload sizes are enforced before this (broker and ingest).
import { parseFoyerJson } from "./foyer-json";
import { parseShellyGen1 } from "./shelly-gen1";
import { parseShellyGen2 } from "./shelly-gen2";
import { parseTeleinfo } from "./teleinfo";
import type { Parsed, TelemetryFormat } from "./types";

export { type ChannelReading, type Parsed, TELEMETRY_FORMATS, type TelemetryFormat, TelemetryInputError } from "./types";

/**
 * subtopic: the topic after the device's own prefix and its "/" ("" when the topic is the prefix
 * itself, as teleinfo2mqtt publishes on `teleinfo/<ADCO>`); now: unix ms, for the timestamp window.
 */
export function parseMessage(format: TelemetryFormat, subtopic: string, payload: Uint8Array, now: number): Parsed {
  switch (format) {
    case "shelly_gen2":
      return parseShellyGen2(subtopic, payload, now);
    case "shelly_gen1":
      return parseShellyGen1(subtopic, payload);
    case "teleinfo":
      return parseTeleinfo(subtopic, payload, now);
    case "foyer_json":
      return parseFoyerJson(subtopic, payload, now);
    default:
      throw new Error(`unknown telemetry format ${String(format satisfies never)}`);
  }
}
