import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { makeCast, type TestUser } from "../factories/users";
import { GrafanaFake, grafanaDashboard } from "../fakes/grafana";
import { useEnv, withEnv } from "../helpers/env";
import * as route from "@/app/api/v1/dashboards/route";

const grafana = new GrafanaFake();
const energy = { id: 100, uid: "f-energy", title: "Energy" };

beforeAll(async () => {
  await grafana.start();
});
afterAll(() => grafana.stop());
// the app's dashboard service is the fake (lib/services/dashboards reads these at each call)
useEnv(() => ({ DASHBOARD_URL: grafana.origin, DASHBOARD_TOKEN: grafana.token }));

let cast: { owner: TestUser; other: TestUser; admin: TestUser };
beforeEach(async () => {
  grafana.failWith = null;
  grafana.ignoreTagFilter = false;
  grafana.seen.length = 0;
  grafana.items = [
    grafanaDashboard(1, "Home overview", ["production"]),
    grafanaDashboard(2, "Draft panel", ["staging"]),
    grafanaDashboard(3, "Solar production", ["production", "solar"], energy),
    grafanaDashboard(4, "Battery", ["production"], energy),
  ];
  cast = await makeCast();
});

const list = (token?: string) => call(route.GET, { path: "/api/v1/dashboards", token });

describe("GET /api/v1/dashboards", () => {
  it.each([
    ["anon", 401],
    ["owner", 200],
    ["other", 200],
    ["admin", 200],
  ] as const)("%s gets %i", async (who, status) => {
    const r = await list(who === "anon" ? undefined : cast[who].token);
    expect(r.status).toBe(status);
    if (status === 401) {
      expect(r.body).toEqual({ detail: "Could not validate credentials", code: "not_authenticated" });
      expect(r.headers.get("www-authenticate")).toBe("Bearer");
      expect(grafana.seen).toHaveLength(0);
    }
  });

  it("lists the production dashboards with the contract's fields, in Grafana's order", async () => {
    const r = await list(cast.owner.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { id: 1, title: "Home overview", url: "/d/uid-1/home-overview", type: "dash-db", tags: ["production"], folderTitle: "General" },
      { id: 3, title: "Solar production", url: "/d/uid-3/solar-production", type: "dash-db", tags: ["production", "solar"], folderTitle: "Energy" },
      { id: 4, title: "Battery", url: "/d/uid-4/battery", type: "dash-db", tags: ["production"], folderTitle: "Energy" },
    ]);
    expect(r.headers.get("x-total-count")).toBe("3");
    // asked Grafana's documented search with the server's token
    expect(grafana.seen).toHaveLength(1);
    expect(grafana.seen[0].path).toBe("/api/search");
    expect(grafana.seen[0].query.get("tag")).toBe("production");
    expect(grafana.seen[0].query.get("type")).toBe("dash-db");
    expect(grafana.seen[0].authorization).toBe(`Bearer ${grafana.token}`);
  });

  it("keeps only dashboards tagged production even when Grafana ignores the tag filter", async () => {
    grafana.ignoreTagFilter = true;
    const r = await list(cast.owner.token);
    expect(r.status).toBe(200);
    expect(r.body.map((d: { id: number }) => d.id)).toEqual([1, 3, 4]);
  });

  it("puts a dashboard outside any folder in General", async () => {
    grafana.items = [grafanaDashboard(7, "Loose", ["production"])];
    const r = await list(cast.other.token);
    expect(r.body).toEqual([expect.objectContaining({ id: 7, folderTitle: "General" })]);
  });

  it("answers an empty list when nothing is tagged production", async () => {
    grafana.items = [grafanaDashboard(2, "Draft panel", ["staging"])];
    const r = await list(cast.owner.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });

  it("answers 503 when no dashboard service is configured", async () => {
    const r = await withEnv({ DASHBOARD_URL: undefined, DASHBOARD_TOKEN: undefined }, () => list(cast.owner.token));
    expect(r).toMatchObject({ status: 503, body: { detail: "Dashboards have not been enabled yet" } });
  });

  it.each<[string, () => void, Record<string, string>]>([
    ["answers 500", () => (grafana.failWith = { status: 500, body: { message: "database is locked" } }), {}],
    ["refuses the token", () => {}, { DASHBOARD_TOKEN: "glsa_revoked" }],
    ["sends something else than a search result", () => (grafana.failWith = { status: 200, body: { dashboards: "nope" } }), {}],
  ])("answers 502 when Grafana %s", async (_what, arrange, vars) => {
    arrange();
    const r = await withEnv(vars, () => list(cast.owner.token));
    expect(r).toMatchObject({ status: 502, body: { detail: "Failed to get grafana dashboards" } });
  });

  it("answers 502 when Grafana cannot be reached", async () => {
    const down = new GrafanaFake();
    await down.start();
    await down.stop();
    const r = await withEnv({ DASHBOARD_URL: down.origin }, () => list(cast.owner.token));
    expect(r).toMatchObject({ status: 502, body: { detail: "Failed to get grafana dashboards" } });
  });

  it("never shows the service's token, whatever the answer", async () => {
    const bodies = [JSON.stringify((await list(cast.owner.token)).body)];
    grafana.failWith = { status: 500, body: { message: "boom" } };
    const failed = await list(cast.owner.token);
    bodies.push(JSON.stringify(failed.body), JSON.stringify([...failed.headers]));
    for (const b of bodies) expect(b).not.toContain(grafana.token);
  });
});
