// Enedis Data Connect sandbox: two usage points, v5 load curves (metering_data_clc/plc).
import crypto from "node:crypto";
import { sandboxHandler, type SandboxOptions, type VendorSandbox } from "./common";

/** The usage points every sandbox consent grants; the first one also produces (solar panels). */
export const SANDBOX_USAGE_POINTS = ["24880057139941", "25946599093143"] as const;
export const SANDBOX_PRODUCER = SANDBOX_USAGE_POINTS[0];

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");
const fmt = (t: number) => {
  const d = new Date(t);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
};

/** A number in [0, 1) fixed by its inputs: the same meter and instant always give the same value. */
function unit(...parts: (string | number)[]): number {
  return crypto.createHash("sha256").update(parts.join("|")).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * The average power (W) over the half hour ending at `t` (local time, as Enedis dates its
 * readings): a household's night base, morning and evening peaks; or a solar bell.
 */
export function sandboxPower(kind: "consumption" | "production", usagePointId: string, t: number): number {
  const d = new Date(t - 15 * 60_000);
  const h = d.getUTCHours() + d.getUTCMinutes() / 60;
  if (kind === "production") {
    if (h < 6 || h > 20) return 0;
    const clouds = 0.45 + 0.55 * unit(usagePointId, "sky", Math.floor(t / DAY));
    return Math.round(3000 * Math.sin((Math.PI * (h - 6)) / 14) * clouds * (0.9 + 0.1 * unit(usagePointId, t)));
  }
  const base = 250 + 100 * unit(usagePointId, "base");
  const morning = h >= 6.5 && h < 9 ? 900 : 0;
  const evening = h >= 18 && h < 22.5 ? 1500 : 0;
  return Math.round(base + (morning + evening) * (0.6 + 0.4 * unit(usagePointId, "peak", Math.floor(t / DAY))) + 200 * unit(usagePointId, t));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const err = (status: number, error: string, description: string) => Response.json({ error, error_description: description }, { status });

function loadCurve(kind: "consumption" | "production", url: URL): Response {
  const id = url.searchParams.get("usage_point_id") ?? "";
  const start = url.searchParams.get("start") ?? "";
  const end = url.searchParams.get("end") ?? "";
  if (!/^\d{14}$/.test(id)) return err(400, "ADAM-ERR0069", "The usage_point_id parameter must be 14 digits");
  if (!DATE.test(start) || !DATE.test(end) || Number.isNaN(Date.parse(start)) || Number.isNaN(Date.parse(end))) {
    return err(400, "ADAM-ERR0015", "The start and end parameters must be dates as YYYY-MM-DD");
  }
  const from = Date.parse(`${start}T00:00:00Z`);
  const to = Date.parse(`${end}T00:00:00Z`);
  if (to <= from) return err(400, "ADAM-ERR0123", "The end date must be after the start date");
  if (to - from > 7 * DAY) return err(400, "ADAM-ERR0125", "The requested period cannot exceed 7 days for a load curve");
  if (kind === "production" && id !== SANDBOX_PRODUCER) return err(404, "no_data_found", "No production data found for this usage point");
  const interval_reading = [];
  for (let t = from + 30 * 60_000; t <= to; t += 30 * 60_000) {
    interval_reading.push({ value: String(sandboxPower(kind, id, t)), date: fmt(t), interval_length: "PT30M", measure_type: "B" });
  }
  return Response.json({
    meter_reading: {
      usage_point_id: id,
      start,
      end,
      quality: "BRUT",
      reading_type: { measurement_kind: "power", unit: "W", aggregate: "average" },
      interval_reading,
    },
  });
}

const linky: VendorSandbox = {
  vendor: "linky",
  title: "Enedis: share your Linky data",
  expiresIn: 12_600,
  scope: "fr_be_cons_detail_load_curve fr_be_prod_detail_load_curve",
  redirectExtras: () => ({ usage_point_id: SANDBOX_USAGE_POINTS.join(",") }),
  tokenExtras: () => ({ usage_points_id: SANDBOX_USAGE_POINTS.join(",") }),
  data(req, path, { bearer }) {
    const kind = path === "/metering_data_clc/v5/consumption_load_curve" ? "consumption" : path === "/metering_data_plc/v5/production_load_curve" ? "production" : null;
    if (!kind || req.method !== "GET") return err(404, "not_found", "No such resource");
    if (!bearer) return err(401, "invalid_token", "The access token is invalid or expired");
    return loadCurve(kind, new URL(req.url));
  },
};

export const linkySandbox = (opts: SandboxOptions) => sandboxHandler(linky, opts);
