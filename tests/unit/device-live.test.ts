// The device page's live telemetry in words and on its chart's grid (components/devices/live-text.ts,
// power-series.ts, lib/swr/use-telemetry.ts seriesRange): how long ago, which way the power goes,
// which channel each measurement receives (held to the ingest's own rule), the chart's period.
// W and kW (wattsText) are tested in energy-breakdown.test.ts.
import { describe, expect, it } from "vitest";
import { agoOf, channelSources, channelsInSlot, flowOf } from "@/components/devices/live-text";
import { isolatedPoints, onGrid } from "@/components/devices/power-series";
import { seriesRange } from "@/lib/swr/use-telemetry";
import { channelSlot, measurementFor } from "@/lib/telemetry/channels";
import { TELEMETRY_FORMATS } from "@/lib/telemetry/formats/types";

describe("agoOf", () => {
  const now = Date.parse("2026-12-06T12:00:00Z");
  it("says now under 5 s (and for a time ahead), then seconds, minutes, hours, days", () => {
    expect(agoOf(now - 4_999, now)).toEqual({ unit: "now", count: 0 });
    expect(agoOf(now + 30_000, now)).toEqual({ unit: "now", count: 0 });
    expect(agoOf(now - 12_000, now)).toEqual({ unit: "s", count: 12 });
    expect(agoOf(now - 59_999, now)).toEqual({ unit: "s", count: 59 });
    expect(agoOf(now - 60_000, now)).toEqual({ unit: "min", count: 1 });
    expect(agoOf(now - 3_599_000, now)).toEqual({ unit: "min", count: 59 });
    expect(agoOf(now - 3_600_000, now)).toEqual({ unit: "h", count: 1 });
    expect(agoOf(now - 86_399_000, now)).toEqual({ unit: "h", count: 23 });
    expect(agoOf(now - 3 * 86_400_000, now)).toEqual({ unit: "d", count: 3 });
  });
});

describe("flowOf", () => {
  const m = (measure_type: string, classification: string | null = null) => ({ measure_type, classification });
  it("says the home draws from the grid or sends to it", () => {
    expect(flowOf(m("total_home"), 800)).toBe("drawing");
    expect(flowOf(m("total_home"), -1200)).toBe("sending");
    expect(flowOf(m("total_home"), -0.2)).toBe("drawing");
  });
  it("says solar produces whichever way its clamp reads", () => {
    expect(flowOf(m("pv"), -1200)).toBe("producing");
    expect(flowOf(m("pv"), 1200)).toBe("producing");
    expect(flowOf(m("other", "production"), 300)).toBe("producing");
  });
  it("says anything else uses power, or sends it back", () => {
    expect(flowOf(m("ev"), 7400)).toBe("using");
    expect(flowOf(m("other"), -50)).toBe("returning");
  });
});

describe("which channel a measurement receives", () => {
  it("gives each slot the keys the ingest puts in that slot", () => {
    for (const format of TELEMETRY_FORMATS) {
      for (let n = 0; n < 6; n++) {
        for (const key of channelsInSlot(format, n)) expect(channelSlot(format, key), `${format} ${key}`).toBe(n);
      }
    }
    expect(channelsInSlot("teleinfo", 0)).toEqual(["tic"]);
    expect(channelsInSlot("teleinfo", 1)).toEqual([]);
    expect(channelsInSlot("foyer_json", 0)).toEqual([]);
  });

  it("agrees with the ingest's measurementFor: the prefix, else the name (foyer_json), else the order by id", () => {
    const measurements = [
      { id: 12, name: "solar", prefix: null },
      { id: 7, name: "home", prefix: "  " },
      { id: 9, name: "ev", prefix: "em1:2" },
    ];
    for (const format of TELEMETRY_FORMATS) {
      const sources = channelSources(format, measurements);
      for (const m of measurements) {
        const source = sources.get(m.id)!;
        const keys = source.kind === "order" ? source.keys : [source.key];
        for (const key of keys) expect(measurementFor(format, key, measurements), `${format} ${key}`).toBe(m.id);
      }
    }
    const gen2 = channelSources("shelly_gen2", measurements);
    expect(gen2.get(9)).toEqual({ kind: "prefix", key: "em1:2" });
    expect(gen2.get(7)).toMatchObject({ kind: "order", n: 0 });
    expect(gen2.get(12)).toMatchObject({ kind: "order", n: 1 });
    expect(channelSources("foyer_json", measurements).get(12)).toEqual({ kind: "name", key: "solar" });
  });
});

describe("the power chart's period and grid", () => {
  it("ends at the end of the step under way", () => {
    const now = Date.parse("2026-12-06T12:34:56.789Z");
    expect(seriesRange("6h", now)).toEqual({ start: Date.parse("2026-12-06T06:35:00Z"), end: Date.parse("2026-12-06T12:35:00Z"), stepMs: 60_000 });
    expect(seriesRange("7d", now)).toEqual({ start: Date.parse("2026-11-29T12:45:00Z"), end: Date.parse("2026-12-06T12:45:00Z"), stepMs: 900_000 });
  });

  it("lays each measurement's points on the grid, null where none, points outside left out", () => {
    const range = { start: Date.parse("2026-12-06T12:00:00Z"), end: Date.parse("2026-12-06T12:05:00Z"), stepMs: 60_000 };
    const { xs, ys } = onGrid(range, [
      {
        points: [
          { start: "2026-12-06T12:00:00.000Z", power_w_avg: 100 },
          { start: "2026-12-06T12:03:00.000Z", power_w_avg: -50 },
          { start: "2026-12-06T12:05:00.000Z", power_w_avg: 999 },
          { start: "2026-12-06T11:59:00.000Z", power_w_avg: 999 },
        ],
      },
      { points: [] },
    ]);
    expect(xs).toEqual([0, 1, 2, 3, 4].map((i) => range.start / 1000 + i * 60));
    expect(ys).toEqual([
      [100, null, null, -50, null],
      [null, null, null, null, null],
    ]);
  });

  it("finds the values a line cannot draw", () => {
    expect(isolatedPoints([1, null, 2, 3, null, 4])).toEqual([0, 5]);
    expect(isolatedPoints([null, 5, null])).toEqual([1]);
    expect(isolatedPoints([1, 2])).toEqual([]);
  });
});
