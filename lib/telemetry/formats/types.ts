// The shared vocabulary of the live telemetry formats: what a device's MQTT message becomes once
// read (Parsed), and the refusal a household can read on its device page (TelemetryInputError).

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
  /** ts: unix ms from the message (Shelly params.ts is float seconds; foyer_json ts seconds), null when the message has none */
  | { kind: "readings"; ts: number | null; channels: Record<string, ChannelReading> }
  | { kind: "online"; online: boolean }
  /** a topic the format knows that carries nothing to store (Gen1 voltage/pf, Gen2 `rpc` requests, an RPC answer, a NotifyEvent, etc.) */
  | { kind: "ignored" };

/**
 * A message refused: `reason` is a short English sentence a household can read on its device
 * page, e.g. "The message is not valid JSON", "power 1000000000 W is not plausible (em:0/a)",
 * "the timestamp is 3 days in the future (at most 5 minutes ahead is accepted)".
 */
export class TelemetryInputError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = "TelemetryInputError";
    this.reason = reason;
  }
}
