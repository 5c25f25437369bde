// A Linky (or older electronic meter) read through its TIC port by fmartinou/teleinfo2mqtt
// (docs/mqtt/README.md and app/teleinfo/ in that repository). It publishes each frame on
// `<base topic>/<ADCO or ADSC>` (`teleinfo/<meter id>` by default), so the device's prefix is that
// topic itself and the subtopic is "". Its siblings `<base topic>/status` ("up") and
// `<base topic>/tempo` carry nothing to store and are ignored. The frame is a JSON object of labels,
// each `{"raw": "<text>", "value": <number when it is one, else the text>}` (a bare value is
// accepted too), some with a `timestamp: {"date", "dst"}`.
//
// One channel, `tic`:
//   import_wh    standard mode EAST; historic mode BASE, or the sum of the index counters of the
//                tariff: HCHC + HCHP, EJPHN + EJPHPM, BBRHCJB + BBRHPJB + BBRHCJW + BBRHPJW +
//                BBRHCJR + BBRHPJR (Wh). teleinfo2mqtt drops a line whose checksum or length is wrong,
//                so a frame may lack one counter of its tariff: the sum of an incomplete set would look
//                like a counter reset, so such a frame gives no import_wh (its other values are kept).
//                (EASF01..10 are EAST split by the supplier's tariff: not added again.)
//   export_wh    EAIT (standard mode, producers' meters)
//   apparent_va  PAPP (historic) or SINSTS (standard), in VA. power_w is NEVER set: VA is not W (SINSTI,
//                the apparent power injected, is not read either).
// ts: historic frames have no time (null). Standard frames carry the meter's clock in the DATE label:
// teleinfo2mqtt's docs say timestamps are "parsed to UTC timestamps", but its code (TicMode.js
// parseFrameItem) writes the meter's local wall-clock time with a "Z" (Date.UTC on local fields) and
// the season apart (dst "winter" = the TIC's H, UTC+1; "summer" = E, UTC+2; the TIC's blank for an unset
// season also comes out "summer"). The code wins: ts = date − 1 h (winter) or − 2 h (summer).
//
// Values that are not numbers (teleinfo2mqtt keeps the text when it cannot read one) are left out
// for this message; a negative counter or an implausible power is refused. The docs' historic
// example lists PAPP twice, the second time as "A": as JSON it reads PAPP = "A", so that example
// gives no apparent power.
import { type ChannelReading, type Parsed, TelemetryInputError } from "./types";
import { checkTimestamp, IGNORED, isObject, parseJson, put } from "./values";

const HISTORIC_GROUPS = [
  ["HCHC", "HCHP"],
  ["EJPHN", "EJPHPM"],
  ["BBRHCJB", "BBRHPJB", "BBRHCJW", "BBRHPJW", "BBRHCJR", "BBRHPJR"],
] as const;
/** Labels that say "this is a TIC frame" even when nothing in it can be stored. */
const FRAME_LABELS = ["ADCO", "ADSC", "OPTARIF", "PTEC", "NGTF", "LTARF", "VTIC", "ISOUSC", "IINST", "DATE"];
const DIGITS = /^\d+$/;
const HOUR_MS = 3_600_000;

type Frame = Record<string, unknown>;

function has(frame: Frame, label: string): boolean {
  return Object.hasOwn(frame, label);
}

/** A label's number: `{raw, value}` or a bare value; a digit string counts; anything else → undefined. */
function valueOf(frame: Frame, label: string): number | undefined {
  if (!has(frame, label)) return undefined;
  let v = frame[label];
  if (isObject(v)) v = v.value;
  if (typeof v === "number") return v;
  if (typeof v === "string" && DIGITS.test(v.trim())) return Number(v.trim());
  return undefined;
}

/** The imported-energy counter of the frame in Wh (see above), or undefined. */
function importCounter(frame: Frame): number | undefined {
  const total = valueOf(frame, "EAST") ?? valueOf(frame, "BASE");
  if (total !== undefined) return total;
  let sum: number | undefined;
  for (const group of HISTORIC_GROUPS) {
    if (!group.some((l) => has(frame, l))) continue;
    for (const l of group) {
      const v = valueOf(frame, l); // a label missing or unreadable: an incomplete set
      if (v === undefined) return undefined;
      if (v < 0) throw new TelemetryInputError("bad_value", `import counter ${v} Wh is negative (tic ${l})`);
      sum = (sum ?? 0) + v;
    }
  }
  return sum;
}

/** The frame's time from its DATE label (standard mode), or null. */
function frameTime(frame: Frame, now: number): number | null {
  const date = frame.DATE;
  if (!isObject(date) || date.timestamp === undefined) return null;
  const t = date.timestamp;
  const ms = isObject(t) && typeof t.date === "string" ? Date.parse(t.date) : NaN;
  if (!Number.isFinite(ms) || !isObject(t) || (t.dst !== "winter" && t.dst !== "summer")) {
    throw new TelemetryInputError("bad_time", "the DATE label's timestamp is not a date");
  }
  return checkTimestamp(ms - (t.dst === "winter" ? 1 : 2) * HOUR_MS, now);
}

export function parseTeleinfo(subtopic: string, payload: Uint8Array, now: number): Parsed {
  if (subtopic === "status" || subtopic === "tempo") return IGNORED;
  if (subtopic !== "") {
    throw new TelemetryInputError("wrong_topic", `expected teleinfo2mqtt frames on the prefix itself (teleinfo/<meter id>), not on a subtopic (${subtopic})`);
  }
  const frame = parseJson(payload);
  if (!isObject(frame)) throw new TelemetryInputError("bad_frame", "expected a teleinfo2mqtt frame (a JSON object of TIC labels)");
  const channels: Record<string, ChannelReading> = {};
  // valueOf gives numbers or undefined: put's "is not a number" cannot happen here
  put(channels, "tic", "import_wh", importCounter(frame), "tic");
  put(channels, "tic", "export_wh", valueOf(frame, "EAIT"), "tic EAIT");
  put(channels, "tic", "apparent_va", valueOf(frame, "PAPP") ?? valueOf(frame, "SINSTS"), "tic PAPP/SINSTS");
  if (Object.keys(channels).length === 0) {
    if (FRAME_LABELS.some((l) => has(frame, l)) || HISTORIC_GROUPS.flat().some((l) => has(frame, l))) return IGNORED;
    throw new TelemetryInputError("bad_frame", "expected a teleinfo2mqtt frame (a JSON object of TIC labels such as ADCO or ADSC)");
  }
  const meter = prmOf(frame);
  return { kind: "readings", ts: frameTime(frame, now), channels, ...(meter ? { meter } : {}) };
}

/**
 * The meter's PRM (its 14-digit delivery point, the id Enedis gives its history under), from the
 * standard mode's PRM label; historic frames have none (their ADCO is the meter's serial, not its
 * PRM). Anything but 14 digits is left out: the frame's readings still count.
 */
function prmOf(frame: Frame): string | undefined {
  if (!has(frame, "PRM")) return undefined;
  const v = frame.PRM;
  const raw = isObject(v) ? (v.raw ?? v.value) : v;
  const text = typeof raw === "number" && Number.isSafeInteger(raw) ? String(raw).padStart(14, "0") : typeof raw === "string" ? raw.trim() : "";
  return /^\d{14}$/.test(text) ? text : undefined;
}
