// The ceiling of npm run bench:api (app/api/bench/ceiling/[name]): absent (the catch-all's 404)
// unless the benchmark's server set FOYER_BENCH=1; then the bytes the benchmark wrote, as a list answers.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/bench/ceiling/[name]/route";

const call = (name: string) => GET(new Request(`http://localhost/api/bench/ceiling/${name}`), { params: Promise.resolve({ name }) });

describe("GET /api/bench/ceiling/{name}", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is a 404 without FOYER_BENCH=1, even with a folder of bodies", async () => {
    vi.stubEnv("FOYER_BENCH", "");
    vi.stubEnv("FOYER_BENCH_DIR", os.tmpdir());
    const res = await call("locations_my");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "Not Found", code: "not_found" });
  });

  it("serves the benchmark's bytes and total under FOYER_BENCH=1; a 404 for a name it has no body for", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foyer-ceiling-"));
    fs.writeFileSync(path.join(dir, "schedules.json"), '[{"id":1}]');
    fs.writeFileSync(path.join(dir, "schedules.total"), "1");
    vi.stubEnv("FOYER_BENCH", "1");
    vi.stubEnv("FOYER_BENCH_DIR", dir);
    const res = await call("schedules");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('[{"id":1}]');
    expect(res.headers.get("x-total-count")).toBe("1");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect((await call("users")).status).toBe(404);
    expect((await call("../etc")).status).toBe(404);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
