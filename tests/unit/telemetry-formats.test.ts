// The live telemetry formats (lib/telemetry/formats/) and the channel rules (lib/telemetry/channels.ts)
// against the vendors' published shapes: the four Shelly Gen2 frames of /work/shared/TELEMETRY.md
// verbatim, NotifyFullStatus frames built from the status objects Shelly's docs give for each
// component (EM, EMData, EM1, EM1Data, Switch, PM1), a Shelly Gen1 EM's topics, teleinfo2mqtt's
// documented frames (docs/mqtt/README.md, verbatim) and one of its recorded standard-mode frames
// (test/standard.frames.log) as its code publishes it; then every refusal with its reason (and the
// kind of each, TELEMETRY_ERROR_KINDS), the timestamp window at both edges, and channelSlot / measurementFor / isUnderPrefix / isValidPrefix.
import { describe, expect, it } from "vitest";
import { channelSlot, isUnderPrefix, isValidPrefix, measurementFor } from "@/lib/telemetry/channels";
import { type ChannelReading, type Parsed, parseMessage, TELEMETRY_FORMATS, type TelemetryFormat, TelemetryInputError } from "@/lib/telemetry/formats/parse";
import { TELEMETRY_ERROR_KINDS, type TelemetryErrorKind } from "@/lib/telemetry/formats/types";
import { MAX_ABS_POWER_W, MAX_COUNTER_WH, MAX_FOYER_CHANNELS, MAX_TS_AGE_MS, MAX_TS_AHEAD_MS } from "@/lib/telemetry/limits";

const bytes = (s: string) => new TextEncoder().encode(s);
const NOW = Date.parse("2025-09-05T08:12:00Z");
const parse = (format: TelemetryFormat, subtopic: string, payload: string | Uint8Array, now = NOW): Parsed =>
  parseMessage(format, subtopic, typeof payload === "string" ? bytes(payload) : payload, now);

/** The refusal a message gets (fails when it is not refused). */
function refused(format: TelemetryFormat, subtopic: string, payload: string | Uint8Array, now = NOW): TelemetryInputError {
  try {
    parse(format, subtopic, payload, now);
  } catch (e) {
    expect(e).toBeInstanceOf(TelemetryInputError);
    expect((e as TelemetryInputError).message).toBe((e as TelemetryInputError).reason);
    expect(TELEMETRY_ERROR_KINDS).toContain((e as TelemetryInputError).kind);
    return e as TelemetryInputError;
  }
  throw new Error(`not refused: ${format} ${subtopic} ${String(payload)}`);
}
/** The reason a message is refused with (fails when it is not refused). */
const refusal = (format: TelemetryFormat, subtopic: string, payload: string | Uint8Array, now = NOW): string => refused(format, subtopic, payload, now).reason;
/** The kind of refusal a message gets (fails when it is not refused). */
const kindOf = (format: TelemetryFormat, subtopic: string, payload: string | Uint8Array, now = NOW): TelemetryErrorKind => refused(format, subtopic, payload, now).kind;
const IGNORED = { kind: "ignored" };
/** One channel of a readings result (undefined when absent or not readings). */
const channel = (r: Parsed, key: string): ChannelReading | undefined => (r.kind === "readings" ? r.channels[key] : undefined);
const rpc = (params: Record<string, unknown>, method = "NotifyStatus") =>
  JSON.stringify({ src: "shellypro3em-1234567890ab", dst: "shellypro3em-1234567890ab/events", method, params });

// /work/shared/TELEMETRY.md, "Shelly Gen2 / Gen3 / Gen4", verbatim (topic <prefix>/events/rpc)
const T1 = `{"src":"shellypro3em-1234567890ab","dst":"shellypro3em-1234567890ab/events","method":"NotifyStatus",
 "params":{"ts":1757059829.08,"em:0":{"id":0,"a_act_power":0,"a_current":0.027,"a_voltage":229.1,
 "b_act_power":0,"b_current":0.027,"b_voltage":230.2,"c_act_power":-18,"c_aprt_power":108.7,
 "c_current":0.476,"c_pf":0.55,"c_voltage":228.3,"total_act_power":-18.017,"total_current":0.531}}}`;
const T2 = `{"src":"shellypro3em-1234567890ab","dst":"shellypro3em-1234567890ab/events","method":"NotifyStatus",
 "params":{"ts":1757060280.21,"emdata:0":{"id":0,"a_total_act_energy":0.06,"a_total_act_ret_energy":0,
 "c_total_act_energy":26289.44,"c_total_act_ret_energy":131881.85,"total_act":26289.57,"total_act_ret":131881.86}}}`;
const T3 = `{"src":"shellyemg3-dcb4d9c564f4","dst":"shellyemg3/events","method":"NotifyStatus",
 "params":{"ts":1788820998.37,"em1:0":{"id":0,"current":16.714,"act_power":-1899.8,"voltage":117.6}}}`;
const T4 = `{"src":"shelly1pmg4-1234567890ab","dst":"shelly1pmg4-1234567890ab/events","method":"NotifyStatus",
 "params":{"ts":1757591520.01,"switch:0":{"apower":0,"voltage":228.5,"current":0,"freq":50.01,
 "aenergy":{"by_minute":[0,0,0],"minute_ts":1757591520,"total":0}}}}`;

// A Pro 3EM's NotifyFullStatus: every component of Shelly.GetStatus, em:0 and emdata:0 with the
// fields of the EM and EMData status sections
const PRO3EM_FULL = rpc(
  {
    ts: 1757059860.03,
    ble: {},
    cloud: { connected: true },
    "em:0": {
      id: 0,
      a_current: 1.204, a_voltage: 231.2, a_act_power: 250.3, a_aprt_power: 278.4, a_pf: 0.9, a_freq: 50,
      b_current: 0.051, b_voltage: 230.8, b_act_power: 5.1, b_aprt_power: 11.8, b_pf: 0.43, b_freq: 50,
      c_current: 2.482, c_voltage: 229.9, c_act_power: -540.7, c_aprt_power: 570.6, c_pf: -0.95, c_freq: 50,
      n_current: null, total_current: 3.737, total_act_power: -285.3, total_aprt_power: 860.8, user_calibrated_phase: [],
    },
    "emdata:0": {
      id: 0,
      a_total_act_energy: 24169.51, a_total_act_ret_energy: 1356.52,
      b_total_act_energy: 19485.5, b_total_act_ret_energy: 0,
      c_total_act_energy: 18670, c_total_act_ret_energy: 121180.51,
      total_act: 62325.01, total_act_ret: 122537.03,
    },
    eth: { ip: "192.168.1.20" },
    modbus: {},
    mqtt: { connected: true },
    sys: { mac: "1234567890AB", restart_required: false, time: "10:11", unixtime: 1757059860, uptime: 3620, ram_size: 246944, ram_free: 112040, fs_size: 524288, fs_free: 188416, cfg_rev: 12, kvs_rev: 0, schedule_rev: 0, webhook_rev: 0, available_updates: {}, reset_reason: 3 },
    "temperature:0": { id: 0, tC: 41.2, tF: 106.1 },
    wifi: { sta_ip: null, status: "disconnected", ssid: null, rssi: 0 },
    ws: { connected: false },
  },
  "NotifyFullStatus",
);

// A Plus 1PM's NotifyFullStatus (Switch status: apower, voltage, current, aenergy {total, by_minute, minute_ts}, temperature)
const PLUS1PM_FULL = JSON.stringify({
  src: "shellyplus1pm-a8032ab12345",
  dst: "shellyplus1pm-a8032ab12345/events",
  method: "NotifyFullStatus",
  params: {
    ts: 1757059870.51,
    ble: {},
    cloud: { connected: false },
    "input:0": { id: 0, state: false },
    mqtt: { connected: true },
    "switch:0": { id: 0, source: "init", output: true, apower: 8.9, voltage: 237.5, current: 0.068, aenergy: { total: 6.532, by_minute: [45.199, 47.141, 88.397], minute_ts: 1757059860 }, temperature: { tC: 23.5, tF: 74.4 } },
    sys: { mac: "A8032AB12345", restart_required: false, time: "10:11", unixtime: 1757059870, uptime: 22, ram_size: 234152, ram_free: 162268, fs_size: 458752, fs_free: 110592, cfg_rev: 7, kvs_rev: 0, schedule_rev: 0, webhook_rev: 0, available_updates: {} },
    wifi: { sta_ip: "192.168.1.31", status: "got ip", ssid: "home", rssi: -58 },
    ws: { connected: false },
  },
});

describe("Shelly Gen2 (events/rpc, status/<component>, online)", () => {
  it("reads TELEMETRY.md's four frames: per-phase power and VA, the counters, em1 and switch", () => {
    expect(parse("shelly_gen2", "events/rpc", T1, 1757059829080 + 1000)).toEqual({
      kind: "readings",
      ts: 1757059829080,
      channels: {
        "em:0/a": { power_w: 0 },
        "em:0/b": { power_w: 0 },
        "em:0/c": { power_w: -18, apparent_va: 108.7 },
        "em:0/total": { power_w: -18.017 },
      },
    });
    expect(parse("shelly_gen2", "events/rpc", T2, 1757060280210)).toEqual({
      kind: "readings",
      ts: 1757060280210,
      channels: {
        "em:0/a": { import_wh: 0.06, export_wh: 0 },
        "em:0/c": { import_wh: 26289.44, export_wh: 131881.85 },
        "em:0/total": { import_wh: 26289.57, export_wh: 131881.86 },
      },
    });
    expect(parse("shelly_gen2", "events/rpc", T3, 1788820998370)).toEqual({ kind: "readings", ts: 1788820998370, channels: { "em1:0": { power_w: -1899.8 } } });
    expect(parse("shelly_gen2", "events/rpc", T4, 1757591520010 + 60_000)).toEqual({
      kind: "readings",
      ts: 1757591520010,
      channels: { "switch:0": { power_w: 0, import_wh: 0 } },
    });
  });

  it("a NotifyStatus is a partial overlay: what it lacks is absent, not zero", () => {
    const t2 = parse("shelly_gen2", "events/rpc", T2, 1757060280210);
    expect(t2.kind === "readings" && Object.keys(t2.channels)).toEqual(["em:0/a", "em:0/c", "em:0/total"]); // no b_ in the frame
    const energyOnly = parse("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "switch:0": { id: 0, aenergy: { by_minute: [12.1, 0, 0], minute_ts: 1757059860, total: 1523.771 } } }));
    expect(energyOnly).toEqual({ kind: "readings", ts: 1757059900000, channels: { "switch:0": { import_wh: 1523.771 } } });
    expect(Object.keys(channel(energyOnly, "switch:0")!)).toEqual(["import_wh"]);
    expect(channel(energyOnly, "switch:0")!.power_w).toBeUndefined();
    expect(parse("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "em:0": { id: 0, b_current: 0.4, b_voltage: 231 } }))).toEqual(IGNORED);
    // null (the docs' n_current when unmeasured; any field) is "not in this message"
    expect(parse("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "em1:1": { id: 1, act_power: null, aprt_power: 12 } }))).toEqual({
      kind: "readings",
      ts: 1757059900000,
      channels: { "em1:1": { apparent_va: 12 } },
    });
  });

  it("reads the energy components of a NotifyFullStatus and skips the rest (Pro 3EM, Plus 1PM)", () => {
    expect(parse("shelly_gen2", "events/rpc", PRO3EM_FULL)).toEqual({
      kind: "readings",
      ts: 1757059860030,
      channels: {
        "em:0/a": { power_w: 250.3, apparent_va: 278.4, import_wh: 24169.51, export_wh: 1356.52 },
        "em:0/b": { power_w: 5.1, apparent_va: 11.8, import_wh: 19485.5, export_wh: 0 },
        "em:0/c": { power_w: -540.7, apparent_va: 570.6, import_wh: 18670, export_wh: 121180.51 },
        "em:0/total": { power_w: -285.3, apparent_va: 860.8, import_wh: 62325.01, export_wh: 122537.03 },
      },
    });
    expect(parse("shelly_gen2", "events/rpc", PLUS1PM_FULL)).toEqual({ kind: "readings", ts: 1757059870510, channels: { "switch:0": { power_w: 8.9, import_wh: 6.532 } } });
  });

  it("reads ret_aenergy as export, em1/em1data pairs, pm1 (also spelt PM1 as its docs page does)", () => {
    const gen4 = rpc({ ts: 1757059900.5, "switch:0": { id: 0, output: true, apower: -612.4, aenergy: { total: 1200.5 }, ret_aenergy: { total: 3421.25, by_minute: [0, 0, 0], minute_ts: 1757059860 } } });
    expect(parse("shelly_gen2", "events/rpc", gen4)).toEqual({ kind: "readings", ts: 1757059900500, channels: { "switch:0": { power_w: -612.4, import_wh: 1200.5, export_wh: 3421.25 } } });
    // a Pro EM's full status: em1:0/1 with em1data:0/1, and its relay switch:0 that measures nothing
    const proEm = rpc(
      {
        ts: 1757059900,
        "em1:0": { id: 0, current: 0.02, voltage: 224.6, act_power: 0, aprt_power: 4.6, pf: 0, freq: 50, calibration: "factory" },
        "em1:1": { id: 1, current: 22.78, voltage: 224.6, act_power: 5080.3, aprt_power: 5142.4, pf: 0.99, freq: 50, calibration: "factory" },
        "em1data:0": { id: 0, total_act_energy: 0, total_act_ret_energy: 0 },
        "em1data:1": { id: 1, total_act_energy: 6644.9, total_act_ret_energy: 2595.26 },
        "switch:0": { id: 0, source: "HTTP_in", output: true, temperature: { tC: 29.4, tF: 85 } },
      },
      "NotifyFullStatus",
    );
    expect(parse("shelly_gen2", "events/rpc", proEm)).toEqual({
      kind: "readings",
      ts: 1757059900000,
      channels: {
        "em1:0": { power_w: 0, apparent_va: 4.6, import_wh: 0, export_wh: 0 },
        "em1:1": { power_w: 5080.3, apparent_va: 5142.4, import_wh: 6644.9, export_wh: 2595.26 },
      },
    });
    const pm = (name: string) => rpc({ ts: 1757059900, [name]: { id: 0, voltage: 230.9, current: 0.1, apower: 18.2, freq: 50, aenergy: { total: 42.1 }, ret_aenergy: { total: 0 } } });
    const expected = { kind: "readings", ts: 1757059900000, channels: { "pm1:0": { power_w: 18.2, import_wh: 42.1, export_wh: 0 } } };
    expect(parse("shelly_gen2", "events/rpc", pm("pm1:0"))).toEqual(expected);
    expect(parse("shelly_gen2", "events/rpc", pm("PM1:0"))).toEqual(expected);
  });

  it("never turns VA into W", () => {
    const r = parse("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "em:0": { id: 0, a_aprt_power: 450.2, total_aprt_power: 450.2 }, "em1:0": { id: 0, aprt_power: 99 } }));
    expect(r).toEqual({ kind: "readings", ts: 1757059900000, channels: { "em:0/a": { apparent_va: 450.2 }, "em:0/total": { apparent_va: 450.2 }, "em1:0": { apparent_va: 99 } } });
  });

  it("reads status/<component> (the whole status object, no ts) and ignores other components' status", () => {
    const em1 = JSON.stringify({ id: 1, current: 2.598, voltage: 234.9, act_power: 501.8, aprt_power: 612.4, pf: 0.84, freq: 50, calibration: "factory" });
    expect(parse("shelly_gen2", "status/em1:1", em1)).toEqual({ kind: "readings", ts: null, channels: { "em1:1": { power_w: 501.8, apparent_va: 612.4 } } });
    expect(parse("shelly_gen2", "status/emdata:0", JSON.stringify({ id: 0, total_act: 10, total_act_ret: 2 }))).toEqual({
      kind: "readings",
      ts: null,
      channels: { "em:0/total": { import_wh: 10, export_wh: 2 } },
    });
    // a Plus 1 (no meter): its switch status has no power
    expect(parse("shelly_gen2", "status/switch:0", JSON.stringify({ id: 0, source: "button", output: true, temperature: { tC: 40, tF: 104 } }))).toEqual(IGNORED);
    expect(parse("shelly_gen2", "status/sys", "not even JSON")).toEqual(IGNORED);
    expect(parse("shelly_gen2", "status/input:0", '{"id":0,"state":true}')).toEqual(IGNORED);
  });

  it("reads online, and ignores requests, answers, events and frames without energy", () => {
    expect(parse("shelly_gen2", "online", "true")).toEqual({ kind: "online", online: true });
    expect(parse("shelly_gen2", "online", "false")).toEqual({ kind: "online", online: false });
    expect(parse("shelly_gen2", "online", " true\n")).toEqual({ kind: "online", online: true });
    expect(parse("shelly_gen2", "rpc", '{"id":1,"src":"shellypro3em-1234567890ab/foyer","method":"EMData.GetData","params":{"id":0,"ts":1757000000}}')).toEqual(IGNORED);
    expect(parse("shelly_gen2", "foyer/rpc", '{"id":1,"src":"shellypro3em-1234567890ab","dst":"x/foyer","result":{"keys":[],"data":[]}}')).toEqual(IGNORED);
    expect(parse("shelly_gen2", "events/rpc", '{"id":7,"src":"shellypro3em-1234567890ab","dst":"x","result":{"was_on":false}}')).toEqual(IGNORED);
    expect(parse("shelly_gen2", "events/rpc", '{"id":7,"src":"s","dst":"x","error":{"code":-103,"message":"Invalid argument"}}')).toEqual(IGNORED);
    expect(parse("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, events: [{ component: "input:0", id: 0, event: "single_push", ts: 1757059900 }] }, "NotifyEvent"))).toEqual(IGNORED);
    expect(parse("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, sys: { uptime: 10 }, wifi: { rssi: -60 } }))).toEqual(IGNORED);
    expect(parse("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "em:10000": { a_act_power: 1 }, "emeterx:0": { power: 1 } }))).toEqual(IGNORED);
    expect(parse("shelly_gen2", "debug/log", "anything")).toEqual(IGNORED);
    // a frame without energy is ignored before its timestamp is looked at
    expect(parse("shelly_gen2", "events/rpc", rpc({ ts: 12.5, sys: { uptime: 12 } }))).toEqual(IGNORED);
    // no params.ts: the time received
    expect(parse("shelly_gen2", "events/rpc", rpc({ "switch:0": { apower: 3 } }))).toEqual({ kind: "readings", ts: null, channels: { "switch:0": { power_w: 3 } } });
  });

  it("refuses what is not a Gen2 message, with its reason", () => {
    expect(refusal("shelly_gen2", "events/rpc", "{not json")).toBe("The message is not valid JSON");
    expect(refusal("shelly_gen2", "events/rpc", new Uint8Array([0x7b, 0xff, 0x7d]))).toBe("The message is not valid JSON");
    expect(refusal("shelly_gen2", "events/rpc", "")).toBe("The message is not valid JSON");
    for (const p of ["[]", "5", "null", '"NotifyStatus"', '{"src":"x"}', '{"method":5,"params":{}}']) {
      expect(refusal("shelly_gen2", "events/rpc", p), p).toBe("expected a Shelly Gen2 JSON-RPC frame on events/rpc");
    }
    expect(refusal("shelly_gen2", "events/rpc", '{"method":"NotifyStatus"}')).toBe("expected a Shelly Gen2 JSON-RPC frame on events/rpc (its params are missing)");
    expect(refusal("shelly_gen2", "events/rpc", '{"method":"NotifyStatus","params":[1]}')).toBe("expected a Shelly Gen2 JSON-RPC frame on events/rpc (its params are missing)");
    expect(refusal("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "em:0": 5 }))).toBe("em:0 is not a JSON object");
    expect(refusal("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "em:0": { a_act_power: "12.5" } }))).toBe("em:0 a_act_power is not a number");
    expect(refusal("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "switch:1": { aenergy: 5 } }))).toBe("switch:1 aenergy is not a JSON object");
    expect(refusal("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "switch:1": { ret_aenergy: { total: "7" } } }))).toBe("switch:1 ret_aenergy.total is not a number");
    expect(refusal("shelly_gen2", "status/em1:0", "[1,2]")).toBe("expected the em1:0 status object on status/em1:0");
    expect(refusal("shelly_gen2", "status/em1:0", "{")).toBe("The message is not valid JSON");
    expect(refusal("shelly_gen2", "online", "1")).toBe("expected true or false on online");
    expect(refusal("shelly_gen2", "online", "TRUE")).toBe("expected true or false on online");
    expect(refusal("shelly_gen2", "emeter/0/power", "12.5")).toBe(
      "expected Shelly Gen2 topics (events/rpc, status/<component>, online): emeter/0/power is a Shelly Gen1 topic, set the device's format to shelly_gen1",
    );
    expect(refusal("shelly_gen2", "relay/0", "on")).toBe(
      "expected Shelly Gen2 topics (events/rpc, status/<component>, online): relay/0 is a Shelly Gen1 topic, set the device's format to shelly_gen1",
    );
  });

  it("refuses implausible values: power, VA, negative and huge counters, non-finite numbers", () => {
    const em = (status: Record<string, unknown>) => rpc({ ts: 1757059900, "em:0": status });
    expect(refusal("shelly_gen2", "events/rpc", em({ a_act_power: 1_000_000_000 }))).toBe("power 1000000000 W is not plausible (em:0/a)");
    expect(refusal("shelly_gen2", "events/rpc", em({ total_act_power: -1_000_001 }))).toBe("power -1000001 W is not plausible (em:0/total)");
    expect(parse("shelly_gen2", "events/rpc", em({ c_act_power: -MAX_ABS_POWER_W, c_aprt_power: MAX_ABS_POWER_W }))).toEqual({
      kind: "readings",
      ts: 1757059900000,
      channels: { "em:0/c": { power_w: -1_000_000, apparent_va: 1_000_000 } },
    });
    expect(refusal("shelly_gen2", "events/rpc", em({ b_aprt_power: 2_000_000 }))).toBe("apparent power 2000000 VA is not plausible (em:0/b)");
    expect(refusal("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "emdata:0": { a_total_act_energy: -0.5 } }))).toBe("import counter -0.5 Wh is negative (em:0/a)");
    expect(refusal("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "em1data:2": { total_act_ret_energy: 1e13 } }))).toBe("export counter 10000000000000 Wh is not plausible (em1:2)");
    expect(parse("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "em1data:2": { total_act_ret_energy: MAX_COUNTER_WH, total_act_energy: 0 } }))).toEqual({
      kind: "readings",
      ts: 1757059900000,
      channels: { "em1:2": { import_wh: 0, export_wh: 1e12 } },
    });
    // JSON has no NaN, but 1e999 reads as Infinity
    expect(refusal("shelly_gen2", "events/rpc", '{"method":"NotifyStatus","params":{"ts":1757059900,"pm1:0":{"apower":1e999}}}')).toBe("power is not a finite number (pm1:0)");
  });

  it("keeps the timestamp window [now − 7 days, now + 5 minutes], both edges included", () => {
    const at = (tsSeconds: unknown) => rpc({ ts: tsSeconds, "switch:0": { apower: 1 } });
    const now = 1757059829080;
    const ts = (r: Parsed) => (r.kind === "readings" ? r.ts : "not readings");
    expect(ts(parse("shelly_gen2", "events/rpc", at((now + MAX_TS_AHEAD_MS) / 1000), now))).toBe(now + 300_000);
    expect(refusal("shelly_gen2", "events/rpc", at((now + MAX_TS_AHEAD_MS + 1) / 1000), now)).toBe("the timestamp is 5 minutes in the future (at most 5 minutes ahead is accepted)");
    expect(refusal("shelly_gen2", "events/rpc", at(now / 1000 + 3 * 86_400), now)).toBe("the timestamp is 3 days in the future (at most 5 minutes ahead is accepted)");
    expect(refusal("shelly_gen2", "events/rpc", at(now / 1000 + 3_600), now)).toBe("the timestamp is 1 hour in the future (at most 5 minutes ahead is accepted)");
    expect(ts(parse("shelly_gen2", "events/rpc", at((now - MAX_TS_AGE_MS) / 1000), now))).toBe(now - 604_800_000);
    expect(refusal("shelly_gen2", "events/rpc", at((now - MAX_TS_AGE_MS - 1) / 1000), now)).toBe("the timestamp is 7 days old (at most 7 days is accepted)");
    expect(refusal("shelly_gen2", "events/rpc", at(now / 1000 - 30 * 86_400), now)).toBe("the timestamp is 30 days old (at most 7 days is accepted)");
    expect(refusal("shelly_gen2", "events/rpc", at(12.5), now)).toBe("the device's clock is not set (timestamp 12.5)");
    expect(refusal("shelly_gen2", "events/rpc", at("1757059829"), now)).toBe("the timestamp is not a number");
    expect(refusal("shelly_gen2", "events/rpc", at(null), now)).toBe("the timestamp is not a number");
  });
});

describe("Shelly Gen1 (one value per topic)", () => {
  it("reads an EM's emeter topics: power W, total and total_returned Wh; ignores the rest", () => {
    const topics: [string, string, Parsed][] = [
      ["emeter/0/power", "197.77", { kind: "readings", ts: null, channels: { "emeter/0": { power_w: 197.77 } } }],
      ["emeter/0/total", "1184633.1", { kind: "readings", ts: null, channels: { "emeter/0": { import_wh: 1184633.1 } } }],
      ["emeter/0/total_returned", "1158.3", { kind: "readings", ts: null, channels: { "emeter/0": { export_wh: 1158.3 } } }],
      ["emeter/1/power", "-21.34", { kind: "readings", ts: null, channels: { "emeter/1": { power_w: -21.34 } } }],
      ["emeter/0/voltage", "236.27", { kind: "ignored" }],
      ["emeter/0/pf", "0.74", { kind: "ignored" }],
      ["emeter/0/current", "1.14", { kind: "ignored" }],
      ["emeter/0/reactive_power", "-12.4", { kind: "ignored" }],
      ["emeter/0/energy", "70881", { kind: "ignored" }],
      ["emeter/0/returned_energy", "12", { kind: "ignored" }],
      ["emeter/0/constructor", "1", { kind: "ignored" }],
      ["relay/0", "on", { kind: "ignored" }],
      ["announce", '{"id":"shellyem-B9F1A5","model":"SHEM"}', { kind: "ignored" }],
      ["info", "{}", { kind: "ignored" }],
      ["online", "true", { kind: "online", online: true }],
      ["online", "false", { kind: "online", online: false }],
    ];
    for (const [topic, payload, expected] of topics) expect(parse("shelly_gen1", topic, payload), topic).toEqual(expected);
  });

  it("reads a relay's power, and its energy in watt-minutes as Wh (÷ 60)", () => {
    expect(parse("shelly_gen1", "relay/0/power", "42.5")).toEqual({ kind: "readings", ts: null, channels: { "relay/0": { power_w: 42.5 } } });
    expect(parse("shelly_gen1", "relay/1/energy", "1234")).toEqual({ kind: "readings", ts: null, channels: { "relay/1": { import_wh: 1234 / 60 } } });
    expect(parse("shelly_gen1", "relay/1/energy", "120\n")).toEqual({ kind: "readings", ts: null, channels: { "relay/1": { import_wh: 2 } } });
    // bounded in Wh, after the conversion: 6e13 Wmin = 1e12 Wh is the limit
    expect(parse("shelly_gen1", "relay/0/energy", "60000000000000")).toEqual({ kind: "readings", ts: null, channels: { "relay/0": { import_wh: 1e12 } } });
    expect(refusal("shelly_gen1", "relay/0/energy", "60000000000060")).toBe("import counter 1000000000001 Wh is not plausible (relay/0)");
  });

  it("refuses what is not a plain number, implausible values, and Gen2 topics", () => {
    for (const p of ["", "abc", "NaN", "Infinity", "12,5", "0x10", "[1]", '"12"', "1 2"]) expect(refusal("shelly_gen1", "emeter/0/power", p), p).toBe("expected a number on emeter/0/power");
    expect(refusal("shelly_gen1", "emeter/0/power", new Uint8Array([0x31, 0xff]))).toBe("expected a number on emeter/0/power");
    expect(refusal("shelly_gen1", "emeter/0/power", "1e999")).toBe("power is not a finite number (emeter/0)");
    expect(refusal("shelly_gen1", "emeter/2/power", "1000000000")).toBe("power 1000000000 W is not plausible (emeter/2)");
    expect(refusal("shelly_gen1", "emeter/0/total", "-1")).toBe("import counter -1 Wh is negative (emeter/0)");
    expect(refusal("shelly_gen1", "emeter/0/total_returned", "-0.1")).toBe("export counter -0.1 Wh is negative (emeter/0)");
    expect(refusal("shelly_gen1", "online", "yes")).toBe("expected true or false on online");
    for (const t of ["events/rpc", "rpc", "status/switch:0"]) {
      expect(refusal("shelly_gen1", t, "{}"), t).toBe(`expected Shelly Gen1 topics (emeter/N/power, relay/N/power, online, ...): ${t} is a Shelly Gen2 topic, set the device's format to shelly_gen2`);
    }
  });
});

// fmartinou/teleinfo2mqtt docs/mqtt/README.md, "Data example", verbatim (PAPP twice: the docs' own slip)
const TIC_HISTORY_DOC = `{
    "ADCO": {
        "raw": "12345678901",
        "value": 12345678901
    },
    "OPTARIF": {
        "raw": "HC..",
        "value": "HC"
    },
    "ISOUSC": {
        "raw": "45",
        "value": 45
    },
    "HCHC": {
        "raw": "9058688",
        "value": 9058688
    },
    "HCHP": {
        "raw": "9752846",
        "value": 9752846
    },
    "PTEC": {
        "raw": "HP..",
        "value": "HP"
    },
    "IINST": {
        "raw": "22",
        "value": 22
    },
    "IMAX": {
        "raw": "90",
        "value": 90
    },
    "PAPP": {
        "raw": "4110",
        "value": 4110
    },
    "PAPP": {
        "raw": "A",
        "value": "A"
    }
}`;
const TIC_STANDARD_DOC = `{
  "ADSC": {
    "raw": "12345678901",
    "value": 12345678901
  },
  "EASF06":{
    "raw":"000000000",
    "value":0
  },
  "NGTF":{
    "raw":"H PLEINE/CREUSE",
    "value":"H PLEINE/CREUSE"
  },
  "SMAXSN":{
    "raw":"02740",
    "value":2740,
    "timestamp":{
      "date":"2022-06-09T06:05:31.000Z",
      "dst":"summer"
    }
  }
}`;
// teleinfo2mqtt's test/standard.frames.log, first frame (ADSC 031764953443, DATE H250307134349: 7 March
// 2025, 13:43:49 winter time), as its code publishes it (StandardTicMode getValue/getTimestamp, TicMode
// parseFrameItem: numbers parsed, the local time written with a Z)
const TIC_STANDARD_FRAME = JSON.stringify({
  ADSC: { raw: "031764953443", value: 31764953443 },
  VTIC: { raw: "02", value: 2 },
  DATE: { raw: "", value: "", timestamp: { dst: "winter", date: "2025-03-07T13:43:49.000Z" } },
  NGTF: { raw: "H PLEINE/CREUSE ", value: "H PLEINE/CREUSE " },
  EAST: { raw: "080490250", value: 80490250 },
  EASF01: { raw: "041733418", value: 41733418 },
  EASF02: { raw: "038756832", value: 38756832 },
  EAIT: { raw: "003626872", value: 3626872 },
  IRMS1: { raw: "007", value: 7 },
  URMS1: { raw: "236", value: 236 },
  PREF: { raw: "12000", value: 12000 },
  SINSTS: { raw: "00000", value: 0 },
  SMAXSN: { raw: "09835", value: 9835, timestamp: { dst: "winter", date: "2025-03-07T06:07:08.000Z" } },
  SINSTI: { raw: "01675", value: 1675 },
  NTARF: { raw: "02", value: 2 },
});
const TIC_FRAME_TS = Date.parse("2025-03-07T12:43:49Z");

describe("teleinfo (teleinfo2mqtt frames on the prefix itself)", () => {
  it("reads the docs' historic frame: HCHC + HCHP, and no VA from its second PAPP (\"A\")", () => {
    expect(parse("teleinfo", "", TIC_HISTORY_DOC)).toEqual({ kind: "readings", ts: null, channels: { tic: { import_wh: 9058688 + 9752846 } } });
    const fixed = JSON.parse(TIC_HISTORY_DOC.replace(/"PAPP": \{\s*"raw": "A",\s*"value": "A"\s*\}/, '"HHPHC": {"raw": "A", "value": "A"}'));
    expect(fixed.PAPP).toEqual({ raw: "4110", value: 4110 });
    // PAPP is VA: apparent_va, and never power_w
    const r = parse("teleinfo", "", JSON.stringify(fixed));
    expect(r).toEqual({ kind: "readings", ts: null, channels: { tic: { import_wh: 18811534, apparent_va: 4110 } } });
    expect("power_w" in channel(r, "tic")!).toBe(false);
  });

  it("reads a recorded standard frame: EAST, EAIT, SINSTS in VA (not SINSTI), the time of its DATE", () => {
    expect(parse("teleinfo", "", TIC_STANDARD_FRAME, TIC_FRAME_TS + 2000)).toEqual({
      kind: "readings",
      ts: TIC_FRAME_TS,
      channels: { tic: { import_wh: 80490250, export_wh: 3626872, apparent_va: 0 } },
    });
    // the PRM label (standard mode) names the meter read: as teleinfo2mqtt writes it, raw with its
    // leading zero, or a bare number; anything but 14 digits says nothing, and the readings still count
    const withPrm = (prm: unknown) => parse("teleinfo", "", JSON.stringify({ ...JSON.parse(TIC_STANDARD_FRAME), PRM: prm }), TIC_FRAME_TS);
    expect(withPrm({ raw: "09123456789012", value: 9123456789012 })).toMatchObject({ meter: "09123456789012", channels: { tic: { import_wh: 80490250 } } });
    expect(withPrm(30001234567890)).toMatchObject({ meter: "30001234567890" });
    expect(withPrm({ value: 9123456789012 })).toMatchObject({ meter: "09123456789012" });
    for (const bad of ["123", { raw: "3000123456789X" }, { raw: "300012345678901" }, null, true]) {
      const r = withPrm(bad);
      expect(r.kind === "readings" && "meter" in r).toBe(false);
      expect(r.kind === "readings" && r.channels.tic?.import_wh).toBe(80490250);
    }
    const summer = { ...JSON.parse(TIC_STANDARD_FRAME), DATE: { raw: "", value: "", timestamp: { dst: "summer", date: "2025-07-01T14:00:00.000Z" } } };
    const r = parse("teleinfo", "", JSON.stringify(summer), Date.parse("2025-07-01T12:00:30Z"));
    expect(r.kind === "readings" && r.ts).toBe(Date.parse("2025-07-01T12:00:00Z"));
    // the docs' standard example has no counter to store
    expect(parse("teleinfo", "", TIC_STANDARD_DOC)).toEqual(IGNORED);
  });

  it("reads BASE, EJP and Tempo (BBR) counters, bare values and digit strings", () => {
    expect(parse("teleinfo", "", '{"ADCO":{"raw":"0123","value":123},"OPTARIF":{"raw":"BASE","value":"BASE"},"BASE":{"raw":"002565285","value":2565285},"PAPP":{"raw":"00750","value":750}}')).toEqual({
      kind: "readings",
      ts: null,
      channels: { tic: { import_wh: 2565285, apparent_va: 750 } },
    });
    expect(parse("teleinfo", "", '{"ADCO":"0123","EJPHN":1000,"EJPHPM":"000000200","PAPP":"00350"}')).toEqual({ kind: "readings", ts: null, channels: { tic: { import_wh: 1200, apparent_va: 350 } } });
    const bbr = { ADCO: 1, BBRHCJB: 1, BBRHPJB: 2, BBRHCJW: 3, BBRHPJW: 4, BBRHCJR: 5, BBRHPJR: 6 };
    expect(parse("teleinfo", "", JSON.stringify(bbr))).toEqual({ kind: "readings", ts: null, channels: { tic: { import_wh: 21 } } });
  });

  it("gives no import from an incomplete set of tariff counters (a dropped line), keeps the rest", () => {
    expect(parse("teleinfo", "", '{"ADCO":{"raw":"1","value":1},"HCHC":{"raw":"9058688","value":9058688},"PAPP":{"raw":"04110","value":4110}}')).toEqual({
      kind: "readings",
      ts: null,
      channels: { tic: { apparent_va: 4110 } },
    });
    const bbr = { ADCO: 1, BBRHCJB: 1, BBRHPJB: 2, BBRHCJW: 3, BBRHPJW: 4, BBRHCJR: 5 };
    expect(parse("teleinfo", "", JSON.stringify(bbr))).toEqual(IGNORED);
    expect(parse("teleinfo", "", '{"ADCO":"1","HCHC":"garbled","HCHP":5}')).toEqual(IGNORED);
  });

  it("ignores teleinfo2mqtt's status and tempo topics, refuses other subtopics and non-frames", () => {
    expect(parse("teleinfo", "status", "up")).toEqual(IGNORED);
    expect(parse("teleinfo", "tempo", '{"today":"blue"}')).toEqual(IGNORED);
    expect(refusal("teleinfo", "012345678901", TIC_HISTORY_DOC)).toBe("expected teleinfo2mqtt frames on the prefix itself (teleinfo/<meter id>), not on a subtopic (012345678901)");
    expect(refusal("teleinfo", "", "ADCO 012345678901 E")).toBe("The message is not valid JSON");
    expect(refusal("teleinfo", "", "[1]")).toBe("expected a teleinfo2mqtt frame (a JSON object of TIC labels)");
    expect(refusal("teleinfo", "", '{"power":12}')).toBe("expected a teleinfo2mqtt frame (a JSON object of TIC labels such as ADCO or ADSC)");
    expect(refusal("teleinfo", "", '{"ADCO":"1","BASE":{"raw":"-5","value":-5}}')).toBe("import counter -5 Wh is negative (tic)");
    expect(refusal("teleinfo", "", '{"ADCO":"1","HCHC":-5,"HCHP":5}')).toBe("import counter -5 Wh is negative (tic HCHC)");
    expect(refusal("teleinfo", "", '{"ADSC":"1","EAIT":1e13}')).toBe("export counter 10000000000000 Wh is not plausible (tic)");
    expect(refusal("teleinfo", "", '{"ADCO":"1","PAPP":2000000}')).toBe("apparent power 2000000 VA is not plausible (tic)");
  });

  it("refuses a DATE outside the window, or not a date", () => {
    expect(refusal("teleinfo", "", TIC_STANDARD_FRAME, TIC_FRAME_TS - 3 * 86_400_000)).toBe("the timestamp is 3 days in the future (at most 5 minutes ahead is accepted)");
    expect(parse("teleinfo", "", TIC_STANDARD_FRAME, TIC_FRAME_TS - MAX_TS_AHEAD_MS).kind).toBe("readings");
    expect(refusal("teleinfo", "", TIC_STANDARD_FRAME, TIC_FRAME_TS + MAX_TS_AGE_MS + 1)).toBe("the timestamp is 7 days old (at most 7 days is accepted)");
    const bad = { ...JSON.parse(TIC_STANDARD_FRAME), DATE: { raw: "", value: "", timestamp: { dst: "summer", date: "yesterday" } } };
    expect(refusal("teleinfo", "", JSON.stringify(bad))).toBe("the DATE label's timestamp is not a date");
  });
});

describe("foyer_json (state, online)", () => {
  it("reads the reference example of foyer-json.ts, with and without ts", () => {
    const example = '{"ts": 1757059829, "channels": {"grid": {"power_w": 1532.4, "import_wh": 8812345, "export_wh": 120}, "pv": {"power_w": -480}}}';
    expect(parse("foyer_json", "state", example)).toEqual({
      kind: "readings",
      ts: 1757059829000,
      channels: { grid: { power_w: 1532.4, import_wh: 8812345, export_wh: 120 }, pv: { power_w: -480 } },
    });
    expect(parse("foyer_json", "state", '{"ts":1757059829.25,"channels":{"l1":{"power_w":0}}}')).toEqual({ kind: "readings", ts: 1757059829250, channels: { l1: { power_w: 0 } } });
    expect(parse("foyer_json", "state", '{"channels":{"a:b/c.d-e_F9":{"import_wh":0}}}')).toEqual({ kind: "readings", ts: null, channels: { "a:b/c.d-e_F9": { import_wh: 0 } } });
    expect(parse("foyer_json", "online", "false")).toEqual({ kind: "online", online: false });
  });

  it("stores nothing from empty channels, and nothing from a message without channels", () => {
    expect(parse("foyer_json", "state", '{"channels":{}}')).toEqual(IGNORED);
    expect(parse("foyer_json", "state", '{"ts":1757059829,"channels":{"a":{},"b":{"power_w":null}}}')).toEqual(IGNORED);
    const r = parse("foyer_json", "state", '{"channels":{"a":{},"b":{"export_wh":5}}}');
    expect(r).toEqual({ kind: "readings", ts: null, channels: { b: { export_wh: 5 } } });
  });

  it("takes up to 32 channels keyed by 1-64 characters of [A-Za-z0-9_:/.-]", () => {
    const many = (n: number) => JSON.stringify({ channels: Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, { power_w: i }])) });
    const r = parse("foyer_json", "state", many(MAX_FOYER_CHANNELS));
    expect(r.kind === "readings" && Object.keys(r.channels).length).toBe(32);
    expect(refusal("foyer_json", "state", many(33))).toBe("too many channels: 33 (at most 32)");
    const k64 = "k".repeat(64);
    expect(parse("foyer_json", "state", `{"channels":{"${k64}":{"power_w":1}}}`)).toEqual({ kind: "readings", ts: null, channels: { [k64]: { power_w: 1 } } });
    expect(refusal("foyer_json", "state", `{"channels":{"${k64}x":{"power_w":1}}}`)).toBe(`channel key "${k64}" is not valid (1-64 characters among A-Z a-z 0-9 _ : / . -)`);
    // [the key as written in the JSON, as the reason shows it (JSON-quoted)]
    const badKeys: [string, string][] = [
      ['""', '""'],
      ['"a b"', '"a b"'],
      ['"é"', '"é"'],
      ['"a#"', '"a#"'],
      ['"a+b"', '"a+b"'],
      ['"a\\"b"', '"a\\"b"'],
      ['"x\\u0000"', '"x\\u0000"'],
    ];
    for (const [written, shown] of badKeys) {
      expect(refusal("foyer_json", "state", `{"channels":{${written}:{"power_w":1}}}`), written).toBe(`channel key ${shown} is not valid (1-64 characters among A-Z a-z 0-9 _ : / . -)`);
    }
    expect(refusal("foyer_json", "state", '{"channels":{"__proto__":{"power_w":1}}}')).toBe('channel key "__proto__" is reserved');
  });

  it("refuses other shapes, fields, topics and values, with their kinds and reasons", () => {
    const cases: [string, string, TelemetryErrorKind, string][] = [
      ["state", "{", "not_json", "The message is not valid JSON"],
      ["state", "[]", "bad_frame", 'expected a JSON object {"ts", "channels"} on state'],
      ["state", "12", "bad_frame", 'expected a JSON object {"ts", "channels"} on state'],
      ["state", "{}", "bad_frame", "the message has no channels"],
      ["state", '{"chanels":{}}', "bad_frame", 'unknown field "chanels" (expected ts and channels)'],
      ["state", '{"channels":{},"node":"x"}', "bad_frame", 'unknown field "node" (expected ts and channels)'],
      ["state", '{"channels":[]}', "bad_frame", "channels must be a JSON object"],
      ["state", '{"channels":{"a":5}}', "bad_frame", 'a channel must be a JSON object (channel "a")'],
      ["state", '{"channels":{"a":{"power":5}}}', "bad_frame", 'unknown field "power" (expected power_w, import_wh or export_wh) (channel "a")'],
      ["state", '{"channels":{"a":{"apparent_va":5}}}', "bad_frame", 'unknown field "apparent_va" (expected power_w, import_wh or export_wh) (channel "a")'],
      ["state", '{"channels":{"a":{"power_w":"5"}}}', "bad_value", 'power_w of channel "a" is not a number'],
      ["state", '{"channels":{"a":{"power_w":true}}}', "bad_value", 'power_w of channel "a" is not a number'],
      ["state", '{"channels":{"a":{"power_w":1e999}}}', "bad_value", "power is not a finite number (a)"],
      ["state", '{"channels":{"a":{"power_w":1000000000}}}', "bad_value", "power 1000000000 W is not plausible (a)"],
      ["state", '{"channels":{"a":{"import_wh":-1}}}', "bad_value", "import counter -1 Wh is negative (a)"],
      ["state", '{"channels":{"a":{"export_wh":1000000000001}}}', "bad_value", "export counter 1000000000001 Wh is not plausible (a)"],
      ["state", '{"ts":"now","channels":{"a":{"power_w":1}}}', "bad_time", "the timestamp is not a number"],
      ["state", '{"ts":1757059829080,"channels":{"a":{"power_w":1}}}', "bad_time", "ts 1757059829080 looks like milliseconds: send Unix seconds"],
      ["state", '{"ts":0,"channels":{"a":{"power_w":1}}}', "bad_time", "the device's clock is not set (timestamp 0)"],
      ["state", '{"ts":1757400000,"channels":{"a":{"power_w":1}}}', "bad_time", "the timestamp is 3 days in the future (at most 5 minutes ahead is accepted)"],
      ["online", "on", "bad_value", "expected true or false on online"],
      ["emeter/0/power", "12.5", "wrong_topic", "expected the topics state or online under the device's prefix (not emeter/0/power)"],
      ["events/rpc", T1, "wrong_topic", "expected the topics state or online under the device's prefix (not events/rpc)"],
      ["", TIC_HISTORY_DOC, "wrong_topic", "expected the topics state or online under the device's prefix (not the prefix itself)"],
    ];
    for (const [topic, payload, kind, reason] of cases) expect(refused("foyer_json", topic, payload), `${topic} ${payload}`).toMatchObject({ kind, reason });
  });
});

describe("parseMessage", () => {
  it("names the four formats, and refuses with a TelemetryInputError", () => {
    expect(TELEMETRY_FORMATS).toEqual(["shelly_gen2", "shelly_gen1", "teleinfo", "foyer_json"]);
    const e = (() => {
      try {
        parse("foyer_json", "state", "nope");
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(TelemetryInputError);
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ name: "TelemetryInputError", kind: "not_json", reason: "The message is not valid JSON", message: "The message is not valid JSON" });
  });

  it("reads the same JSON differently per format: each refuses the others' messages", () => {
    expect(refusal("teleinfo", "events/rpc", T1)).toBe("expected teleinfo2mqtt frames on the prefix itself (teleinfo/<meter id>), not on a subtopic (events/rpc)");
    expect(refusal("shelly_gen1", "events/rpc", T1)).toBe("expected Shelly Gen1 topics (emeter/N/power, relay/N/power, online, ...): events/rpc is a Shelly Gen2 topic, set the device's format to shelly_gen2");
    expect(parse("shelly_gen2", "", TIC_HISTORY_DOC)).toEqual(IGNORED);
  });
});

describe("the kind of each refusal", () => {
  const em = (status: Record<string, unknown>, ts: unknown = 1757059900) => rpc({ ts, "em:0": status });

  it("not_json: not UTF-8 JSON, whatever the format", () => {
    expect(kindOf("shelly_gen2", "events/rpc", "{not json")).toBe("not_json");
    expect(kindOf("shelly_gen2", "events/rpc", new Uint8Array([0x7b, 0xff, 0x7d]))).toBe("not_json");
    expect(kindOf("shelly_gen2", "status/em:0", "")).toBe("not_json");
    expect(kindOf("teleinfo", "", "ADCO 012345678901 E")).toBe("not_json");
    expect(() => parse("foyer_json", "state", "nope")).toThrow(expect.objectContaining({ kind: "not_json" }));
  });

  it("bad_frame: JSON, but not the structure the format expects", () => {
    for (const p of ["[]", "5", "null", '{"src":"x"}', '{"method":5,"params":{}}', '{"method":"NotifyStatus"}']) expect(kindOf("shelly_gen2", "events/rpc", p), p).toBe("bad_frame");
    expect(kindOf("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "em:0": 5 }))).toBe("bad_frame");
    expect(kindOf("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "switch:1": { aenergy: 5 } }))).toBe("bad_frame");
    expect(kindOf("shelly_gen2", "status/em1:0", "[1,2]")).toBe("bad_frame");
    expect(kindOf("teleinfo", "", "[1]")).toBe("bad_frame");
    expect(kindOf("teleinfo", "", '{"power":12}')).toBe("bad_frame");
    expect(kindOf("foyer_json", "state", '{"channels":{"a":{"power":5}}}')).toBe("bad_frame");
  });

  it("wrong_topic: a topic the format does not use", () => {
    expect(kindOf("shelly_gen2", "emeter/0/power", "12.5")).toBe("wrong_topic");
    expect(kindOf("shelly_gen1", "events/rpc", T1)).toBe("wrong_topic");
    expect(kindOf("shelly_gen1", "status/em:0", "{}")).toBe("wrong_topic");
    expect(kindOf("teleinfo", "events/rpc", T1)).toBe("wrong_topic");
    expect(kindOf("foyer_json", "", "{}")).toBe("wrong_topic");
  });

  it("bad_value: not a number, not finite, implausible, negative, neither true nor false, a bad channel key, too many channels", () => {
    expect(kindOf("shelly_gen2", "events/rpc", em({ a_act_power: "12.5" }))).toBe("bad_value");
    expect(kindOf("shelly_gen2", "events/rpc", em({ a_act_power: MAX_ABS_POWER_W * 2 }))).toBe("bad_value");
    expect(kindOf("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "emdata:0": { a_total_act_energy: -0.5 } }))).toBe("bad_value");
    expect(kindOf("shelly_gen2", "events/rpc", rpc({ ts: 1757059900, "em1data:0": { total_act_energy: MAX_COUNTER_WH * 2 } }))).toBe("bad_value");
    expect(kindOf("shelly_gen2", "events/rpc", '{"method":"NotifyStatus","params":{"ts":1757059900,"pm1:0":{"apower":1e999}}}')).toBe("bad_value");
    expect(kindOf("shelly_gen2", "online", "1")).toBe("bad_value");
    expect(kindOf("shelly_gen1", "emeter/0/power", "NaN")).toBe("bad_value");
    expect(kindOf("teleinfo", "", '{"ADCO":"1","HCHC":-5,"HCHP":5}')).toBe("bad_value");
    expect(kindOf("foyer_json", "state", '{"channels":{"a b":{"power_w":1}}}')).toBe("bad_value");
    expect(kindOf("foyer_json", "state", '{"channels":{"__proto__":{"power_w":1}}}')).toBe("bad_value");
    const many = JSON.stringify({ channels: Object.fromEntries(Array.from({ length: MAX_FOYER_CHANNELS + 1 }, (_, i) => [`c${i}`, { power_w: i }])) });
    expect(kindOf("foyer_json", "state", many)).toBe("bad_value");
  });

  it("bad_time: ahead, too old, not a number, the clock not set, milliseconds, a DATE that is not a date", () => {
    const now = 1757059829080;
    expect(kindOf("shelly_gen2", "events/rpc", em({ a_act_power: 1 }, (now + MAX_TS_AHEAD_MS + 1) / 1000), now)).toBe("bad_time");
    expect(kindOf("shelly_gen2", "events/rpc", em({ a_act_power: 1 }, (now - MAX_TS_AGE_MS - 1) / 1000), now)).toBe("bad_time");
    expect(kindOf("shelly_gen2", "events/rpc", em({ a_act_power: 1 }, "1757059829"), now)).toBe("bad_time");
    expect(kindOf("shelly_gen2", "events/rpc", em({ a_act_power: 1 }, 12.5), now)).toBe("bad_time");
    expect(kindOf("foyer_json", "state", '{"ts":1757059829080,"channels":{"a":{"power_w":1}}}')).toBe("bad_time");
    expect(kindOf("teleinfo", "", TIC_STANDARD_FRAME, TIC_FRAME_TS - 3 * 86_400_000)).toBe("bad_time");
    const bad = { ...JSON.parse(TIC_STANDARD_FRAME), DATE: { raw: "", value: "", timestamp: { dst: "summer", date: "yesterday" } } };
    expect(() => parse("teleinfo", "", JSON.stringify(bad))).toThrow(expect.objectContaining({ kind: "bad_time", reason: "the DATE label's timestamp is not a date" }));
  });
});

describe("channelSlot", () => {
  it("places each format's channels", () => {
    const cases: [TelemetryFormat, string, number | null][] = [
      ["shelly_gen2", "em:0/a", 0],
      ["shelly_gen2", "em:0/b", 1],
      ["shelly_gen2", "em:0/c", 2],
      ["shelly_gen2", "em:0/total", 3],
      ["shelly_gen2", "em:1/a", 4],
      ["shelly_gen2", "em:2/total", 11],
      ["shelly_gen2", "em1:0", 0],
      ["shelly_gen2", "em1:2", 2],
      ["shelly_gen2", "switch:3", 3],
      ["shelly_gen2", "pm1:0", 0],
      ["shelly_gen2", "em:0", null],
      ["shelly_gen2", "em:0/d", null],
      ["shelly_gen2", "em1:01", null],
      ["shelly_gen2", "emdata:0", null],
      ["shelly_gen2", "emeter/0", null],
      ["shelly_gen2", "tic", null],
      ["shelly_gen1", "emeter/0", 0],
      ["shelly_gen1", "emeter/2", 2],
      ["shelly_gen1", "relay/1", 1],
      ["shelly_gen1", "switch:0", null],
      ["shelly_gen1", "emeter/0/power", null],
      ["teleinfo", "tic", 0],
      ["teleinfo", "TIC", null],
      ["teleinfo", "em1:0", null],
      ["foyer_json", "grid", null],
      ["foyer_json", "em1:0", null],
    ];
    for (const [format, key, slot] of cases) expect(channelSlot(format, key), `${format} ${key}`).toBe(slot);
  });
});

describe("measurementFor", () => {
  const ms = [
    { id: 30, name: "PV", prefix: null },
    { id: 10, name: "Grid", prefix: " EM:0/Total " },
    { id: 20, name: "House", prefix: "" },
    { id: 40, name: "grid", prefix: "   " },
    { id: 50, name: "Heat pump", prefix: "switch:0" },
  ];

  it("takes the measurement whose prefix is the key (trimmed, case-insensitive)", () => {
    expect(measurementFor("shelly_gen2", "em:0/total", ms)).toBe(10);
    expect(measurementFor("shelly_gen2", " em:0/TOTAL", ms)).toBe(10);
    expect(measurementFor("shelly_gen2", "switch:0", ms)).toBe(50);
    expect(measurementFor("foyer_json", "switch:0", ms)).toBe(50);
    // two with the same prefix: the first by id
    expect(measurementFor("shelly_gen1", "relay/0", [{ id: 9, name: "b", prefix: "relay/0" }, { id: 3, name: "a", prefix: "RELAY/0" }])).toBe(3);
  });

  it("else the slot-th measurement without a prefix (null, empty or blank), in id order", () => {
    // without a prefix, by id: 20 (""), 30 (null), 40 (blanks)
    expect(measurementFor("shelly_gen2", "em:0/a", ms)).toBe(20);
    expect(measurementFor("shelly_gen2", "em:0/b", ms)).toBe(30);
    expect(measurementFor("shelly_gen2", "em:0/c", ms)).toBe(40);
    expect(measurementFor("shelly_gen2", "em1:1", ms)).toBe(30);
    expect(measurementFor("shelly_gen2", "em:1/a", ms)).toBeNull();
    expect(measurementFor("shelly_gen1", "emeter/2", ms)).toBe(40);
    expect(measurementFor("teleinfo", "tic", ms)).toBe(20);
    expect(measurementFor("teleinfo", "tic", [])).toBeNull();
    expect(measurementFor("shelly_gen2", "sys", ms)).toBeNull();
  });

  it("for foyer_json, else the measurement without a prefix named like the key; never by position", () => {
    expect(measurementFor("foyer_json", "pv", ms)).toBe(30);
    expect(measurementFor("foyer_json", " GRID ", ms)).toBe(40); // 10 is also named Grid but its prefix binds it to em:0/total
    expect(measurementFor("foyer_json", "heat pump", ms)).toBeNull(); // named so, but bound to switch:0
    expect(measurementFor("foyer_json", "boiler", ms)).toBeNull();
    expect(measurementFor("foyer_json", "", ms)).toBeNull();
  });
});

describe("isUnderPrefix and isValidPrefix", () => {
  it("a topic is under a prefix when equal to it or below it, segment-wise", () => {
    expect(isUnderPrefix("shellies/em-1", "shellies/em-1")).toBe(true);
    expect(isUnderPrefix("shellies/em-1/emeter/0/power", "shellies/em-1")).toBe(true);
    expect(isUnderPrefix("shellies/em-1/", "shellies/em-1")).toBe(true);
    expect(isUnderPrefix("shellies/em-10/emeter/0/power", "shellies/em-1")).toBe(false);
    expect(isUnderPrefix("shellies/em-", "shellies/em-1")).toBe(false);
    expect(isUnderPrefix("shellies", "shellies/em-1")).toBe(false);
    expect(isUnderPrefix("Shellies/em-1", "shellies/em-1")).toBe(false);
    expect(isUnderPrefix("anything", "")).toBe(false);
    expect(isUnderPrefix("/x", "")).toBe(false);
  });

  it("validates a prefix: 1-128 printable characters, no wildcard, no empty level, no $", () => {
    for (const p of ["shellypro3em-1234567890ab", "shellies/shellyem-B9F1A5", "teleinfo/012345678901", "foyer/garage clamp", "é/ü", "a", "x".repeat(128), "😀".repeat(128)]) {
      expect(isValidPrefix(p), p).toBe(true);
    }
    const bad = ["", "x".repeat(129), "a/+/b", "a/#", "#", "+", "/a", "a/", "a//b", "/", "$SYS/x", "$share/g/t", "a\u0000b", "a\nb", "a\tb", "a\u007fb", "a\u0085b", "a\u200bb", "\ufeffa", "a\ud800", "a\u2028b", " a", "a "];
    for (const p of bad) expect(isValidPrefix(p), JSON.stringify(p)).toBe(false);
  });
});
