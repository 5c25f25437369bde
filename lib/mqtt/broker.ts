// The embedded MQTT broker (aedes), started by the app when no MQTT_URL names a broker of your own
// (docs/telemetry.md, "Brokers"). Devices connect with their own username and password
// (lib/services/telemetry/connection.ts) and may publish and subscribe only under their own topic
// prefix (a message elsewhere is dropped and said on the device's page); the ingest
// (lib/mqtt/ingest.ts) connects as `foyer-ingest` and reads everything. A new
// password, another prefix or a deleted device closes the device's connection at once
// (lib/mqtt/access-events.ts). Packets over MAX_PACKET_BYTES close the connection before they are
// read (lib/mqtt/frame-guard.ts); wrong passwords in a loop from one address wait longer and longer.
import net from "node:net";
import tls from "node:tls";
import { readFileSync } from "node:fs";
import { timingSafeEqual } from "node:crypto";
import { Aedes, type Client, type AuthenticateError } from "aedes";
import { accessByUsername, INGEST_USERNAME, noteDeviceRefusal } from "@/lib/services/telemetry/connection";
import { verifyDevicePassword } from "@/lib/telemetry/password";
import { isUnderPrefix } from "@/lib/telemetry/channels";
import { AUTH_FAILURES_BEFORE_DELAY, MAX_PACKET_BYTES } from "@/lib/telemetry/limits";
import { onAccessChange } from "./access-events";
import { guardPacketSize } from "./frame-guard";
import { shallowEmitter } from "./emitter";
import { logError } from "@/lib/log";

/** aedes keeps its connected clients by id (not in its types) */
const clientsOf = (broker: Aedes) => (broker as unknown as { clients: Record<string, Client> }).clients;

type Who = { role: "ingest" } | { role: "device"; deviceId: number; username: string; prefix: string; hash: string | null };
const whoOf = new WeakMap<Client, Who>();

export type BrokerOptions = {
  port: number;
  host: string;
  ingestPassword: string;
  tls?: { cert: string; key: string; port: number };
};

export type RunningBroker = { port: number; tlsPort?: number; close: () => Promise<void>; connectedClients: () => number };

function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Failed logins per address: after AUTH_FAILURES_BEFORE_DELAY, each attempt is refused unheard for 1 s, 2 s, 4 s... up to a minute. */
class LoginThrottle {
  private readonly failures = new Map<string, { n: number; until: number }>();
  blocked(addr: string, now = Date.now()) {
    const f = this.failures.get(addr);
    return !!f && f.until > now;
  }
  failed(addr: string, now = Date.now()) {
    const f = this.failures.get(addr) ?? { n: 0, until: 0 };
    f.n++;
    if (f.n >= AUTH_FAILURES_BEFORE_DELAY) f.until = now + Math.min(60_000, 1000 * 2 ** (f.n - AUTH_FAILURES_BEFORE_DELAY));
    this.failures.set(addr, f);
    if (this.failures.size > 100_000) this.failures.delete(this.failures.keys().next().value!);
  }
  succeeded(addr: string) {
    this.failures.delete(addr);
  }
}

/** Messages delivered at once before the next wait their turn (aedes's default, 100). */
const BROKER_CONCURRENCY = 100;

/** Where a dropped message goes: a topic nobody receives (authorizeForward forwards none of it). */
const DROPPED = "$foyer-dropped/";

const refusal = (code: 4 | 5, message: string) => Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;

export async function startBroker(o: BrokerOptions): Promise<RunningBroker> {
  const throttle = new LoginThrottle();
  const broker = await Aedes.createBroker({
    mq: shallowEmitter(BROKER_CONCURRENCY),
    drainTimeout: 30_000,
    connectTimeout: 10_000,
    maxClientsIdLength: 128,
    queueLimit: 100,
  });

  broker.authenticate = (client, username, password, done) => {
    const addr = (client.conn as net.Socket | undefined)?.remoteAddress ?? "?";
    if (throttle.blocked(addr)) return done(refusal(5, "too many wrong passwords"), false);
    const pw = password?.toString("utf8") ?? "";
    if (!username) return done(refusal(4, "no username"), false);
    if (username === INGEST_USERNAME) {
      if (sameSecret(pw, o.ingestPassword)) {
        whoOf.set(client, { role: "ingest" });
        throttle.succeeded(addr);
        return done(null, true);
      }
      throttle.failed(addr);
      return done(refusal(4, "bad password"), false);
    }
    accessByUsername(username).then(
      (access) => {
        if (!access || !verifyDevicePassword(pw, access.passwordHash)) {
          throttle.failed(addr);
          return done(refusal(4, "bad username or password"), false);
        }
        // a device may not take over another device's session by using its client id
        const existing = clientsOf(broker)[client.id];
        const theirs = existing && whoOf.get(existing);
        if (theirs && (theirs.role !== "device" || theirs.username !== username)) return done(Object.assign(new Error("client id in use"), { returnCode: 2 }) as AuthenticateError, false);
        throttle.succeeded(addr);
        whoOf.set(client, { role: "device", deviceId: access.deviceId, username, prefix: access.topicPrefix, hash: access.passwordHash });
        done(null, true);
      },
      (err) => {
        // the database cannot answer: the device tries again later (server unavailable)
        logError("mqtt: a device's login could not be checked", err, undefined, "warn");
        done(Object.assign(new Error("unavailable"), { returnCode: 3 }) as AuthenticateError, false);
      },
    );
  };

  // a device's message outside its prefix (a Gen1 Shelly's shellies/announce, teleinfo2mqtt's
  // discovery topics, or another device's topics) is dropped, not delivered: the connection stays,
  // the device's page says so (at most once a minute per device)
  const saidAt = new Map<number, number>();
  const drop = (packet: { topic: string; retain: boolean }, who: Extract<Who, { role: "device" }>) => {
    const now = Date.now();
    if (now - (saidAt.get(who.deviceId) ?? 0) > 60_000) {
      saidAt.set(who.deviceId, now);
      void noteDeviceRefusal(who.deviceId, "outside_prefix", `A message on ${packet.topic.slice(0, 120)}, outside the device's topic prefix ${who.prefix}: dropped`).catch(() => undefined);
    }
    packet.topic = `${DROPPED}${who.deviceId}`;
    packet.retain = false;
  };

  broker.authorizePublish = (client, packet, done) => {
    // a will without its client (an earlier broker's, which this one's memory never holds): not delivered
    if (!client) return done(new Error("a will without its client"));
    const who = whoOf.get(client);
    if (who?.role === "ingest") return packet.topic.startsWith("$") ? done(new Error("reserved topic")) : done(null);
    if (who?.role === "device") {
      if (packet.topic.startsWith("$") || !isUnderPrefix(packet.topic, who.prefix)) drop(packet, who);
      return done(null);
    }
    done(new Error("not logged in"));
  };

  broker.authorizeSubscribe = (client, sub, done) => {
    const who = whoOf.get(client);
    if (who?.role === "ingest") return done(null, sub);
    if (who?.role === "device" && !sub.topic.startsWith("$") && isUnderPrefix(sub.topic.replace(/\/#$/, ""), who.prefix) && !/[+#]/.test(sub.topic.replace(/\/#$/, ""))) return done(null, sub);
    done(null, null); // refused: SUBACK 128, the connection stays
  };

  // a device receives only what is under its own prefix (retained messages included)
  broker.authorizeForward = (client, packet) => {
    if (packet.topic.startsWith(DROPPED)) return null;
    const who = whoOf.get(client);
    if (who?.role === "ingest") return packet;
    return who?.role === "device" && isUnderPrefix(packet.topic, who.prefix) ? packet : null;
  };

  // a device whose access changed (or went) is closed; after the database's notifications were
  // cut (an outage), every connected device's access is checked again (a database that cannot
  // answer closes nobody)
  const recheck = async (c: Client, who: Extract<Who, { role: "device" }>) => {
    const now = await accessByUsername(who.username);
    if (!now || now.passwordHash !== who.hash || now.topicPrefix !== who.prefix) c.close();
  };
  const events = onAccessChange((e) => {
    if (e.kind === "routes") return;
    for (const c of Object.values(clientsOf(broker))) {
      const who = whoOf.get(c);
      if (who?.role !== "device") continue;
      // checked against the database, not taken on trust: a device that logged in with its new
      // password just before the change's notification arrived keeps its connection
      if (e.kind === "resync" || who.username === e.username) void recheck(c, who).catch(() => undefined);
    }
  });
  await events.ready;

  const accept = (socket: net.Socket) => {
    guardPacketSize(socket, MAX_PACKET_BYTES, () => undefined);
    socket.setNoDelay(true);
    broker.handle(socket);
  };
  const server = net.createServer(accept);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, o.host, () => resolve());
  });
  let tlsServer: tls.Server | undefined;
  if (o.tls) {
    tlsServer = tls.createServer({ cert: readFileSync(o.tls.cert), key: readFileSync(o.tls.key) }, (s) => accept(s));
    await new Promise<void>((resolve, reject) => {
      tlsServer!.once("error", reject);
      tlsServer!.listen(o.tls!.port, o.host, () => resolve());
    });
  }
  return {
    port: (server.address() as net.AddressInfo).port,
    tlsPort: tlsServer ? (tlsServer.address() as net.AddressInfo).port : undefined,
    connectedClients: () => broker.connectedClients,
    close: async () => {
      events.stop();
      await new Promise<void>((r) => broker.close(() => r()));
      await Promise.all([new Promise((r) => server.close(r)), tlsServer && new Promise((r) => tlsServer!.close(r))]);
    },
  };
}
