// Shelly Gen1 devices over MQTT (shelly-api-docs.shelly.cloud, gen1: the MQTT section of each
// device). One plain value per topic, under the device's prefix (by default `shellies/<id>`),
// repeated every update period (often 30 s); no timestamp (ts is always null):
//
//   emeter/N/power            W (negative = export)            → channel emeter/N, power_w
//   emeter/N/total            Wh, persistent import counter    → emeter/N, import_wh
//   emeter/N/total_returned   Wh, persistent export counter    → emeter/N, export_wh
//   relay/N/power             W                                → relay/N, power_w
//   relay/N/energy            watt-minutes (Wh = value / 60)   → relay/N, import_wh
//   online                    true / false (retained, the last will false)
//
// Everything else is ignored: emeter/N/voltage, pf, current, reactive_power; relay/N (on/off);
// input/N, temperature, announce, info... Also ignored on purpose: emeter/N/energy and
// emeter/N/returned_energy, counters in watt-minutes since the last reboot that the Shelly EM sends
// beside the persistent Wh totals: feeding both into one counter would make it jump back and forth.
// Gen2 topics (events/rpc, status/...) are refused with a hint to change the device's format.
import { type ChannelReading, type Parsed, TelemetryInputError } from "./types";
import { IGNORED, parseOnline, parseScalar, put } from "./values";

const VALUE_TOPIC = /^(emeter|relay)\/(0|[1-9]\d{0,2})\/([a-z_]+)$/;
const FIELDS = new Map<string, keyof ChannelReading>([
  ["emeter/power", "power_w"],
  ["emeter/total", "import_wh"],
  ["emeter/total_returned", "export_wh"],
  ["relay/power", "power_w"],
  ["relay/energy", "import_wh"],
]);
const WATT_MINUTES_PER_WH = 60;

export function parseShellyGen1(subtopic: string, payload: Uint8Array): Parsed {
  if (subtopic === "online") return parseOnline(payload, "online");
  if (subtopic === "events/rpc" || subtopic === "rpc" || subtopic.startsWith("status/")) {
    throw new TelemetryInputError("wrong_topic", `expected Shelly Gen1 topics (emeter/N/power, relay/N/power, online, ...): ${subtopic} is a Shelly Gen2 topic, set the device's format to shelly_gen2`);
  }
  const m = VALUE_TOPIC.exec(subtopic);
  const field = m ? FIELDS.get(`${m[1]}/${m[3]}`) : undefined;
  if (!m || !field) return IGNORED;
  const key = `${m[1]}/${m[2]}`;
  const scale = m[1] === "relay" && m[3] === "energy" ? WATT_MINUTES_PER_WH : 1;
  const channels: Record<string, ChannelReading> = {};
  put(channels, key, field, parseScalar(payload, subtopic), subtopic, scale);
  return { kind: "readings", ts: null, channels };
}
