// The live telemetry answers' shapes (the contract: API.md, "Live telemetry (MQTT)").
import type { MqttView } from "@/lib/services/telemetry/connection";
import type { LiveView, SeriesView } from "@/lib/services/telemetry/readings";
import { onlineOf } from "@/lib/services/telemetry/readings";

export function toMqttView({ row, broker }: MqttView) {
  return {
    broker,
    username: row.username,
    topic_prefix: row.topicPrefix,
    format: row.format,
    has_password: row.passwordHash !== null,
    online: onlineOf(row),
    last_seen: row.lastSeenAt?.toISOString() ?? null,
    last_error: row.lastError && row.lastErrorAt ? { reason: row.lastError, at: row.lastErrorAt.toISOString() } : null,
  };
}

const round = (x: number) => Math.round(x * 10) / 10;
const rounded = (x: number | null) => (x === null ? null : round(x));

export function toLiveView(v: LiveView) {
  return {
    online: v.online,
    last_seen: v.lastSeen?.toISOString() ?? null,
    last_error: v.lastError ? { reason: v.lastError.reason, at: v.lastError.at.toISOString() } : null,
    measurements: v.measurements.map((m) => ({
      id: m.id,
      name: m.name,
      display_name: m.displayName,
      measure_type: m.measureType,
      classification: m.classification,
      power_w: rounded(m.powerW),
      import_wh_today: round(m.importWhToday),
      export_wh_today: round(m.exportWhToday),
      at: m.at?.toISOString() ?? null,
    })),
  };
}

export function toSeriesView(v: SeriesView) {
  return {
    step: v.step,
    measurements: v.measurements.map((m) => ({
      id: m.id,
      name: m.name,
      points: m.points.map((p) => ({
        start: p.start.toISOString(),
        power_w_avg: rounded(p.power_w_avg),
        power_w_min: rounded(p.power_w_min),
        power_w_max: rounded(p.power_w_max),
        import_wh: round(p.import_wh),
        export_wh: round(p.export_wh),
      })),
    })),
  };
}
