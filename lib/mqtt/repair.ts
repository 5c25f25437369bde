// Gap repair (docs/telemetry.md, "Gap repair"): a Shelly Pro 3EM, Pro EM or EM Gen3 keeps about 60
// days of 1-minute energy records. When one of them speaks again after a silence (the app, the
// broker or its network was down), the ingest asks it for the missing minutes over its own RPC
// topic: EMData.GetData (or EM1Data.GetData) published on <prefix>/rpc with `src` under the
// device's own prefix, so the answer (on <src>/rpc) stays inside that device's ACL. The request's
// `src` carries what reading the answer needs (method, component, end), so any ingest process
// of a shared subscription can read it and ask for the next page. Best effort: a device that
// does not answer leaves the gap as it was.
import type { DeviceRoute } from "@/lib/services/telemetry/connection";
import { lastStoredSamples, storeRecordedMinutes } from "@/lib/services/telemetry/store";
import { measurementFor } from "@/lib/telemetry/channels";
import { parseRecords } from "@/lib/telemetry/formats/shelly-records";
import { type TelemetryErrorKind, TelemetryInputError } from "@/lib/telemetry/formats/types";

/** A silence longer than this is a gap worth asking for. */
const GAP_MS = 3 * 60_000;
/**
 * How far back a repair reaches: the device keeps about 60 days, but the repaired minutes go in
 * as samples, which are kept 10 days (and a message may be at most 7 days old).
 */
const REPAIR_MAX_MS = 7 * 86_400_000;
const REPAIR_TOPIC = /^foyer\/repair\/(EMData|EM1Data)\/(\d{1,2})\/(\d{9,11})\/rpc$/;

type Source = { method: "EMData" | "EM1Data"; id: number };

/** The record sources a device's measurements name (em:N/... → EMData N; em1:N → EM1Data N). */
function recordSources(route: DeviceRoute): Source[] {
  const out = new Map<string, Source>();
  for (const m of route.measurements) {
    const p = (m.prefix ?? "").trim().toLowerCase();
    const em = /^em:(\d+)\//.exec(p);
    const em1 = /^em1:(\d+)$/.exec(p);
    if (em) out.set(`EMData ${em[1]}`, { method: "EMData", id: Number(em[1]) });
    if (em1) out.set(`EM1Data ${em1[1]}`, { method: "EM1Data", id: Number(em1[1]) });
  }
  return [...out.values()];
}

/** First words from devices are looked up together, at most this long after the first of them. */
const LOOKUP_EVERY_MS = 250;

type FirstWord = { route: DeviceRoute; sources: Source[]; ts: number };

export class GapRepair {
  private readonly last = new Map<number, number>();
  /** devices heard for the first time since this process started, whose stored end is being looked up */
  private readonly looking = new Map<number, FirstWord>();
  private lookup?: NodeJS.Timeout;
  private stopped = false;
  private nextId = 1;
  readonly stats = { requests: 0, minutes: 0 };

  constructor(
    private readonly publish: (topic: string, payload: string) => void,
    private readonly onError: (deviceId: number, kind: TelemetryErrorKind, reason: string) => void,
  ) {}

  /** A reading from a device at `ts` (ms): asks for what is missing before it, if anything. */
  note(route: DeviceRoute, ts: number) {
    if (route.format !== "shelly_gen2") return;
    const sources = recordSources(route);
    if (!sources.length) return;
    const prev = this.last.get(route.deviceId);
    if (prev === undefined) {
      // first word since this process started: where the stored minutes stop (one query for all
      // the devices heard meanwhile: 10,000 devices at a start made 10,000 queries)
      const w = this.looking.get(route.deviceId);
      if (w) w.ts = Math.max(w.ts, ts);
      else this.looking.set(route.deviceId, { route, sources, ts });
      this.schedule();
      return;
    }
    if (ts > prev) {
      this.check(route, sources, prev, ts);
      this.last.set(route.deviceId, ts);
    }
  }

  private async lookUp() {
    const words = [...this.looking.values()];
    try {
      const stored = await lastStoredSamples(words.map((w) => ({ deviceId: w.route.deviceId, measurementIds: w.route.measurements.map((m) => m.id) })));
      for (const w of words) {
        const t = stored.get(w.route.deviceId);
        if (t !== undefined && !this.last.has(w.route.deviceId)) this.check(w.route, w.sources, t, w.ts);
        this.last.set(w.route.deviceId, Math.max(this.last.get(w.route.deviceId) ?? 0, w.ts));
      }
    } catch {
      // best effort: these devices are looked up again at their next word
    } finally {
      for (const w of words) if (this.looking.get(w.route.deviceId) === w) this.looking.delete(w.route.deviceId);
      this.lookup = undefined;
      if (this.looking.size) this.schedule();
    }
  }

  private schedule() {
    if (this.stopped || this.lookup) return;
    this.lookup = setTimeout(() => void this.lookUp(), LOOKUP_EVERY_MS);
    this.lookup.unref();
  }

  /** Stops looking up (the ingest stops). */
  stop() {
    this.stopped = true;
    clearTimeout(this.lookup);
  }

  private check(route: DeviceRoute, sources: Source[], from: number, to: number) {
    if (to - from <= GAP_MS) return;
    const start = Math.max(from, to - REPAIR_MAX_MS);
    for (const s of sources) this.ask(route, s, start, to);
  }

  private ask(route: DeviceRoute, s: Source, from: number, to: number) {
    const end = Math.floor(to / 1000);
    const src = `${route.topicPrefix}/foyer/repair/${s.method}/${s.id}/${end}`;
    this.stats.requests++;
    this.publish(`${route.topicPrefix}/rpc`, JSON.stringify({ id: this.nextId++, src, method: `${s.method}.GetData`, params: { id: s.id, ts: Math.floor(from / 1000), end_ts: end, add_keys: true } }));
  }

  /** True when `subtopic` is an answer to a repair request (then it is handled here). */
  isAnswer(subtopic: string) {
    return REPAIR_TOPIC.test(subtopic);
  }

  /** The device's answer: its minutes stored where none are, and the next page asked for. */
  async answer(route: DeviceRoute, subtopic: string, payload: Uint8Array): Promise<void> {
    const m = REPAIR_TOPIC.exec(subtopic)!;
    const source: Source = { method: m[1] as Source["method"], id: Number(m[2]) };
    const end = Number(m[3]) * 1000;
    let parsed;
    try {
      parsed = parseRecords(source.method, source.id, payload);
    } catch (err) {
      if (err instanceof TelemetryInputError) return this.onError(route.deviceId, err.kind, err.reason);
      return this.onError(route.deviceId, "records", "The device's records could not be read");
    }
    const oldest = Date.now() - REPAIR_MAX_MS;
    const rows = parsed.minutes.flatMap((x) => {
      const measurementId = x.start < end && x.start > oldest ? measurementFor(route.format, x.key, route.measurements) : null;
      return measurementId === null ? [] : [{ measurementId, start: x.start, import_wh: x.import_wh, export_wh: x.export_wh }];
    });
    this.stats.minutes += await storeRecordedMinutes(rows);
    if (parsed.next !== null && parsed.next < end) this.ask(route, source, parsed.next, end);
  }
}
