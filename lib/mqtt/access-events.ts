// What the database says when a device's MQTT access or its measurements change (the triggers of
// prisma/migrations/20261206140000_telemetry): one LISTEN connection per process, shared by the
// broker (it closes the device's connection) and the ingest (it re-reads its topic map).
// Reconnects by itself after a database outage, and then reports a change of everything, since
// notifications sent meanwhile were lost.
import pg from "pg";
import { env } from "@/lib/env";
import { logError } from "@/lib/log";

type Listener = (event: { kind: "access"; username: string } | { kind: "routes" } | { kind: "resync" }) => void;

type State = { listeners: Set<Listener>; client?: pg.Client; stopped: boolean; listening: boolean; waiters: (() => void)[] };
const g = globalThis as unknown as { foyerMqttEvents?: State };

function state(): State {
  return (g.foyerMqttEvents ??= { listeners: new Set(), stopped: false, listening: false, waiters: [] });
}

async function connect(delayMs = 0): Promise<void> {
  const s = state();
  if (s.stopped || s.client) return;
  if (delayMs) await new Promise((r) => setTimeout(r, delayMs).unref());
  const client = new pg.Client({ connectionString: env().DATABASE_URL, application_name: "foyer-mqtt-events", keepAlive: true });
  s.client = client;
  const retry = (err?: unknown) => {
    if (s.client !== client) return;
    s.client = undefined;
    s.listening = false;
    client.end().catch(() => undefined);
    if (err && !s.stopped) logError("telemetry: the database's notifications were cut, reconnecting", err, undefined, "warn");
    void connect(Math.min(Math.max(delayMs * 2, 500), 10_000));
  };
  client.on("error", retry);
  client.on("end", () => retry());
  client.on("notification", (n) => {
    const event = n.channel === "foyer_mqtt_access" ? ({ kind: "access", username: n.payload ?? "" } as const) : ({ kind: "routes" } as const);
    for (const l of s.listeners) l(event);
  });
  try {
    await client.connect();
    await client.query("LISTEN foyer_mqtt_access; LISTEN foyer_mqtt_routes");
    s.listening = true;
    for (const w of s.waiters.splice(0)) w();
    if (delayMs) for (const l of s.listeners) l({ kind: "resync" });
  } catch (err) {
    retry(err);
  }
}

/**
 * Calls `listener` on each change. `ready` resolves once the database will tell (or after
 * `readyWithinMs` if it cannot answer now: the listener then gets a "resync" when it can).
 */
export function onAccessChange(listener: Listener, readyWithinMs = 5_000): { ready: Promise<void>; stop: () => void } {
  const s = state();
  s.stopped = false;
  s.listeners.add(listener);
  void connect();
  const ready = s.listening
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        s.waiters.push(resolve);
        setTimeout(resolve, readyWithinMs).unref();
      });
  return { ready, stop: () => {
    s.listeners.delete(listener);
    if (!s.listeners.size) {
      s.stopped = true;
      const c = s.client;
      s.client = undefined;
      s.listening = false;
      void c?.end().catch(() => undefined);
    }
  } };
}
