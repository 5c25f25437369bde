// An embedded broker and an ingest for a test (lib/mqtt/), and MQTT clients that connect as a device would.
import mqtt, { type IClientOptions, type MqttClient } from "mqtt";
import { startBroker, type RunningBroker } from "@/lib/mqtt/broker";
import { Ingest } from "@/lib/mqtt/ingest";
import { INGEST_USERNAME } from "@/lib/services/telemetry/connection";

export const TEST_INGEST_PASSWORD = "test-ingest-password-0123456789";

export async function startTestBroker(): Promise<RunningBroker> {
  return startBroker({ port: 0, host: "127.0.0.1", ingestPassword: TEST_INGEST_PASSWORD });
}

export function testIngest(port: number, o: { clientId?: string; maxPerSecond?: number; url?: string; username?: string; password?: string; sharedGroup?: string } = {}) {
  return new Ingest({
    url: o.url ?? `mqtt://127.0.0.1:${port}`,
    username: o.username ?? INGEST_USERNAME,
    password: o.password ?? TEST_INGEST_PASSWORD,
    clientId: o.clientId ?? "test-ingest",
    maxPerSecond: o.maxPerSecond ?? 50,
    sharedGroup: o.sharedGroup,
    rollupEveryMs: 200,
    rollOpenMinutes: true,
  });
}

/** Connects as a device; resolves with the client, or rejects with the broker's refusal. */
export async function connectDevice(url: string, o: IClientOptions): Promise<MqttClient> {
  return mqtt.connectAsync(url, { reconnectPeriod: 0, connectTimeout: 5_000, ...o });
}

/** Resolves when `client` is closed (by the broker), or rejects after `ms`. */
export function closed(client: MqttClient, ms = 5_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!client.connected) return resolve();
    const t = setTimeout(() => reject(new Error("the connection stayed open")), ms);
    client.once("close", () => {
      clearTimeout(t);
      resolve();
    });
  });
}

/** Polls `check` until it returns a truthy value (or throws its last error after `ms`). */
export async function eventually<T>(check: () => Promise<T>, ms = 10_000, every = 100): Promise<NonNullable<T>> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const v = await check();
      if (v) return v as NonNullable<T>;
      if (Date.now() > until) throw new Error("still false");
    } catch (err) {
      if (Date.now() > until) throw err;
    }
    await new Promise((r) => setTimeout(r, every));
  }
}
