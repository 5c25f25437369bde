// The shared vocabulary of the live telemetry formats: what a device's MQTT message becomes once
// read (Parsed), and the refusal a household can read on its device page (TelemetryInputError,
// its kind one of TELEMETRY_ERROR_KINDS).

/** How a device's messages are read: its `format` in the device's MQTT settings. */
export const TELEMETRY_FORMATS = ["shelly_gen2", "shelly_gen1", "teleinfo", "foyer_json"] as const;
export type TelemetryFormat = (typeof TELEMETRY_FORMATS)[number];

/** One channel's values in one message; a field absent = not in this message (NOT zero). */
export type ChannelReading = {
  /** active power in W, negative = export */
  power_w?: number;
  /** cumulative imported energy in Wh (a counter: it only goes up, or down when reset) */
  import_wh?: number;
  /** cumulative exported energy in Wh */
  export_wh?: number;
  /** apparent power in VA: never a W value (a Linky's PAPP/SINSTS, a Shelly's *_aprt_power) */
  apparent_va?: number;
};

export type Parsed =
  /**
   * ts: unix ms from the message (Shelly params.ts is float seconds; foyer_json ts seconds), null
   * when the message has none; meter: the PRM of the meter read (a Linky's TIC in standard mode
   * says it), which ties the reader to the household's Linky
   */
  | { kind: "readings"; ts: number | null; channels: Record<string, ChannelReading>; meter?: string }
  | { kind: "online"; online: boolean }
  /** a topic the format knows that carries nothing to store (Gen1 voltage/pf, Gen2 `rpc` requests, an RPC answer, a NotifyEvent, etc.) */
  | { kind: "ignored" };

/**
 * What kind of refusal, the headline the device page says in the household's language (the
 * `reason` keeps the detail, in English). Set by the format readers, the ingest, the gap repair
 * and the broker; stored in `device_mqtt.last_error_kind`, answered as `last_error.kind`.
 * - `not_json`: not UTF-8 JSON
 * - `bad_frame`: JSON, but not the structure the format expects (not an object, no params, an
 *   unknown field, no TIC label)
 * - `wrong_topic`: a topic the format does not use (a Gen1 topic on a Gen2 device and the reverse,
 *   a subtopic not expected)
 * - `bad_value`: a value refused (not a number, NaN, a negative counter, an implausible power,
 *   neither true nor false on `online`, a bad channel key, too many channels)
 * - `bad_time`: a timestamp refused (in the future, too old, not a number, the clock not set, ms
 *   instead of s, a DATE label that is not a date)
 * - `too_large`: a packet over the size limit (lib/mqtt/ingest.ts)
 * - `too_fast`: over the device's rate limit (lib/mqtt/ingest.ts)
 * - `outside_prefix`: a topic outside the device's prefix, dropped by the broker (lib/mqtt/broker.ts)
 * - `records`: the device's answer with its records (the gap repair) cannot be read
 */
export const TELEMETRY_ERROR_KINDS = ["not_json", "bad_frame", "wrong_topic", "bad_value", "bad_time", "too_large", "too_fast", "outside_prefix", "records"] as const;
export type TelemetryErrorKind = (typeof TELEMETRY_ERROR_KINDS)[number];

/** `kind` when it is one of TELEMETRY_ERROR_KINDS (a stored row's text), else null (rows written before kinds, a kind since removed). */
export function telemetryErrorKind(kind: string | null | undefined): TelemetryErrorKind | null {
  return (TELEMETRY_ERROR_KINDS as readonly (string | null | undefined)[]).includes(kind) ? (kind as TelemetryErrorKind) : null;
}

/**
 * A message refused: `kind` says what was wrong (TELEMETRY_ERROR_KINDS), `reason` is a short
 * English sentence with the detail, shown on the device page under the kind's headline, e.g.
 * "The message is not valid JSON", "power 1000000000 W is not plausible (em:0/a)",
 * "the timestamp is 3 days in the future (at most 5 minutes ahead is accepted)".
 */
export class TelemetryInputError extends Error {
  readonly kind: TelemetryErrorKind;
  readonly reason: string;
  constructor(kind: TelemetryErrorKind, reason: string) {
    super(reason);
    this.name = "TelemetryInputError";
    this.kind = kind;
    this.reason = reason;
  }
}
