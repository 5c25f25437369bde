// foyer_json: Foyer's own format for generic meters (DIY clamps, the specification's "spoony",
// anything that can publish JSON over MQTT). This block is its reference.
//
// Topics, under the device's prefix (the `topic_prefix` of GET /api/v1/device_info/{id}/mqtt):
//
//   <prefix>/state    one JSON object per reading:
//                       {
//                         "ts": 1757059829.08,                  optional: Unix time in SECONDS (a float is
//                                                               fine); without it, the time received
//                         "channels": {                         required: 0 to 32 channels
//                           "<key>": {                          1-64 characters of A-Z a-z 0-9 _ : / . -
//                             "power_w": -1250.5,               optional: active power in W, negative = export
//                             "import_wh": 1234567.8,           optional: imported-energy COUNTER in Wh
//                             "export_wh": 89012.3              optional: exported-energy COUNTER in Wh
//                           }
//                         }
//                       }
//   <prefix>/online   true or false (publish true, retained, on connect; set false as the last will)
//
// Rules:
// - Send only what you measured: a field left out means "not in this message", never zero. A
//   channel without any field, or a message without any channel, stores nothing.
// - import_wh / export_wh are cumulative counters (they only go up; one that goes down is taken as
//   a reset), not the energy of the interval. Energy is computed from counter differences.
// - |power_w| ≤ 1,000,000 W; 0 ≤ counters ≤ 10^12 Wh; ts within the last 7 days and at most 5 minutes
//   ahead of the server's clock (lib/telemetry/limits.ts). Numbers must be JSON numbers ("12.5" is refused).
// - Unknown fields are refused (a misspelt "power" would otherwise be silently lost), and so is any
//   other topic under the prefix. A refused message is stored nowhere; its reason is shown on the
//   device's page.
// - Which measurement a channel feeds: the measurement whose `prefix` is the key, else the one
//   named like the key (lib/telemetry/channels.ts measurementFor).
//
// Example: topic `foyer/garage-clamp/state`, payload
//   {"ts": 1757059829, "channels": {"grid": {"power_w": 1532.4, "import_wh": 8812345, "export_wh": 120}, "pv": {"power_w": -480}}}
import { z } from "zod";
import { FOYER_KEY_PATTERN, MAX_FOYER_CHANNELS, MAX_TS_SECONDS } from "@/lib/telemetry/limits";
import { type ChannelReading, type Parsed, TelemetryInputError } from "./types";
import { IGNORED, parseJson, parseOnline, put, timestampFromSeconds } from "./values";

const FIELDS = ["power_w", "import_wh", "export_wh"] as const;
const quoted = (keys: readonly PropertyKey[]) => keys.map((k) => `"${String(k)}"`).join(", ");

const channelSchema = z.strictObject(
  { power_w: z.unknown().optional(), import_wh: z.unknown().optional(), export_wh: z.unknown().optional() },
  {
    error: (iss) =>
      iss.code === "unrecognized_keys" ? `unknown field ${quoted(iss.keys)} (expected power_w, import_wh or export_wh)` : "a channel must be a JSON object",
  },
);
const stateSchema = z.strictObject(
  {
    ts: z.unknown().optional(),
    channels: z.record(z.string(), channelSchema, {
      error: (iss) => (iss.input === undefined ? "the message has no channels" : "channels must be a JSON object"),
    }),
  },
  {
    error: (iss) =>
      iss.code === "unrecognized_keys" ? `unknown field ${quoted(iss.keys)} (expected ts and channels)` : 'expected a JSON object {"ts", "channels"} on state',
  },
);

function fromState(body: unknown, now: number): Parsed {
  const parsed = stateSchema.safeParse(body);
  if (!parsed.success) {
    // a misspelt field first: it explains the missing one
    const issue = parsed.error.issues.find((i) => i.code === "unrecognized_keys") ?? parsed.error.issues[0];
    const channel = issue.path[0] === "channels" && issue.path.length > 1 ? ` (channel "${String(issue.path[1])}")` : "";
    throw new TelemetryInputError("bad_frame", `${issue.message}${channel}`);
  }
  // read from the JSON as sent (own properties), not from zod's copy
  const msg = body as { ts?: unknown; channels: Record<string, Record<string, unknown>> };
  const entries = Object.entries(msg.channels);
  if (entries.length > MAX_FOYER_CHANNELS) throw new TelemetryInputError("bad_value", `too many channels: ${entries.length} (at most ${MAX_FOYER_CHANNELS})`);
  const channels: Record<string, ChannelReading> = {};
  for (const [key, reading] of entries) {
    if (!FOYER_KEY_PATTERN.test(key)) {
      // JSON-quoted: a control character shows as \u0000, not as itself
      throw new TelemetryInputError("bad_value", `channel key ${JSON.stringify(key.slice(0, 64))} is not valid (1-64 characters among A-Z a-z 0-9 _ : / . -)`);
    }
    if (key === "__proto__") throw new TelemetryInputError("bad_value", 'channel key "__proto__" is reserved');
    for (const field of FIELDS) put(channels, key, field, reading[field], `${field} of channel "${key}"`);
  }
  if (Object.keys(channels).length === 0) return IGNORED;
  let ts: number | null = null;
  if (msg.ts !== undefined) {
    if (typeof msg.ts === "number" && msg.ts > MAX_TS_SECONDS) throw new TelemetryInputError("bad_time", `ts ${msg.ts} looks like milliseconds: send Unix seconds`);
    ts = timestampFromSeconds(msg.ts, now);
  }
  return { kind: "readings", ts, channels };
}

export function parseFoyerJson(subtopic: string, payload: Uint8Array, now: number): Parsed {
  if (subtopic === "state") return fromState(parseJson(payload), now);
  if (subtopic === "online") return parseOnline(payload, "online");
  throw new TelemetryInputError("wrong_topic", `expected the topics state or online under the device's prefix (not ${subtopic === "" ? "the prefix itself" : subtopic})`);
}
