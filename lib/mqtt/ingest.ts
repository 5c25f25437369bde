// The ingest: MQTT to PostgreSQL (docs/telemetry.md, "The ingest"). One MQTT client subscribed
// with QoS 1 to every device's topics (on Mosquitto, through a shared subscription, so that
// several ingest processes split the stream), reading each message with its device's format,
// and writing batches (lib/services/telemetry/store.ts) at least every BATCH_MAX_DELAY_MS; the
// batches' minutes and quarters are rolled from the queue every ROLLUP_EVERY_MS.
//
// A message is acknowledged (PUBACK) only once its batch is committed: MQTT.js acknowledges when
// `handleMessage`'s callback is called without an error, and calls the next message only then, so
// the ingest answers each message at once with "not yet" (the callback's error skips the PUBACK
// and goes on to the next message) and sends the PUBACK itself after the commit. A process killed
// mid-batch leaves its messages unacknowledged: the broker sends them again, and the store skips
// what it already has. While the database cannot write, batches wait and are retried; past
// INGEST_BUFFER_MESSAGES waiting, the ingest stops reading (the broker keeps the rest).
import mqtt, { type IPublishPacket, type MqttClient } from "mqtt";
import { deviceRoutes, type DeviceRoute } from "@/lib/services/telemetry/connection";
import { rollQueued, storeBatch, type DeviceStatus, type SampleRow } from "@/lib/services/telemetry/store";
import { parseMessage } from "@/lib/telemetry/formats/parse";
import { type TelemetryErrorKind, TelemetryInputError } from "@/lib/telemetry/formats/types";
import { measurementFor } from "@/lib/telemetry/channels";
import { BATCH_MAX_DELAY_MS, BATCH_MAX_MESSAGES, INGEST_BUFFER_MESSAGES, MAX_PACKET_BYTES, ROLLUP_EVERY_MS } from "@/lib/telemetry/limits";
import { DeviceRateLimit } from "@/lib/telemetry/rate";
import { rollupCutoff } from "@/lib/telemetry/rollup-policy";
import { isDatabaseUnavailable } from "@/lib/db";
import { logError } from "@/lib/log";
import { onAccessChange } from "./access-events";
import { GapRepair } from "./repair";

export type IngestOptions = {
  url: string;
  username: string;
  password: string;
  clientId: string;
  /** MQTT 5 shared subscription group (Mosquitto): several ingests split the stream */
  sharedGroup?: string;
  /**
   * A session the broker keeps while the ingest is away (what it had not acknowledged is sent
   * again when it comes back). Off for the broker in the same process: both go together, and
   * aedes keeps a persistent session's unacknowledged messages in a list it searches at each
   * acknowledgement (a third of the ingest's rate at 5,000 frames a second: bench:telemetry).
   */
  persistentSession?: boolean;
  maxPerSecond: number;
  /** how often the queued rollups are looked at (ROLLUP_EVERY_MS; tests shorten it) */
  rollupEveryMs?: number;
  /** roll every queued batch at each look, the open minute's too (tests), rather than closed minutes only (lib/telemetry/rollup-policy.ts) */
  rollOpenMinutes?: boolean;
  now?: () => number;
  /** called after each committed batch with its samples (bench:telemetry measures publish-to-stored with it) */
  onStored?: (samples: readonly SampleRow[], at: number) => void;
};

export type IngestStats = { received: number; stored: number; duplicates: number; refused: number; unknownTopic: number; dropped: number; pending: number; batches: number; rolls: number; rollMs: number; failures: number; writeMs: number };

type Pending = { messageId?: number; generation: number };

/**
 * A status written at most this often per device when nothing else changed (last seen, counts,
 * "online" again while this ingest last wrote it online). Writing each talking device's row at
 * every batch cost more than the samples with 10,000 devices (bench:telemetry).
 */
const STATUS_EVERY_MS = 30_000;

/** Between two slices of a rollup pass: the batches' writes go first (bench:telemetry). */
const ROLLUP_PAUSE_MS = 100;
/** A minute's pass is spread over up to this long (store.ts pauseAfter): it ends before the next minute's is due. */
const ROLLUP_SPREAD_MS = 45_000;
/** Measurements per slice of a pass: each slice a short stall of the batches rather than a long one. */
const ROLLUP_SLICE = 500;
/** How long a stopping ingest rolls what is queued, at most. */
const STOP_ROLL_MS = 10_000;

export class Ingest {
  private client?: MqttClient;
  private routes = new Map<string, DeviceRoute>();
  private reloadWanted = false;
  private samples: SampleRow[] = [];
  private acks: Pending[] = [];
  private statuses = new Map<number, DeviceStatus>();
  private statusWrittenAt = new Map<number, number>();
  /** what this ingest last wrote of each device's online state */
  private onlineWritten = new Map<number, boolean>();
  /** devices whose state came from their `online` topic since the last write: written at once (another ingest may have written otherwise) */
  private onlineSaid = new Set<number>();
  private generation = 0;
  private timer?: NodeJS.Timeout;
  private rollTimer?: NodeJS.Timeout;
  private rolling?: Promise<void>;
  private flushing?: Promise<void>;
  private resumeReading: (() => void)[] = [];
  private stopEvents?: () => void;
  private stopped = false;
  private retryDelay = 0;
  private unknownReloadAt = 0;
  /** when the oldest message not yet in a batch arrived */
  private firstPendingAt?: number;
  private readonly limiter: DeviceRateLimit;
  readonly repair: GapRepair;
  readonly stats: IngestStats = { received: 0, stored: 0, duplicates: 0, refused: 0, unknownTopic: 0, dropped: 0, pending: 0, batches: 0, rolls: 0, rollMs: 0, failures: 0, writeMs: 0 };
  private readonly now: () => number;

  constructor(private readonly o: IngestOptions) {
    this.now = o.now ?? Date.now;
    this.limiter = new DeviceRateLimit(o.maxPerSecond);
    this.repair = new GapRepair(
      (topic, payload) => this.client?.publish(topic, payload, { qos: 1 }),
      (deviceId, kind, reason) => this.refuse(deviceId, kind, reason),
    );
  }

  async start(): Promise<void> {
    const events = onAccessChange(() => this.wantReload());
    this.stopEvents = events.stop;
    await events.ready;
    await this.loadRoutes();
    const client = mqtt.connect(this.o.url, {
      clientId: this.o.clientId,
      username: this.o.username,
      password: this.o.password,
      clean: !(this.o.persistentSession ?? true),
      protocolVersion: this.o.sharedGroup ? 5 : 4,
      ...(this.o.sharedGroup && { properties: { sessionExpiryInterval: 3600, receiveMaximum: 65535 } }),
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      resubscribe: true,
    });
    this.client = client;
    client.handleMessage = (packet, callback) => this.onMessage(packet, callback);
    client.on("connect", () => {
      // acknowledgements of the previous connection's messages are void: the broker sends them again
      this.generation++;
      const topic = this.o.sharedGroup ? `$share/${this.o.sharedGroup}/#` : "#";
      client.subscribe(topic, { qos: 1 }, (err) => {
        if (err) logError("telemetry: the ingest could not subscribe", err);
      });
    });
    client.on("error", (err) => logError("telemetry: the ingest's MQTT connection", err, undefined, "warn"));
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`the MQTT broker at ${this.o.url.replace(/\/\/[^@]*@/, "//")} did not answer within 15 s`)), 15_000);
      client.once("connect", () => {
        clearTimeout(t);
        resolve();
      });
    });
    this.timer = setInterval(() => void this.flush(), BATCH_MAX_DELAY_MS);
    this.timer.unref();
    // what a process stopped before rolling left in the queue is rolled at once
    void this.roll(true);
    this.rollTimer = setInterval(() => void this.roll(), this.o.rollupEveryMs ?? ROLLUP_EVERY_MS);
    this.rollTimer.unref();
  }

  /** Stops reading, writes what it holds (its acknowledgements with it), and disconnects. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.rollTimer);
    this.repair.stop();
    this.stopEvents?.();
    await this.flush();
    await this.rolling;
    // what is queued, for at most STOP_ROLL_MS: the other ingests (or the next start) roll the rest
    await this.roll(true, Date.now() + STOP_ROLL_MS);
    await this.client?.endAsync().catch(() => undefined);
  }

  private wantReload() {
    this.reloadWanted = true;
  }

  /** A topic no device has: perhaps a device just made; the map is read again, at most every 5 s for such topics. */
  private unknownTopicSeen() {
    const now = this.now();
    if (now - this.unknownReloadAt < 5_000) return;
    this.unknownReloadAt = now;
    this.reloadWanted = true;
  }

  private async loadRoutes() {
    const routes = await deviceRoutes();
    this.routes = new Map(routes.map((r) => [r.topicPrefix, r]));
    // what is stored of each device's online state, as read now: a device made since (its row new,
    // its state unknown) gets its state written at its first message, whatever this ingest wrote
    // before under the same id
    this.onlineWritten = new Map(routes.flatMap((r) => (r.online === null ? [] : [[r.deviceId, r.online] as const])));
  }

  /** The device whose prefix the topic is under (the longest, though prefixes never overlap), and the rest of the topic. */
  private route(topic: string): { route: DeviceRoute; subtopic: string } | null {
    let cut = topic.length;
    while (cut > 0) {
      const r = this.routes.get(topic.slice(0, cut));
      if (r) return { route: r, subtopic: topic.slice(cut + 1) };
      cut = topic.lastIndexOf("/", cut - 1);
    }
    return null;
  }

  private status(deviceId: number): DeviceStatus {
    let s = this.statuses.get(deviceId);
    if (!s) this.statuses.set(deviceId, (s = { deviceId, messages: 0, errors: 0 }));
    return s;
  }

  private refuse(deviceId: number, kind: TelemetryErrorKind, reason: string) {
    this.stats.refused++;
    const s = this.status(deviceId);
    s.errors++;
    s.lastError = { kind, reason, at: this.now() };
  }

  private onMessage(packet: IPublishPacket, callback: (err?: Error) => void) {
    this.stats.received++;
    if (packet.qos > 0) this.acks.push({ messageId: packet.messageId, generation: this.generation });
    this.firstPendingAt ??= this.now();
    try {
      this.read(packet);
    } catch (err) {
      logError("telemetry: a message could not be read", err);
    }
    if (this.samples.length >= BATCH_MAX_MESSAGES || this.acks.length >= BATCH_MAX_MESSAGES) void this.flush();
    const answer = () => callback(packet.qos > 0 ? NOT_YET : undefined);
    // too much waiting for the database: read nothing more until a batch is written
    if (this.acks.length >= INGEST_BUFFER_MESSAGES) this.resumeReading.push(answer);
    else answer();
  }

  private read(packet: IPublishPacket) {
    const topic = packet.topic;
    const found = this.route(topic);
    if (!found) {
      this.stats.unknownTopic++;
      this.unknownTopicSeen();
      return;
    }
    const { route, subtopic } = found;
    const now = this.now();
    const payload = typeof packet.payload === "string" ? Buffer.from(packet.payload) : packet.payload;
    if (payload.length > MAX_PACKET_BYTES) return this.refuse(route.deviceId, "too_large", `A message of ${payload.length} bytes is larger than the ${MAX_PACKET_BYTES} allowed: dropped`);
    if (!packet.retain && !this.limiter.take(route.deviceId, now)) {
      this.stats.dropped++;
      const s = this.status(route.deviceId);
      s.errors++;
      if (!s.lastError || now - s.lastError.at > 60_000) s.lastError = { kind: "too_fast", reason: `More than ${this.o.maxPerSecond} messages a second: the extra ones are dropped`, at: now };
      return;
    }
    if (route.format === "shelly_gen2" && this.repair.isAnswer(subtopic)) {
      void this.repair.answer(route, subtopic, payload).catch((err) => logError("telemetry: a device's records could not be stored", err, undefined, "warn"));
      return;
    }
    let parsed;
    try {
      parsed = parseMessage(route.format, subtopic, payload, now);
    } catch (err) {
      if (err instanceof TelemetryInputError) return this.refuse(route.deviceId, err.kind, err.reason);
      throw err;
    }
    const s = this.status(route.deviceId);
    if (parsed.kind === "ignored") return;
    if (parsed.kind === "online") {
      s.online = parsed.online;
      this.onlineSaid.add(route.deviceId);
      if (!packet.retain) s.seenAt = now;
      return;
    }
    s.messages++;
    if (!packet.retain) {
      s.seenAt = now;
      s.online = true;
    }
    if (parsed.meter) s.meter = parsed.meter;
    const ts = parsed.ts ?? now;
    if (!packet.retain) this.repair.note(route, ts);
    for (const [key, values] of Object.entries(parsed.channels)) {
      const measurementId = measurementFor(route.format, key, route.measurements);
      if (measurementId === null) continue;
      this.samples.push({ measurementId, ts, ...values });
    }
  }

  /**
   * Computes the queued rollups of closed minutes (`all`: every queued one), one pass at a time,
   * until none is left (or `until`). A failure waits for the next pass: the queue's rows stay until a pass
   * commits them.
   */
  roll(all = false, until = Infinity): Promise<void> {
    const queuedBefore = all || this.o.rollOpenMinutes ? undefined : rollupCutoff(this.now());
    this.rolling ??= (async () => {
      try {
        while (Date.now() < until) {
          const started = performance.now();
          // closed minutes are spread over the next minute; a flush of everything (at a stop) is not
          const paced = queuedBefore ? { slice: ROLLUP_SLICE, spreadMs: ROLLUP_SPREAD_MS } : {};
          if (!(await rollQueued({ queuedBefore, pauseMs: ROLLUP_PAUSE_MS, ...paced }))) break;
          this.stats.rolls++;
          this.stats.rollMs += performance.now() - started;
        }
      } catch (err) {
        if (!isDatabaseUnavailable(err)) logError("telemetry: the rollups could not be computed", err, undefined, "warn");
      }
    })().finally(() => (this.rolling = undefined));
    return this.rolling;
  }

  /** Writes what is held (one batch at a time), then acknowledges it. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (!this.samples.length && !this.acks.length && !this.statuses.size && !this.reloadWanted) return Promise.resolve();
    this.flushing = this.write().finally(() => {
      this.flushing = undefined;
      // what arrived while this batch was written has waited long enough: write it now rather than at the next tick
      if (!this.stopped && this.firstPendingAt !== undefined && this.now() - this.firstPendingAt >= BATCH_MAX_DELAY_MS / 2) void this.flush();
    });
    return this.flushing;
  }

  private async write() {
    if (this.reloadWanted) {
      this.reloadWanted = false;
      await this.loadRoutes().catch(() => (this.reloadWanted = true));
    }
    const samples = this.samples;
    const acks = this.acks;
    const now = this.now();
    // statuses that must go now (online other than this ingest last wrote, an error) or whose last write is old enough
    const statuses: DeviceStatus[] = [];
    for (const s of this.statuses.values()) {
      const changed = s.online !== undefined && (this.onlineSaid.has(s.deviceId) || s.online !== this.onlineWritten.get(s.deviceId));
      if (changed || s.lastError || now - (this.statusWrittenAt.get(s.deviceId) ?? 0) >= STATUS_EVERY_MS) statuses.push(s);
    }
    if (!samples.length && !acks.length && !statuses.length) return;
    this.samples = [];
    this.acks = [];
    this.firstPendingAt = undefined;
    for (const s of statuses) this.statuses.delete(s.deviceId);
    const started = performance.now();
    try {
      const stored = await storeBatch(samples, statuses, { deferRollups: true });
      this.stats.writeMs += performance.now() - started;
      this.stats.stored += stored;
      this.stats.duplicates += samples.length - stored;
      this.stats.batches++;
      this.retryDelay = 0;
      for (const s of statuses) {
        this.statusWrittenAt.set(s.deviceId, now);
        if (s.online !== undefined) this.onlineWritten.set(s.deviceId, s.online);
        this.onlineSaid.delete(s.deviceId);
      }
      this.acknowledge(acks);
      this.o.onStored?.(samples, Date.now());
    } catch (err) {
      this.stats.failures++;
      // put everything back in front, to be written first when the database answers again
      this.samples = samples.concat(this.samples);
      this.firstPendingAt = now;
      this.acks = acks.concat(this.acks);
      for (const s of statuses) this.merge(s);
      if (isForeignKeyViolation(err)) {
        // a measurement removed since its message was read: read the map again, drop its samples
        await this.loadRoutes().catch(() => undefined);
        const live = new Set([...this.routes.values()].flatMap((r) => r.measurements.map((m) => m.id)));
        this.samples = this.samples.filter((s) => live.has(s.measurementId));
        this.statusesForGone(live);
      } else {
        if (!isDatabaseUnavailable(err)) logError("telemetry: a batch could not be written", err);
        this.retryDelay = Math.min(Math.max(this.retryDelay * 2, 250), 5_000);
        await new Promise((r) => setTimeout(r, this.retryDelay));
      }
    } finally {
      this.stats.pending = this.acks.length;
      if (this.acks.length < INGEST_BUFFER_MESSAGES) for (const go of this.resumeReading.splice(0)) go();
    }
  }

  private statusesForGone(_live: Set<number>) {
    const devices = new Set([...this.routes.values()].map((r) => r.deviceId));
    for (const id of this.statuses.keys()) if (!devices.has(id)) this.statuses.delete(id);
  }

  private merge(s: DeviceStatus) {
    const cur = this.statuses.get(s.deviceId);
    if (!cur) return void this.statuses.set(s.deviceId, s);
    cur.messages += s.messages;
    cur.errors += s.errors;
    cur.seenAt = Math.max(cur.seenAt ?? 0, s.seenAt ?? 0) || undefined;
    cur.online ??= s.online;
    cur.lastError ??= s.lastError;
    cur.meter ??= s.meter;
  }

  private acknowledge(acks: Pending[]) {
    const client = this.client as unknown as { _sendPacket?: (p: object, cb?: () => void) => void; connected: boolean; stream?: { cork?: () => void; uncork?: () => void } } | undefined;
    if (!client?.connected || typeof client._sendPacket !== "function") return;
    // the batch's PUBACKs in one write
    client.stream?.cork?.();
    try {
      for (const a of acks) {
        if (a.messageId === undefined || a.generation !== this.generation) continue;
        client._sendPacket({ cmd: "puback", messageId: a.messageId });
      }
    } finally {
      client.stream?.uncork?.();
    }
  }
}

/** The error handleMessage's callback gets for a message acknowledged later: MQTT.js then sends no PUBACK and goes on. */
const NOT_YET = Object.assign(new Error("acknowledged once stored"), { name: "Deferred" });

const isForeignKeyViolation = (err: unknown) => (err as { code?: string } | null)?.code === "23503";
