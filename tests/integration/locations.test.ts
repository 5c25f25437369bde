import { beforeEach, describe, expect, it } from "vitest";
import { call, type Auth } from "../helpers/api";
import { permissionTable, type Cast, type PermissionRow } from "../helpers/permissions";
import { expectError, expectInvalid, expectListHeaders, ids } from "../helpers/assert";
import { makeCast } from "../factories/users";
import { makeDevice } from "../factories/devices";
import { makeLocation } from "../factories/locations";
import { db } from "@/lib/db";
import * as locations from "@/app/api/v1/locations/route";
import * as location from "@/app/api/v1/locations/[id]/route";
import * as myLocations from "@/app/api/v1/locations/my/route";
import * as locations1 from "@/app/api/v1/locations1/route";
import * as location1 from "@/app/api/v1/locations1/[id]/route";
import * as deviceInfo from "@/app/api/v1/device_info/[id]/route";

let cast: Cast;
/** The owner's location, with one device that has one measurement. */
let fx: { locationId: number; deviceId: number };

beforeEach(async () => {
  cast = await makeCast();
  const home = await makeLocation(cast.owner.id, { name: "Home", country: "FR", lat: "48.8566", lon: "2.3522" });
  const d = await makeDevice(cast.owner.id, { locationId: home.id, measurements: [{ name: "grid" }] });
  fx = { locationId: home.id, deviceId: d.id };
});
const at = (id: number | string) => ({ id: String(id) });

const valid = { name: "Cottage", country: "IE", lat: 53.3498, lon: -6.2603 };
const list = (token?: Auth, query = "") => call(locations.GET, { token, path: `/api/v1/locations${query}` });
const mine = (token?: Auth, query = "") => call(myLocations.GET, { token, path: `/api/v1/locations/my${query}` });
const create = (token: Auth | undefined, json: unknown) => call(locations.POST, { token, json });
const get = (token: Auth | undefined, id: number | string) => call(location.GET, { token, params: at(id) });
const put = (token: Auth | undefined, id: number | string, json: unknown) => call(location.PUT, { method: "PUT", token, params: at(id), json });
const remove = (token: Auth | undefined, id: number | string) => call(location.DELETE, { method: "DELETE", token, params: at(id) });

describe("who may do what on /api/v1/locations", () => {
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/locations", name: "GET /locations", run: (t) => list(t), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "POST /api/v1/locations", name: "POST /locations", run: (t) => create(t, valid), expect: { anon: 401, owner: 201, other: 201, admin: 201 } },
    // a household creates and keeps objects only for itself; an admin may name any owner
    { route: "POST /api/v1/locations", name: "POST /locations for another owner", run: (t) => create(t, { ...valid, owner_id: cast.other.id }), expect: { owner: 403, admin: 201 } },
    // (the owner's location has a device: it cannot change owner, even for an admin)
    { route: "PUT /api/v1/locations/[id]", name: "PUT /locations/{owner's} given to another owner", run: (t) => put(t, fx.locationId, { ...valid, owner_id: cast.other.id }), expect: { owner: 403, other: 404, admin: 422 } },
    { route: "GET /api/v1/locations/my", name: "GET /locations/my", run: (t) => mine(t), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "GET /api/v1/locations/[id]", name: "GET /locations/{owner's}", run: (t) => get(t, fx.locationId), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "GET /api/v1/locations/[id]", name: "GET /locations/{missing}", run: (t) => get(t, 999999), expect: { anon: 401, owner: 404, admin: 404 } },
    { route: "GET /api/v1/locations/[id]", name: "GET /locations/{non-numeric}", run: (t) => get(t, "home"), expect: { owner: 404, admin: 404 } },
    { route: "PUT /api/v1/locations/[id]", name: "PUT /locations/{owner's}", run: (t) => put(t, fx.locationId, valid), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "PUT /api/v1/locations/[id]", name: "PUT /locations/{missing}", run: (t) => put(t, 999999, valid), expect: { owner: 404, admin: 404 } },
    { route: "PUT /api/v1/locations/[id]", name: "PUT /locations/{non-numeric}", run: (t) => put(t, "1;", valid), expect: { owner: 404, admin: 404 } },
    { route: "DELETE /api/v1/locations/[id]", name: "DELETE /locations/{owner's}", run: (t) => remove(t, fx.locationId), expect: { anon: 401, owner: 204, other: 404, admin: 204 } },
    { route: "DELETE /api/v1/locations/[id]", name: "DELETE /locations/{missing}", run: (t) => remove(t, 999999), expect: { owner: 404, admin: 404 } },
    { route: "DELETE /api/v1/locations/[id]", name: "DELETE /locations/{non-numeric}", run: (t) => remove(t, "all"), expect: { owner: 404, admin: 404 } },
    { route: "GET /api/v1/locations1", name: "GET /locations1", run: (t) => call(locations1.GET, { token: t, path: "/api/v1/locations1" }), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "GET /api/v1/locations1/[id]", name: "GET /locations1/{owner's}", run: (t) => call(location1.GET, { token: t, params: at(fx.locationId) }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "GET /api/v1/locations1/[id]", name: "GET /locations1/{missing}", run: (t) => call(location1.GET, { token: t, params: at(999999) }), expect: { owner: 404, admin: 404 } },
    { route: "GET /api/v1/locations1/[id]", name: "GET /locations1/{non-numeric}", run: (t) => call(location1.GET, { token: t, params: at("x") }), expect: { owner: 404, admin: 404 } },
  ];
  permissionTable(rows, () => cast);

  it("answers another user's location exactly like a missing one, and changes nothing", async () => {
    const theirs = await get(cast.other.token, fx.locationId);
    expect(theirs.body).toEqual((await get(cast.other.token, 999999)).body);
    await put(cast.other.token, fx.locationId, { ...valid, name: "Stolen" });
    await remove(cast.other.token, fx.locationId);
    expect((await db.location.findUniqueOrThrow({ where: { id: fx.locationId } })).name).toBe("Home");
  });
});

describe("location bodies", () => {
  it("POST answers 201 with the contract's Location, owned by the caller", async () => {
    const r = await create(cast.other.token, valid);
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(["country", "created_at", "devices_info", "id", "lat", "lon", "name", "owner_id", "updated_at"]);
    expect(r.body).toMatchObject({ ...valid, owner_id: cast.other.id, devices_info: [] });
    expect(new Date(r.body.created_at).toISOString()).toBe(r.body.created_at);
    expect(new Date(r.body.updated_at).toISOString()).toBe(r.body.updated_at);
    expect((await get(cast.other.token, r.body.id)).body).toEqual(r.body);
  });

  it("GET carries the location's devices with their measurements, as device_info shows them", async () => {
    const r = await get(cast.owner.token, fx.locationId);
    expect(r.body).toMatchObject({ id: fx.locationId, name: "Home", country: "FR", lat: 48.8566, lon: 2.3522, owner_id: cast.owner.id });
    const device = await call(deviceInfo.GET, { token: cast.owner.token, params: at(fx.deviceId) });
    expect(r.body.devices_info).toEqual([device.body]);
    expect(r.body.devices_info[0].metadata.map((m: { name: string }) => m.name)).toEqual(["grid"]);
  });

  it("PUT replaces the whole object", async () => {
    const r = await put(cast.owner.token, fx.locationId, { id: fx.locationId, name: "Flat", country: "DE", lat: "52.52", lon: "13.405" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: fx.locationId, name: "Flat", country: "DE", lat: 52.52, lon: 13.405, owner_id: cast.owner.id });
    expect(r.body.devices_info.map((d: { id: number }) => d.id)).toEqual([fx.deviceId]);
    expect((await get(cast.owner.token, fx.locationId)).body).toEqual(r.body);
  });

  it("PUT without the whole object is 422 and changes nothing", async () => {
    const r = await put(cast.owner.token, fx.locationId, { name: "Renamed" });
    expect(r.status).toBe(422);
    expect(r.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["country", "lat", "lon"]);
    expect((await db.location.findUniqueOrThrow({ where: { id: fx.locationId } })).name).toBe("Home");
  });
});

describe("location validation", () => {
  it.each([
    ["no name", { name: undefined }, "name", "Location name is required"],
    ["a blank name", { name: "   " }, "name", "Location name is required"],
    ["a null name", { name: null }, "name", "Location name is required"],
    ["no lat", { lat: undefined }, "lat", "Latitude is required"],
    ["a null lat", { lat: null }, "lat", "Latitude is required"],
    ["an empty lat", { lat: "" }, "lat", "Latitude is required"],
    ["no lon", { lon: undefined }, "lon", "Longitude is required"],
    ["a null lon", { lon: null }, "lon", "Longitude is required"],
    ["an empty lon", { lon: " " }, "lon", "Longitude is required"],
  ])("%s is 422 with the specification's message, once", async (_name, o, path, message) => {
    const r = await create(cast.owner.token, { ...valid, ...o });
    expectInvalid(r, path, message);
    expect(r.body.detail).toBe(message);
    expect(r.body.errors).toEqual([{ path, message }]);
  });

  it("an empty body lists every required field", async () => {
    const r = await create(cast.owner.token, {});
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual(expect.arrayContaining([
      { path: "name", message: "Location name is required" },
      { path: "lat", message: "Latitude is required" },
      { path: "lon", message: "Longitude is required" },
    ]));
    expect(r.body.errors.map((e: { path: string }) => e.path)).toContain("country");
    expect(r.body.detail).toBe("Location name is required");
  });

  it.each([
    [{ lat: -90, lon: -180 }],
    [{ lat: 90, lon: 180 }],
    [{ lat: 0, lon: 0 }],
    [{ lat: 89.99999999, lon: 179.99999999 }],
    [{ lat: -12.12345678, lon: -123.87654321 }],
  ])("accepts %j and returns the same numbers", async (coords) => {
    const r = await create(cast.owner.token, { ...valid, ...coords });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.lat).toBe(coords.lat);
    expect(r.body.lon).toBe(coords.lon);
  });

  it.each([
    [{ lat: 90.00000001 }, "lat"],
    [{ lat: -90.5 }, "lat"],
    [{ lat: 91 }, "lat"],
    [{ lat: "-100" }, "lat"],
    [{ lon: 180.00000001 }, "lon"],
    [{ lon: -181 }, "lon"],
    [{ lon: "200.5" }, "lon"],
  ])("refuses %j, out of range", async (o, path) => {
    const r = await create(cast.owner.token, { ...valid, ...o });
    expectInvalid(r, path);
    expect(r.body.errors).toHaveLength(1);
  });

  it.each([
    [{ lat: 48.123456789 }, "lat"],
    [{ lat: "48.123456789" }, "lat"],
    [{ lon: 2.000000001 }, "lon"],
    [{ lon: "-2.123456789" }, "lon"],
    [{ lat: 1e-9 }, "lat"],
  ])("refuses %j, more than 8 decimals", async (o, path) => {
    expectInvalid(await create(cast.owner.token, { ...valid, ...o }), path);
  });

  it.each([
    [{ lat: "48.85", lon: "2.35" }, 48.85, 2.35],
    [{ lat: " -33.8688 ", lon: "151.2093" }, -33.8688, 151.2093],
    [{ lat: "45", lon: "-0" }, 45, 0],
    [{ lat: "12.12345678", lon: "-98.00000001" }, 12.12345678, -98.00000001],
    // JSON numbers that JavaScript prints with an exponent still have their plain decimals
    [{ lat: 0.0000001, lon: 0.00000001 }, 1e-7, 1e-8],
    [{ lat: -0.00000005, lon: 1 }, -5e-8, 1],
  ])("accepts %j and returns numbers", async (o, lat, lon) => {
    const r = await create(cast.owner.token, { ...valid, ...o });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.lat).toBe(lat);
    expect(r.body.lon).toBe(lon);
    expect(typeof r.body.lat).toBe("number");
    expect(typeof r.body.lon).toBe("number");
  });

  it.each([["north"], ["east"], ["12,5"], ["1.2.3"], [true], [[48]], [{ v: 1 }]])("refuses a latitude of %j as not a number", async (lat) => {
    const r = await create(cast.owner.token, { ...valid, lat });
    expectInvalid(r, "lat", "Latitude must be a number");
    expect(r.body.errors).toHaveLength(1);
  });

  it.each(["FR", "DE", "IE", "AT", "EE", "CA", "US"])("accepts country %s", async (country) => {
    const r = await create(cast.owner.token, { ...valid, country });
    expect(r.status).toBe(201);
    expect(r.body.country).toBe(country);
  });

  it.each([[undefined], [""], [null], ["GB"], ["fr"], ["France"], [33]])("refuses country %j", async (country) => {
    expectInvalid(await create(cast.owner.token, { ...valid, country }), "country");
  });

  it("PUT validates the same way", async () => {
    expectInvalid(await put(cast.owner.token, fx.locationId, { ...valid, lat: 123 }), "lat");
    expectInvalid(await put(cast.owner.token, fx.locationId, { ...valid, name: "" }), "name", "Location name is required");
    expectInvalid(await put(cast.owner.token, fx.locationId, { ...valid, country: "XX" }), "country");
    expect((await db.location.findUniqueOrThrow({ where: { id: fx.locationId } })).name).toBe("Home");
  });

  it("answers 400 to a body that is not JSON", async () => {
    expectError(await call(locations.POST, { method: "POST", token: cast.owner.token, body: "{name", headers: { "content-type": "application/json" } }), 400);
    expectError(await call(locations.POST, { method: "POST", token: cast.owner.token, form: { name: "x", country: "FR", lat: "1", lon: "2" } }), 400);
    expectError(await call(location.PUT, { method: "PUT", token: cast.owner.token, params: at(fx.locationId), body: "[", headers: { "content-type": "application/json" } }), 400);
  });
});

describe("location owners", () => {
  it("a non-admin naming another owner gets 403; naming itself is fine", async () => {
    expectError(await create(cast.owner.token, { ...valid, owner_id: cast.other.id }), 403);
    expectError(await create(cast.owner.token, { ...valid, owner_id: 999999 }), 403);
    expect((await create(cast.owner.token, { ...valid, owner_id: cast.owner.id })).body.owner_id).toBe(cast.owner.id);
    expectError(await put(cast.owner.token, fx.locationId, { ...valid, owner_id: cast.other.id }), 403);
    expect(await db.location.count({ where: { ownerId: cast.other.id } })).toBe(0);
  });

  it("an admin creates for another user; a missing owner is 422 on owner_id", async () => {
    const r = await create(cast.admin.token, { ...valid, owner_id: cast.other.id });
    expect(r.status).toBe(201);
    expect(r.body.owner_id).toBe(cast.other.id);
    expectInvalid(await create(cast.admin.token, { ...valid, owner_id: 999999 }), "owner_id");
  });

  it("an admin may move an empty location to another user, not one with devices (422)", async () => {
    expectInvalid(await put(cast.admin.token, fx.locationId, { ...valid, owner_id: cast.other.id }), "owner_id");
    const empty = await makeLocation(cast.owner.id);
    const moved = await put(cast.admin.token, empty.id, { ...valid, owner_id: cast.other.id });
    expect(moved.status).toBe(200);
    expect(moved.body.owner_id).toBe(cast.other.id);
    expect((await get(cast.other.token, empty.id)).status).toBe(200);
  });
});

describe("location lists", () => {
  it("an owner sees their own, an admin all, with X-Total-Count", async () => {
    const second = await makeLocation(cast.owner.id, { name: "Barn" });
    const theirs = await makeLocation(cast.other.id, { name: "Theirs" });
    const admins = await makeLocation(cast.admin.id, { name: "Admin's" });
    const own = await list(cast.owner.token);
    expectListHeaders(own, 2);
    expect(ids(own)).toEqual([fx.locationId, second.id]);
    expect(own.body[0].devices_info.map((d: { id: number }) => d.id)).toEqual([fx.deviceId]);
    const all = await list(cast.admin.token);
    expectListHeaders(all, 4);
    expect(ids(all)).toEqual([fx.locationId, second.id, theirs.id, admins.id]);
  });

  it("filters on owner_id (a non-admin never reaches others'), sorts and pages", async () => {
    const second = await makeLocation(cast.owner.id, { name: "Barn" });
    const third = await makeLocation(cast.owner.id, { name: "Cabin" });
    const theirs = await makeLocation(cast.other.id, { name: "Theirs" });
    const byOwner = await list(cast.admin.token, `?owner_id=${cast.other.id}`);
    expectListHeaders(byOwner, 1);
    expect(ids(byOwner)).toEqual([theirs.id]);
    expectListHeaders(await list(cast.owner.token, `?owner_id=${cast.other.id}`), 0);
    expect(ids(await list(cast.owner.token, `?owner_id=${cast.owner.id}`))).toEqual([fx.locationId, second.id, third.id]);
    expect(ids(await list(cast.owner.token, "?name=Cabin"))).toEqual([third.id]);
    const page = await list(cast.owner.token, "?_sort=name&_order=DESC&_start=1&_end=3");
    expectListHeaders(page, 3);
    expect(page.body.map((l: { name: string }) => l.name)).toEqual(["Cabin", "Barn"]);
    expectInvalid(await list(cast.owner.token, "?_order=sideways"), "_order");
  });

  it("/locations/my is the caller's own only, also for an admin", async () => {
    const admins = await makeLocation(cast.admin.id, { name: "Admin's" });
    await makeLocation(cast.other.id);
    const forAdmin = await mine(cast.admin.token);
    expectListHeaders(forAdmin, 1);
    expect(ids(forAdmin)).toEqual([admins.id]);
    expectListHeaders(await mine(cast.admin.token, `?owner_id=${cast.other.id}`), 0);
    const forOwner = await mine(cast.owner.token);
    expectListHeaders(forOwner, 1);
    expect(ids(forOwner)).toEqual([fx.locationId]);
  });

  it("/locations1 and /locations1/{id} answer the same as /locations", async () => {
    await makeLocation(cast.owner.id, { name: "Barn" });
    await makeLocation(cast.other.id);
    for (const who of ["owner", "other", "admin"] as const) {
      const a = await list(cast[who].token, "?_sort=name&_order=DESC");
      const b = await call(locations1.GET, { token: cast[who].token, path: "/api/v1/locations1?_sort=name&_order=DESC" });
      expect(b.status).toBe(200);
      expect(b.body).toEqual(a.body);
      expect(b.headers.get("x-total-count")).toBe(a.headers.get("x-total-count"));
      expect(b.headers.get("access-control-expose-headers")).toContain("X-Total-Count");
    }
    const one = await call(location1.GET, { token: cast.owner.token, params: at(fx.locationId) });
    expect(one.body).toEqual((await get(cast.owner.token, fx.locationId)).body);
  });
});

describe("DELETE /locations/{id}", () => {
  it("answers 204 and keeps the location's devices, with no location", async () => {
    const r = await remove(cast.owner.token, fx.locationId);
    expect(r.status).toBe(204);
    expect(r.body).toBeNull();
    expect(await db.location.count({ where: { id: fx.locationId } })).toBe(0);
    const device = await call(deviceInfo.GET, { token: cast.owner.token, params: at(fx.deviceId) });
    expect(device.status).toBe(200);
    expect(device.body.location_id).toBeNull();
    expect(device.body.metadata.map((m: { name: string }) => m.name)).toEqual(["grid"]);
    expect((await get(cast.owner.token, fx.locationId)).status).toBe(404);
  });
});
