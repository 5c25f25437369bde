import { describe, expect, it } from "vitest";
import { pauseAfter, rollupCutoff } from "@/lib/telemetry/rollup-policy";

describe("the ingest's rollup cutoff", () => {
  const at = (iso: string) => Date.parse(iso);
  it("is the end of the last minute over for 5 s", () => {
    expect(rollupCutoff(at("2026-12-06T12:01:04.999Z")).toISOString()).toBe("2026-12-06T12:00:00.000Z");
    expect(rollupCutoff(at("2026-12-06T12:01:05.000Z")).toISOString()).toBe("2026-12-06T12:01:00.000Z");
    expect(rollupCutoff(at("2026-12-06T12:01:59.000Z")).toISOString()).toBe("2026-12-06T12:01:00.000Z");
  });
});

describe("the pace of a rollup pass", () => {
  it("pauses the fixed pause without a spread", () => {
    expect(pauseAfter(600, 10, 1_000, { pauseMs: 100 })).toBe(100);
    expect(pauseAfter(600, 10, 1_000, {})).toBe(0);
  });
  it("pauses twice a slice's time while the pass can still end within its spread", () => {
    // 40 slices of 500 ms: 20 s of work spread over 60 s
    expect(pauseAfter(500, 39, 500, { pauseMs: 100, spreadMs: 60_000 })).toBe(1000);
  });
  it("shortens the pause so the pass ends within its spread, never under the fixed pause", () => {
    // 10 slices of 1 s left, 30 s of 45 gone: (45 − 30 − 10) / 10 = 0.5 s
    expect(pauseAfter(1000, 10, 30_000, { pauseMs: 100, spreadMs: 45_000 })).toBe(500);
    // already late: the fixed pause only
    expect(pauseAfter(1000, 10, 44_000, { pauseMs: 100, spreadMs: 45_000 })).toBe(100);
  });
});
