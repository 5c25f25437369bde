// The contract's v5 `meter_reading` rebuilt from 2026 points (lib/integrations/linky/meter-reading.ts)
// is the v5 answer: same values, same interval-end stamps, DST days included.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { sandboxConfig } from "@/lib/integrations/config";
import { LinkyClient } from "@/lib/integrations/linky/client";
import { LinkyDataClient } from "@/lib/integrations/linky/data";
import { meterReadingOf } from "@/lib/integrations/linky/meter-reading";
import type { Fetch } from "@/lib/integrations/oauth";
import { createSandbox } from "@/lib/integrations/sandbox";
import { SANDBOX_PRODUCER } from "@/lib/integrations/sandbox/linky";

const now = Date.parse("2026-11-23T12:00:00Z");
const handle = createSandbox("linky", { secret: crypto.randomBytes(32), appUrl: "http://app.test", now: () => now, linky: { maxPerSecond: 0 } });
const f: Fetch = async (input, init) => handle(new Request(input as string, init));
const config = sandboxConfig("linky", "http://vendor.test", f);

describe("meterReadingOf", () => {
  it.each([
    ["2026-10-24", "2026-10-27", 146],
    ["2026-03-28", "2026-03-30", 94],
    ["2026-06-01", "2026-06-03", 96],
  ])("%s to %s: the v5 answer's readings (%i)", async (start, end, n) => {
    const v5 = new LinkyClient(config);
    const token = (await handle(new Request(config.tokenUrl, { method: "POST", body: new URLSearchParams({ grant_type: "client_credentials", client_id: config.clientId, client_secret: config.clientSecret }) })).then((r) => r.json())) as { access_token: string };
    const old = await v5.loadCurve(token.access_token, "production", SANDBOX_PRODUCER, start, end);
    const points = await new LinkyDataClient(config, { now: () => now }).curve(SANDBOX_PRODUCER, "production", start, end);
    const rebuilt = meterReadingOf(SANDBOX_PRODUCER, start, end, points);
    expect(rebuilt.interval_reading).toHaveLength(n);
    expect(rebuilt.interval_reading).toEqual(old.interval_reading);
    expect(rebuilt).toMatchObject({ usage_point_id: SANDBOX_PRODUCER, start, end, quality: "BEST", reading_type: { unit: "W" } });
  });

  it("is BRUT unless every point is BEST, and empty for no points", () => {
    const p = (quality: string) => ({ start: new Date("2026-01-01T00:00:00Z"), stepMin: 30, wh: 100.4, quality });
    expect(meterReadingOf("1", "2026-01-01", "2026-01-02", [p("BEST"), p("BRUT")]).quality).toBe("BRUT");
    expect(meterReadingOf("1", "2026-01-01", "2026-01-02", [p("BEST")]).interval_reading).toEqual([{ value: "201", date: "2026-01-01 01:30:00", interval_length: "PT30M", measure_type: "B" }]);
    expect(meterReadingOf("1", "2026-01-01", "2026-01-02", [])).toMatchObject({ quality: "BRUT", interval_reading: [] });
  });
});
