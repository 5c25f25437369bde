// The ceiling of npm run bench:api (app/api/bench/ceiling/[name]/route.bench.ts): a route of the
// benchmark's own build only (next.config.js under FOYER_BENCH_BUILD=1); there, the bytes the
// benchmark wrote to FOYER_BENCH_DIR, as a list answers them, and the catch-all's 404 without it.
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/bench/ceiling/[name]/route.bench";
import { buildRouteTable, matchRoute } from "@/server/api-routes";

const require = createRequire(import.meta.url);
const call = (name: string) => GET(new Request(`http://localhost/api/bench/ceiling/${name}`), { params: Promise.resolve({ name }) });
const FILE = path.resolve("app/api/bench/ceiling/[name]/route.bench.ts");

/** next.config.js as `next build` reads it with `env` set. */
function nextConfig(env: Record<string, string>) {
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  const file = require.resolve("../../next.config.js");
  delete require.cache[file];
  try {
    return require(file) as { pageExtensions: string[]; typescript?: { tsconfigPath?: string } };
  } finally {
    delete require.cache[file];
  }
}

describe("the ceiling is a route of the benchmark's build only", () => {
  afterEach(() => vi.unstubAllEnvs());

  // Next's own matcher of app/ files (the build lists its routes with it; Turbopack's reading, the
  // name up to the first dot and the rest as the extension, agrees)
  const { createValidFileMatcher } = require("next/dist/server/lib/find-page-file") as {
    createValidFileMatcher: (ext: string[], appDir: string) => { isAppRouterRoute: (file: string) => boolean };
  };
  const { defaultConfig } = require("next/dist/server/config-shared") as { defaultConfig: { pageExtensions: string[] } };

  it("is no route of a build without FOYER_BENCH_BUILD=1, whose page extensions are Next's default", () => {
    const config = nextConfig({ FOYER_BENCH_BUILD: "" });
    expect(config.pageExtensions).toEqual(defaultConfig.pageExtensions);
    expect(config.typescript).toBeUndefined();
    const matcher = createValidFileMatcher(config.pageExtensions, path.resolve("app"));
    expect(matcher.isAppRouterRoute(FILE)).toBe(false);
    expect(matcher.isAppRouterRoute(path.resolve("app/api/health/route.ts"))).toBe(true);
  });

  it("is a route of the benchmark's build (FOYER_BENCH_BUILD=1), which reads a tsconfig of its own", () => {
    const config = nextConfig({ FOYER_BENCH_BUILD: "1" });
    expect(config.pageExtensions).toEqual([...defaultConfig.pageExtensions, "bench.ts"]);
    expect(createValidFileMatcher(config.pageExtensions, path.resolve("app")).isAppRouterRoute(FILE)).toBe(true);
    expect(fs.readFileSync(path.resolve(config.typescript!.tsconfigPath!), "utf8")).toContain('"extends": "../tsconfig.json"');
  });

  it("is not in the server's route table: a GET there goes to Next (the catch-all, or in the bench's build the ceiling)", () => {
    const routes = buildRouteTable(path.resolve("app/api"), "/api");
    expect(routes.filter((r) => r.path.startsWith("/api/bench"))).toEqual([]);
    const route = matchRoute(routes, "/api/bench/ceiling/schedules");
    expect(route?.path).toBe("/api/[...path]");
    expect(route?.methods.has("GET")).toBe(true);
  });
});

describe("GET /api/bench/ceiling/{name}", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is the catch-all's 404 without FOYER_BENCH_DIR", async () => {
    vi.stubEnv("FOYER_BENCH_DIR", "");
    const res = await call("locations_my");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "Not Found", code: "not_found" });
  });

  it("serves the benchmark's bytes and total from FOYER_BENCH_DIR; a 404 for a name it has no body for", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foyer-ceiling-"));
    fs.writeFileSync(path.join(dir, "schedules.json"), '[{"id":1}]');
    fs.writeFileSync(path.join(dir, "schedules.total"), "1");
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
