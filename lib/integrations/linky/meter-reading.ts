// The contract's Linky load curve (the v5 `meter_reading` that
// /api/integrations/linky/my/{meter}/consumption|production answers) built from 2026 or stored
// points, so that those endpoints can be answered from the history store or the 2026 client with
// the same JSON as from the v5 API: average W per interval, stamped at the interval's END in Paris
// time, as Enedis stamps them.
import type { MeterReading } from "./client";
import type { CurvePoint } from "./data";
import { parisLocalString } from "@/lib/time/paris";

/** `start` and `end` are the asked local days (`end` excluded), as the v5 answer repeats them. */
export function meterReadingOf(usagePointId: string, start: string, end: string, points: CurvePoint[]): MeterReading {
  const sorted = [...points].sort((a, b) => a.start.getTime() - b.start.getTime());
  return {
    usage_point_id: usagePointId,
    start,
    end,
    quality: sorted.length && sorted.every((p) => p.quality === "BEST") ? "BEST" : "BRUT",
    reading_type: { measurement_kind: "power", unit: "W", aggregate: "average" },
    interval_reading: sorted.map((p) => ({
      value: String(Math.round((p.wh * 60) / p.stepMin)),
      date: parisLocalString(p.start.getTime() + p.stepMin * 60_000),
      interval_length: `PT${p.stepMin}M`,
      measure_type: "B",
    })),
  };
}
