import { beforeEach, describe, expect, it } from "vitest";
import { call, type Auth } from "../helpers/api";
import { permissionTable, type Cast, type PermissionRow } from "../helpers/permissions";
import { expectError, expectInvalid, expectListHeaders, ids } from "../helpers/assert";
import { makeCast } from "../factories/users";
import { makeDevice, makeMeasurement } from "../factories/devices";
import { makeLocation } from "../factories/locations";
import { db } from "@/lib/db";
import * as devices from "@/app/api/v1/devices/route";
import * as device from "@/app/api/v1/devices/[id]/route";
import * as deviceInfo from "@/app/api/v1/device_info/[id]/route";
import * as measurements from "@/app/api/v1/device_measurement_metadata/route";

let cast: Cast;
/** The owner's location and device (a single-phase spoony read over MQTT with one measurement). */
let fx: { locationId: number; deviceId: number };

beforeEach(async () => {
  cast = await makeCast();
  const home = await makeLocation(cast.owner.id);
  const d = await makeDevice(cast.owner.id, { deviceId: "spoony-1", locationId: home.id, measurements: [{ name: "grid", displayName: "Grid", quantities: [{ unit: "kWh", databaseMeasurementPrefix: "energy" }, { unit: "W", databaseMeasurementPrefix: "power" }] }] });
  fx = { locationId: home.id, deviceId: d.id };
});
const at = (id: number | string) => ({ id: String(id) });

const list = (token?: Auth, query = "") => call(devices.GET, { token, path: `/api/v1/devices${query}` });
const get = (token: Auth | undefined, id: number | string) => call(device.GET, { token, params: at(id) });
const put = (token: Auth | undefined, id: number | string, json: unknown) => call(device.PUT, { method: "PUT", token, params: at(id), json });
const remove = (token: Auth | undefined, id: number | string) => call(device.DELETE, { method: "DELETE", token, params: at(id) });

describe("who may do what on /api/v1/devices (admins only)", () => {
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/devices", name: "GET /devices", run: (t) => list(t), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "GET /api/v1/devices/[id]", name: "GET /devices/{owner's}", run: (t) => get(t, fx.deviceId), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "GET /api/v1/devices/[id]", name: "GET /devices/{missing}", run: (t) => get(t, 999999), expect: { anon: 401, owner: 403, admin: 404 } },
    { route: "GET /api/v1/devices/[id]", name: "GET /devices/{non-numeric}", run: (t) => get(t, "spoony-1"), expect: { owner: 403, admin: 404 } },
    { route: "PUT /api/v1/devices/[id]", name: "PUT /devices/{owner's}", run: (t) => put(t, fx.deviceId, { name: "renamed" }), expect: { anon: 401, owner: 403, other: 403, admin: 200 } },
    { route: "PUT /api/v1/devices/[id]", name: "PUT /devices/{owner's} with an invalid body", run: (t) => put(t, fx.deviceId, { type: "toaster" }), expect: { anon: 401, owner: 403, other: 403, admin: 422 } },
    { route: "PUT /api/v1/devices/[id]", name: "PUT /devices/{missing}", run: (t) => put(t, 999999, { name: "renamed" }), expect: { owner: 403, admin: 404 } },
    { route: "PUT /api/v1/devices/[id]", name: "PUT /devices/{non-numeric}", run: (t) => put(t, "x", { name: "renamed" }), expect: { owner: 403, admin: 404 } },
    { route: "DELETE /api/v1/devices/[id]", name: "DELETE /devices/{owner's}", run: (t) => remove(t, fx.deviceId), expect: { anon: 401, owner: 403, other: 403, admin: 204 } },
    { route: "DELETE /api/v1/devices/[id]", name: "DELETE /devices/{missing}", run: (t) => remove(t, 999999), expect: { owner: 403, admin: 404 } },
    { route: "DELETE /api/v1/devices/[id]", name: "DELETE /devices/{non-numeric}", run: (t) => remove(t, "x"), expect: { owner: 403, admin: 404 } },
  ];
  permissionTable(rows, () => cast);

  it("a non-admin changes nothing, even on their own device", async () => {
    await put(cast.owner.token, fx.deviceId, { name: "mine-anyway" });
    await remove(cast.owner.token, fx.deviceId);
    expect((await db.device.findUniqueOrThrow({ where: { id: fx.deviceId } })).deviceId).toBe("spoony-1");
  });
});

describe("the admin devices view", () => {
  it("maps the device's fields: name, type, data_source, measurement_type, user_id, location_id, measures", async () => {
    await makeMeasurement(fx.deviceId, { name: "solar", displayName: "Solar", quantities: [] });
    await makeMeasurement(fx.deviceId, { name: "bare", displayName: null, quantities: [{ unit: null, databaseMeasurementPrefix: "x" }] });
    const r = await get(cast.admin.token, fx.deviceId);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: fx.deviceId,
      name: "spoony-1",
      type: "spoony",
      data_source: "mqtt",
      measurement_type: "single",
      user_id: cast.owner.id,
      location_id: fx.locationId,
      measures: [
        { name: "grid", unit: "kWh", display_name: "Grid" },
        { name: "solar", unit: null, display_name: "Solar" },
        { name: "bare", unit: null, display_name: null },
      ],
    });
  });

  it("shows nulls for a device made through device_info", async () => {
    const d = await makeDevice(cast.other.id, { deviceId: "bare", deviceType: null, phaseM: null, dataSource: null });
    expect((await get(cast.admin.token, d.id)).body).toEqual({ id: d.id, name: "bare", type: null, data_source: null, measurement_type: null, user_id: cast.other.id, location_id: null, measures: [] });
  });

  it("a measurement added through device_measurement_metadata is a measure, its unit the first of its quantities", async () => {
    const m = await call(measurements.POST, { token: cast.owner.token, json: { device_id: fx.deviceId, name: "heater", display_name: "Heater", quantities: [{ unit: "W", databaseMeasurementPrefix: "power" }, { unit: "Wh", databaseMeasurementPrefix: "energy" }] } });
    expect(m.status).toBe(201);
    const n = await call(measurements.POST, { token: cast.owner.token, json: { device_id: fx.deviceId, name: "unitless" } });
    expect(n.status).toBe(201);
    const r = await get(cast.admin.token, fx.deviceId);
    expect(r.body.measures).toEqual([
      { name: "grid", unit: "kWh", display_name: "Grid" },
      { name: "heater", unit: "W", display_name: "Heater" },
      { name: "unitless", unit: null, display_name: null },
    ]);
  });

  it("lists every device with X-Total-Count; filters on user_id; sorts and pages", async () => {
    const b = await makeDevice(cast.other.id, { deviceId: "b-dev" });
    const c = await makeDevice(cast.admin.id, { deviceId: "c-dev" });
    const all = await list(cast.admin.token);
    expectListHeaders(all, 3);
    expect(ids(all)).toEqual([fx.deviceId, b.id, c.id]);
    expect(all.body[0]).toEqual((await get(cast.admin.token, fx.deviceId)).body);
    const theirs = await list(cast.admin.token, `?user_id=${cast.other.id}`);
    expectListHeaders(theirs, 1);
    expect(ids(theirs)).toEqual([b.id]);
    const page = await list(cast.admin.token, "?_sort=name&_order=DESC&_start=0&_end=2");
    expectListHeaders(page, 3);
    expect(page.body.map((d: { name: string }) => d.name)).toEqual(["spoony-1", "c-dev"]);
    expect(ids(await list(cast.admin.token, `?location_id=${fx.locationId}`))).toEqual([fx.deviceId]);
  });

  it("PUT maps the view's fields back onto the device", async () => {
    const r = await put(cast.admin.token, fx.deviceId, { id: fx.deviceId, name: "shelly-7", type: "shelly", data_source: "shelly_api", measurement_type: "single", user_id: cast.owner.id, location_id: fx.locationId, measures: [{ name: "ignored", unit: "V", display_name: "x" }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ name: "shelly-7", type: "shelly", data_source: "shelly_api", measurement_type: "single", user_id: cast.owner.id, location_id: fx.locationId });
    expect(r.body.measures.map((m: { name: string }) => m.name)).toEqual(["grid"]);
    const info = await call(deviceInfo.GET, { token: cast.owner.token, params: at(fx.deviceId) });
    expect(info.body).toMatchObject({ device_id: "shelly-7", device_type: "shelly", phase_m: "single", owner_id: cast.owner.id, location_id: fx.locationId });
  });

  it("an update that leaves out location_id keeps the location; null clears it", async () => {
    const kept = await put(cast.admin.token, fx.deviceId, { name: "spoony-renamed", type: "spoony" });
    expect(kept.status).toBe(200);
    expect(kept.body.location_id).toBe(fx.locationId);
    expect((await db.device.findUniqueOrThrow({ where: { id: fx.deviceId } })).locationId).toBe(fx.locationId);
    const cleared = await put(cast.admin.token, fx.deviceId, { location_id: null });
    expect(cleared.body.location_id).toBeNull();
  });

  it("body references: a missing user or a location not the owner's is 422 on that field", async () => {
    expectInvalid(await put(cast.admin.token, fx.deviceId, { user_id: 999999 }), "user_id");
    const theirs = await makeLocation(cast.other.id);
    expectInvalid(await put(cast.admin.token, fx.deviceId, { location_id: theirs.id }), "location_id");
    expectInvalid(await put(cast.admin.token, fx.deviceId, { location_id: 999999 }), "location_id");
    expect((await db.device.findUniqueOrThrow({ where: { id: fx.deviceId } })).locationId).toBe(fx.locationId);
    const moved = await put(cast.admin.token, fx.deviceId, { user_id: cast.other.id, location_id: theirs.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ user_id: cast.other.id, location_id: theirs.id });
  });

  it("PUT keeps device_id unique per owner (409) and the measurement limits (409)", async () => {
    await makeDevice(cast.owner.id, { deviceId: "taken" });
    expectError(await put(cast.admin.token, fx.deviceId, { name: "taken" }), 409);
    await makeMeasurement(fx.deviceId, { name: "b" });
    expectError(await put(cast.admin.token, fx.deviceId, { measurement_type: "three" }), 409, "This device already has its maximum of 1 measurement");
    expect(await db.device.findUniqueOrThrow({ where: { id: fx.deviceId } })).toMatchObject({ deviceId: "spoony-1", phaseM: "single" });
  });

  it.each([
    [{ name: "" }, "name"],
    [{ type: "toaster" }, "type"],
    [{ data_source: "fax" }, "data_source"],
    [{ measurement_type: "two" }, "measurement_type"],
    [{ user_id: "me" }, "user_id"],
  ])("PUT %j is 422 on %s", async (json, path) => {
    expectInvalid(await put(cast.admin.token, fx.deviceId, json), path);
  });

  it("answers 400 to a body that is not JSON", async () => {
    expectError(await call(device.PUT, { method: "PUT", token: cast.admin.token, params: at(fx.deviceId), body: "{", headers: { "content-type": "application/json" } }), 400);
  });

  it("DELETE answers 204 and removes the device with its measurements", async () => {
    const r = await remove(cast.admin.token, fx.deviceId);
    expect(r.status).toBe(204);
    expect(r.body).toBeNull();
    expect(await db.device.count()).toBe(0);
    expect(await db.measurement.count()).toBe(0);
  });
});
