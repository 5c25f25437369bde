// Shelly Gen2/Gen3/Gen4 devices over MQTT (shelly-api-docs.shelly.cloud, gen2: "MQTT", "Notifications",
// and the components EM, EMData, EM1, EM1Data, Switch, PM1). Topics under the device's prefix:
//
// - `events/rpc`: JSON-RPC notifications `{"src", "dst", "method", "params"}`. `NotifyStatus`
//   carries only what changed ("Some or all unchanged attributes of the status object may not be
//   visible": a partial overlay, so a field absent is not in this message, never zero);
//   `NotifyFullStatus` carries every component. `params.ts` is the Unix time in seconds (a float).
//   Other methods (`NotifyEvent`, ...) and RPC answers are ignored.
// - `status/<component>` (the MQTT component's `status_ntf`): that component's whole status object,
//   no timestamp.
// - `online`: `true` / `false` (retained; `false` is the last will).
// - `rpc` (requests to the device) and anything else: ignored.
//
// Channels (the keys a measurement's `prefix` names):
//   em:N/a, em:N/b, em:N/c, em:N/total   power from `em:N` {a,b,c}_act_power / total_act_power (W),
//                                        apparent from {a,b,c}_aprt_power / total_aprt_power (VA);
//                                        energy from `emdata:N` {a,b,c}_total_act_energy /
//                                        {a,b,c}_total_act_ret_energy, total_act / total_act_ret (Wh)
//   em1:N                                `em1:N` act_power, aprt_power; `em1data:N` total_act_energy,
//                                        total_act_ret_energy
//   switch:N, pm1:N                      apower; aenergy.total (Wh, import); ret_aenergy.total (Wh, export)
//
// Where the docs and /work/shared/TELEMETRY.md differ, the docs win:
// - EM1's status has `aprt_power` (VA) besides act_power, voltage, current, pf (the docs' EM1 status
//   and the devices' GetStatus answers); TELEMETRY.md's table leaves it out. It is read here.
// - The PM1 page says PM1 components are identified as `PM1:<id>`; the devices send `pm1:0`. Component
//   types are matched case-insensitively, the channel key is always lower case (`pm1:0`).
// Components other than these (sys, wifi, input:N, temperature:N, ...) are skipped silently, and a
// message with no energy component at all is ignored.
import { type ChannelReading, type Parsed, TelemetryInputError } from "./types";
import { IGNORED, isObject, parseJson, parseOnline, put, timestampFromSeconds } from "./values";

const COMPONENT = /^(em|emdata|em1|em1data|switch|pm1):(0|[1-9]\d{0,2})$/i;
const PHASES = ["a", "b", "c"] as const;
/** Shelly Gen1's topics, refused with a hint when they reach a device set to Gen2. */
const GEN1_TOPIC = /^(emeter|relay)\/\d+(\/|$)/;
const EXPECTED_FRAME = "expected a Shelly Gen2 JSON-RPC frame on events/rpc";

/** Reads the energy fields of one component's status (or overlay) into `channels`; other components are skipped. */
function readComponent(name: string, status: unknown, channels: Record<string, ChannelReading>): void {
  const m = COMPONENT.exec(name);
  if (!m) return;
  const type = m[1].toLowerCase();
  const id = m[2];
  const at = `${type}:${id}`;
  if (!isObject(status)) throw new TelemetryInputError("bad_frame", `${at} is not a JSON object`);
  const read = (key: string, field: keyof ChannelReading, prop: string) => put(channels, key, field, status[prop], `${at} ${prop}`);
  switch (type) {
    case "em":
      for (const p of PHASES) {
        read(`em:${id}/${p}`, "power_w", `${p}_act_power`);
        read(`em:${id}/${p}`, "apparent_va", `${p}_aprt_power`);
      }
      read(`em:${id}/total`, "power_w", "total_act_power");
      read(`em:${id}/total`, "apparent_va", "total_aprt_power");
      break;
    case "emdata":
      for (const p of PHASES) {
        read(`em:${id}/${p}`, "import_wh", `${p}_total_act_energy`);
        read(`em:${id}/${p}`, "export_wh", `${p}_total_act_ret_energy`);
      }
      read(`em:${id}/total`, "import_wh", "total_act");
      read(`em:${id}/total`, "export_wh", "total_act_ret");
      break;
    case "em1":
      read(`em1:${id}`, "power_w", "act_power");
      read(`em1:${id}`, "apparent_va", "aprt_power");
      break;
    case "em1data":
      read(`em1:${id}`, "import_wh", "total_act_energy");
      read(`em1:${id}`, "export_wh", "total_act_ret_energy");
      break;
    default: {
      // switch, pm1
      read(at, "power_w", "apower");
      for (const [prop, field] of [["aenergy", "import_wh"], ["ret_aenergy", "export_wh"]] as const) {
        const counter = status[prop];
        if (counter === undefined || counter === null) continue;
        if (!isObject(counter)) throw new TelemetryInputError("bad_frame", `${at} ${prop} is not a JSON object`);
        put(channels, at, field, counter.total, `${at} ${prop}.total`);
      }
    }
  }
}

function fromRpc(frame: unknown, now: number): Parsed {
  if (!isObject(frame)) throw new TelemetryInputError("bad_frame", EXPECTED_FRAME);
  if (frame.method === undefined) {
    // an RPC answer ({"id", "src", "dst", "result" | "error"}) has no method
    if ("result" in frame || "error" in frame) return IGNORED;
    throw new TelemetryInputError("bad_frame", EXPECTED_FRAME);
  }
  if (typeof frame.method !== "string") throw new TelemetryInputError("bad_frame", EXPECTED_FRAME);
  if (frame.method !== "NotifyStatus" && frame.method !== "NotifyFullStatus") return IGNORED;
  const params = frame.params;
  if (!isObject(params)) throw new TelemetryInputError("bad_frame", `${EXPECTED_FRAME} (its params are missing)`);
  const channels: Record<string, ChannelReading> = {};
  for (const [name, status] of Object.entries(params)) if (name !== "ts") readComponent(name, status, channels);
  if (Object.keys(channels).length === 0) return IGNORED;
  const ts = params.ts === undefined ? null : timestampFromSeconds(params.ts, now);
  return { kind: "readings", ts, channels };
}

export function parseShellyGen2(subtopic: string, payload: Uint8Array, now: number): Parsed {
  if (subtopic === "online") return parseOnline(payload, "online");
  if (subtopic === "events/rpc") return fromRpc(parseJson(payload), now);
  if (subtopic.startsWith("status/")) {
    const name = subtopic.slice("status/".length);
    if (!COMPONENT.test(name)) return IGNORED;
    const status = parseJson(payload);
    if (!isObject(status)) throw new TelemetryInputError("bad_frame", `expected the ${name} status object on ${subtopic}`);
    const channels: Record<string, ChannelReading> = {};
    readComponent(name, status, channels);
    return Object.keys(channels).length === 0 ? IGNORED : { kind: "readings", ts: null, channels };
  }
  if (GEN1_TOPIC.test(subtopic)) {
    throw new TelemetryInputError("wrong_topic", `expected Shelly Gen2 topics (events/rpc, status/<component>, online): ${subtopic} is a Shelly Gen1 topic, set the device's format to shelly_gen1`);
  }
  return IGNORED;
}
