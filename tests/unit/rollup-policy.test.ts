import { describe, expect, it } from "vitest";
import { rollupCutoff } from "@/lib/telemetry/rollup-policy";

describe("the ingest's rollup cutoff", () => {
  const at = (iso: string) => Date.parse(iso);
  it("is the end of the last minute over for 5 s", () => {
    expect(rollupCutoff(at("2026-12-06T12:01:04.999Z")).toISOString()).toBe("2026-12-06T12:00:00.000Z");
    expect(rollupCutoff(at("2026-12-06T12:01:05.000Z")).toISOString()).toBe("2026-12-06T12:01:00.000Z");
    expect(rollupCutoff(at("2026-12-06T12:01:59.000Z")).toISOString()).toBe("2026-12-06T12:01:00.000Z");
  });
});
