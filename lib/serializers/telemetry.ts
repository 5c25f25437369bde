// The live telemetry answers' shapes (the contract: API.md, "Live telemetry (MQTT)").
import type { MqttView } from "@/lib/services/telemetry/connection";
import type { LiveView, SeriesView } from "@/lib/services/telemetry/readings";
import { onlineOf } from "@/lib/services/telemetry/readings";
import type { BreakdownView, NowView } from "@/lib/services/telemetry/household";
import type { Breakdown } from "@/lib/telemetry/roles";
import { telemetryErrorKind } from "@/lib/telemetry/formats/types";

/** A device's last refused message: `kind` the headline the page translates (null when stored before kinds), `reason` the detail in English. */
type LastError = { kind?: string | null; reason: string; at: Date };
const lastErrorView = (e: LastError) => ({ kind: telemetryErrorKind(e.kind), reason: e.reason, at: e.at.toISOString() });

export function toMqttView({ row, broker }: MqttView) {
  return {
    broker,
    username: row.username,
    topic_prefix: row.topicPrefix,
    format: row.format,
    has_password: row.passwordHash !== null,
    online: onlineOf(row),
    last_seen: row.lastSeenAt?.toISOString() ?? null,
    last_error: row.lastError && row.lastErrorAt ? lastErrorView({ kind: row.lastErrorKind, reason: row.lastError, at: row.lastErrorAt }) : null,
  };
}

const round = (x: number) => Math.round(x * 10) / 10;
const rounded = (x: number | null) => (x === null ? null : round(x));

export function toLiveView(v: LiveView) {
  return {
    online: v.online,
    last_seen: v.lastSeen?.toISOString() ?? null,
    last_error: v.lastError ? lastErrorView(v.lastError) : null,
    measurements: v.measurements.map((m) => ({
      id: m.id,
      name: m.name,
      display_name: m.displayName,
      measure_type: m.measureType,
      classification: m.classification,
      power_w: rounded(m.powerW),
      apparent_va: rounded(m.apparentVa),
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

export function toNowView(v: NowView) {
  return {
    at: v.at?.toISOString() ?? null,
    grid_w: rounded(v.gridW),
    solar_w: rounded(v.solarW),
    home_w: rounded(v.homeW),
    consumers: v.consumers.map((c) => ({ device_id: c.deviceId, device: c.device, measurement_id: c.measurementId, name: c.name, measure_type: c.measureType, power_w: round(c.powerW) })),
    devices: v.devices.map((d) => ({ id: d.id, device: d.device, format: d.format, online: d.online, last_seen: d.lastSeen?.toISOString() ?? null, meter_prm: d.meterPrm })),
    attention: v.attention.map((a) => ({ id: a.id, device: a.device, problem: a.problem, since: a.since?.toISOString() ?? null, kind: a.kind, detail: a.detail })),
  };
}

const energy = (b: Breakdown) => ({
  grid_import_wh: round(b.grid_import_wh),
  grid_export_wh: round(b.grid_export_wh),
  solar_wh: round(b.solar_wh),
  ev_wh: round(b.ev_wh),
  consumers_wh: round(b.consumers_wh),
  home_wh: rounded(b.home_wh),
  rest_wh: rounded(b.rest_wh),
});

export function toBreakdownView(v: BreakdownView) {
  return {
    from: v.from,
    to: v.to,
    bucket: v.bucket,
    measurements: v.measurements.map((m) => ({ id: m.id, device: m.device, name: m.name, measure_type: m.measureType, role: m.role, wh: round(m.wh) })),
    total: energy(v.total),
    points: v.points.map((p) => ({ start: p.start.toISOString(), ...energy(p) })),
    reconciliation: v.reconciliation && {
      day: v.reconciliation.day,
      linky_wh: rounded(v.reconciliation.linkyWh),
      clamps_wh: rounded(v.reconciliation.clampsWh),
      gap_pct: v.reconciliation.gapPct,
    },
  };
}
