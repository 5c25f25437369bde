// What a live telemetry message may carry (lib/telemetry/formats/): the one place for the
// plausibility bounds, the timestamp window and the foyer_json format's sizes. Payload sizes are
// enforced before the parsers (by the broker and the ingest), not here.

/** |power| in W, and apparent power in VA: far above any household connection (C5 ≤ 36 kVA, C4 ≤ 250 kVA). */
export const MAX_ABS_POWER_W = 1_000_000;
/** A cumulative counter in Wh: 0 ≤ x ≤ this (1 TWh; a negative counter is refused). */
export const MAX_COUNTER_WH = 1e12;
/** A message's own timestamp may be this far in the past (a device replaying its backlog)… */
export const MAX_TS_AGE_MS = 7 * 24 * 3_600_000;
/** …and this far in the future (clock skew). */
export const MAX_TS_AHEAD_MS = 5 * 60_000;
/**
 * A timestamp below this (Unix seconds, 2001-09-09) is a device whose clock is not set (a Shelly
 * before its first SNTP sync counts from its boot), named as such rather than "20000 days old".
 */
export const MIN_PLAUSIBLE_TS_S = 1e9;
/** A foyer_json `ts` above this (Unix seconds, year 5138) is milliseconds sent by mistake. */
export const MAX_TS_SECONDS = 1e11;

/** foyer_json: at most this many channels in one message… */
export const MAX_FOYER_CHANNELS = 32;
/** …each keyed by 1-64 characters of [A-Za-z0-9_:/.-]. */
export const FOYER_KEY_PATTERN = /^[A-Za-z0-9_:/.-]{1,64}$/;

/** A device's MQTT topic prefix: 1-128 characters (lib/telemetry/channels.ts isValidPrefix). */
export const MAX_PREFIX_LENGTH = 128;

// ---- the broker, the ingest and the reads (docs/telemetry.md, "Limits") ----

/** A packet larger than this is refused (a Pro 3EM's NotifyFullStatus is about 3 KB; a page of its own records, for the gap repair, a few tens). */
export const MAX_PACKET_BYTES = 64 * 1024;
/** A device silent this long is offline (Shelly devices send their counters every minute). */
export const OFFLINE_AFTER_MS = 5 * 60_000;
/**
 * The ingest writes a batch at least this often (the "at most about a second")… A batch's
 * cost is mostly per measurement (where its counters stood before, the minutes around): the more
 * samples of a measurement one batch holds, the cheaper each (bench:telemetry).
 */
export const BATCH_MAX_DELAY_MS = 1_000;
/** …or as soon as it holds this many messages. */
export const BATCH_MAX_MESSAGES = 5_000;
/**
 * The ingest's minutes and quarters (telemetry.rollup_queue, lib/telemetry/rollup-policy.ts) are
 * looked at this often, and rolled once their minute has been over this long: each minute is then
 * rolled once, from all its samples (rolling every open minute at each look read each sample
 * a dozen times: bench:telemetry).
 */
export const ROLLUP_EVERY_MS = 5_000;
export const ROLLUP_SETTLE_MS = 5_000;
/** Messages held unacknowledged while the database cannot write (then the ingest stops reading: the broker keeps the rest). */
export const INGEST_BUFFER_MESSAGES = 50_000;
/** Wrong passwords from one address before its next attempts wait (doubling up to a minute). */
export const AUTH_FAILURES_BEFORE_DELAY = 5;
/** The most points one series answer holds: a year at 15 minutes (35,136 in a leap year). */
export const SERIES_MAX_POINTS = 36_000;
