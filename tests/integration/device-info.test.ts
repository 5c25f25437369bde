import { beforeEach, describe, expect, it } from "vitest";
import { call, type Auth } from "../helpers/api";
import { permissionTable, type Cast, type PermissionRow } from "../helpers/permissions";
import { expectError, expectInvalid, expectListHeaders, ids } from "../helpers/assert";
import { makeCast } from "../factories/users";
import { makeDevice, makeIntegration, makeMeasurement } from "../factories/devices";
import { makeLocation } from "../factories/locations";
import { db } from "@/lib/db";
import * as deviceInfos from "@/app/api/v1/device_info/route";
import * as deviceInfo from "@/app/api/v1/device_info/[id]/route";
import * as measurements from "@/app/api/v1/device_measurement_metadata/route";
import * as measurement from "@/app/api/v1/device_measurement_metadata/[id]/route";
import * as user from "@/app/api/v1/users/[id]/route";

let cast: Cast;
/** The owner's location, device (a single-phase spoony at that location) and its one measurement. */
let fx: { locationId: number; deviceId: number; measurementId: number };

beforeEach(async () => {
  cast = await makeCast();
  const home = await makeLocation(cast.owner.id);
  const device = await makeDevice(cast.owner.id, { deviceId: "spoony-1", locationId: home.id, measurements: [{ name: "grid" }] });
  fx = { locationId: home.id, deviceId: device.id, measurementId: device.measurements[0].id };
});
const at = (id: number | string) => ({ id: String(id) });

// device_info calls
const listDevices = (token?: Auth, query = "") => call(deviceInfos.GET, { token, path: `/api/v1/device_info/${query}` });
const createDevice = (token: Auth | undefined, json: unknown) => call(deviceInfos.POST, { token, json });
const getDevice = (token: Auth | undefined, id: number | string) => call(deviceInfo.GET, { token, params: at(id) });
const putDevice = (token: Auth | undefined, id: number | string, json: unknown) => call(deviceInfo.PUT, { method: "PUT", token, params: at(id), json });
const deleteDevice = (token: Auth | undefined, id: number | string) => call(deviceInfo.DELETE, { method: "DELETE", token, params: at(id) });
// device_measurement_metadata calls
const createMeasurement = (token: Auth | undefined, json: unknown) => call(measurements.POST, { token, json });
const getMeasurement = (token: Auth | undefined, id: number | string) => call(measurement.GET, { token, params: at(id) });
const putMeasurement = (token: Auth | undefined, id: number | string, json: unknown) => call(measurement.PUT, { method: "PUT", token, params: at(id), json });
const deleteMeasurement = (token: Auth | undefined, id: number | string) => call(measurement.DELETE, { method: "DELETE", token, params: at(id) });

describe("who may do what on device_info and device_measurement_metadata", () => {
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/device_info", name: "GET /device_info", run: (t) => listDevices(t), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    { route: "POST /api/v1/device_info", name: "POST /device_info", run: (t) => createDevice(t, { device_id: "new-one" }), expect: { anon: 401, owner: 201, other: 201, admin: 201 } },
    { route: "POST /api/v1/device_info", name: "POST /device_info for another owner", run: (t) => createDevice(t, { device_id: "gift", owner_id: cast.other.id }), expect: { owner: 403, admin: 201 } },
    { route: "POST /api/v1/device_info", name: "POST /device_info at the owner's location", run: (t) => createDevice(t, { device_id: "squatter", location_id: fx.locationId }), expect: { owner: 201, other: 422 } },
    { route: "PUT /api/v1/device_info/[id]", name: "PUT /device_info/{owner's} given to another owner", run: (t) => putDevice(t, fx.deviceId, { owner_id: cast.other.id }), expect: { owner: 403, other: 404 } },
    { route: "GET /api/v1/device_info/[id]", name: "GET /device_info/{owner's}", run: (t) => getDevice(t, fx.deviceId), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "GET /api/v1/device_info/[id]", name: "GET /device_info/{missing}", run: (t) => getDevice(t, 999999), expect: { anon: 401, owner: 404, admin: 404 } },
    { route: "GET /api/v1/device_info/[id]", name: "GET /device_info/{non-numeric}", run: (t) => getDevice(t, "abc"), expect: { owner: 404, admin: 404 } },
    { route: "PUT /api/v1/device_info/[id]", name: "PUT /device_info/{owner's}", run: (t) => putDevice(t, fx.deviceId, { device_id: "renamed" }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "PUT /api/v1/device_info/[id]", name: "PUT /device_info/{missing}", run: (t) => putDevice(t, 999999, { device_id: "renamed" }), expect: { owner: 404, admin: 404 } },
    { route: "PUT /api/v1/device_info/[id]", name: "PUT /device_info/{non-numeric}", run: (t) => putDevice(t, "1x", { device_id: "renamed" }), expect: { owner: 404, admin: 404 } },
    { route: "DELETE /api/v1/device_info/[id]", name: "DELETE /device_info/{owner's}", run: (t) => deleteDevice(t, fx.deviceId), expect: { anon: 401, owner: 204, other: 404, admin: 204 } },
    { route: "DELETE /api/v1/device_info/[id]", name: "DELETE /device_info/{missing}", run: (t) => deleteDevice(t, 999999), expect: { owner: 404, admin: 404 } },
    { route: "DELETE /api/v1/device_info/[id]", name: "DELETE /device_info/{non-numeric}", run: (t) => deleteDevice(t, "-1"), expect: { owner: 404, admin: 404 } },
    { route: "POST /api/v1/device_measurement_metadata", name: "POST /device_measurement_metadata on the owner's device", run: (t) => createMeasurement(t, { device_id: fx.deviceId, name: "solar" }), expect: { anon: 401, owner: 201, other: 422, admin: 201 } },
    { route: "GET /api/v1/device_measurement_metadata/[id]", name: "GET /device_measurement_metadata/{owner's}", run: (t) => getMeasurement(t, fx.measurementId), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "GET /api/v1/device_measurement_metadata/[id]", name: "GET /device_measurement_metadata/{missing}", run: (t) => getMeasurement(t, 999999), expect: { owner: 404, admin: 404 } },
    { route: "GET /api/v1/device_measurement_metadata/[id]", name: "GET /device_measurement_metadata/{non-numeric}", run: (t) => getMeasurement(t, "grid"), expect: { owner: 404, admin: 404 } },
    { route: "PUT /api/v1/device_measurement_metadata/[id]", name: "PUT /device_measurement_metadata/{owner's}", run: (t) => putMeasurement(t, fx.measurementId, { display_name: "Grid" }), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "PUT /api/v1/device_measurement_metadata/[id]", name: "PUT /device_measurement_metadata/{missing}", run: (t) => putMeasurement(t, 999999, { display_name: "Grid" }), expect: { owner: 404, admin: 404 } },
    { route: "PUT /api/v1/device_measurement_metadata/[id]", name: "PUT /device_measurement_metadata/{non-numeric}", run: (t) => putMeasurement(t, "1.5", { display_name: "Grid" }), expect: { owner: 404, admin: 404 } },
    { route: "DELETE /api/v1/device_measurement_metadata/[id]", name: "DELETE /device_measurement_metadata/{owner's}", run: (t) => deleteMeasurement(t, fx.measurementId), expect: { anon: 401, owner: 204, other: 404, admin: 204 } },
    { route: "DELETE /api/v1/device_measurement_metadata/[id]", name: "DELETE /device_measurement_metadata/{missing}", run: (t) => deleteMeasurement(t, 999999), expect: { owner: 404, admin: 404 } },
    { route: "DELETE /api/v1/device_measurement_metadata/[id]", name: "DELETE /device_measurement_metadata/{non-numeric}", run: (t) => deleteMeasurement(t, "x"), expect: { owner: 404, admin: 404 } },
  ];
  permissionTable(rows, () => cast);

  it("answers another user's device exactly like a missing one", async () => {
    const theirs = await getDevice(cast.other.token, fx.deviceId);
    const missing = await getDevice(cast.other.token, 999999);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    const theirMeasurement = await putMeasurement(cast.other.token, fx.measurementId, { display_name: "x" });
    const missingMeasurement = await putMeasurement(cast.other.token, 999999, { display_name: "x" });
    expect(theirMeasurement.body).toEqual(missingMeasurement.body);
  });

  it("changes nothing when another user tries to", async () => {
    await putDevice(cast.other.token, fx.deviceId, { device_id: "stolen" });
    await deleteDevice(cast.other.token, fx.deviceId);
    await putMeasurement(cast.other.token, fx.measurementId, { display_name: "stolen" });
    await deleteMeasurement(cast.other.token, fx.measurementId);
    const d = await db.device.findUniqueOrThrow({ where: { id: fx.deviceId }, include: { measurements: true } });
    expect(d.deviceId).toBe("spoony-1");
    expect(d.measurements.map((m) => m.displayName)).toEqual(["grid"]);
  });
});

describe("device_info bodies", () => {
  it("POST creates a device for the caller and answers 201 with the contract's Device", async () => {
    const r = await createDevice(cast.other.token, { device_id: "shellyem-C45BBE6B2D42", device_type: "shelly", phase_m: "single" });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(
      ["created_at", "device_id", "device_type", "id", "integration_id", "location_id", "metadata", "owner_id", "phase_m", "updated_at"],
    );
    expect(r.body).toMatchObject({ device_id: "shellyem-C45BBE6B2D42", device_type: "shelly", phase_m: "single", owner_id: cast.other.id, location_id: null, integration_id: null, metadata: [] });
    expect(Number.isInteger(r.body.id)).toBe(true);
    expect(new Date(r.body.created_at).toISOString()).toBe(r.body.created_at);
    expect(new Date(r.body.updated_at).toISOString()).toBe(r.body.updated_at);
    const row = await db.device.findUniqueOrThrow({ where: { id: r.body.id } });
    expect(row).toMatchObject({ ownerId: cast.other.id, deviceId: "shellyem-C45BBE6B2D42" });
  });

  it("POST leaves device_type and phase_m null when they are left out, and ignores unknown fields", async () => {
    const r = await createDevice(cast.owner.token, { device_id: "bare", colour: "blue" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ device_type: null, phase_m: null, owner_id: cast.owner.id });
    expect(r.body).not.toHaveProperty("colour");
  });

  it("accepts every device type and phase of the contract", async () => {
    for (const device_type of ["spoony", "shelly", "netatmo", "linky", "dcbel", "legrand", "unknown_device_type"]) {
      for (const phase_m of ["single", "three", null]) {
        const r = await createDevice(cast.owner.token, { device_id: `${device_type}-${phase_m}`, device_type, phase_m });
        expect(r.status, `${device_type} ${phase_m}`).toBe(201);
        expect(r.body).toMatchObject({ device_type, phase_m });
      }
    }
  });

  it("GET /device_info/{id} carries the measurements as metadata, in the contract's shape", async () => {
    await makeMeasurement(fx.deviceId, { name: "solar", displayName: "Solar roof", measureType: "pv", classification: "production", programmable: true, prefix: "p", suffix: "s", quantities: [{ unit: "kWh", databaseMeasurementPrefix: "energy" }] });
    const r = await getDevice(cast.owner.token, fx.deviceId);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: fx.deviceId, device_id: "spoony-1", device_type: "spoony", phase_m: "single", owner_id: cast.owner.id, location_id: fx.locationId });
    expect(r.body.metadata).toHaveLength(2);
    const solar = r.body.metadata[1];
    expect(Object.keys(solar).sort()).toEqual(
      ["classification", "created_at", "device_id", "display_name", "id", "measure_type", "name", "prefix", "programmable", "quantities", "smart_appliance_category", "suffix"],
    );
    expect(solar).toMatchObject({
      device_id: fx.deviceId, name: "solar", display_name: "Solar roof", measure_type: "pv", classification: "production",
      programmable: true, smart_appliance_category: null, prefix: "p", suffix: "s", quantities: [{ unit: "kWh", databaseMeasurementPrefix: "energy" }],
    });
    expect(r.body.metadata.map((m: { name: string }) => m.name)).toEqual(["grid", "solar"]);
  });

  it("PUT changes the fields it is given, keeps the others, and accepts the body repeating the id", async () => {
    const r = await putDevice(cast.owner.token, fx.deviceId, { id: fx.deviceId, device_id: "spoony-kitchen", phase_m: "single" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: fx.deviceId, device_id: "spoony-kitchen", device_type: "spoony", phase_m: "single", location_id: fx.locationId, owner_id: cast.owner.id });
    expect(r.body.metadata.map((m: { name: string }) => m.name)).toEqual(["grid"]);
    const again = await getDevice(cast.owner.token, fx.deviceId);
    expect(again.body.device_id).toBe("spoony-kitchen");
  });

  it("PUT may clear the location and the phase with null", async () => {
    const r = await putDevice(cast.owner.token, fx.deviceId, { location_id: null, phase_m: null });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ location_id: null, phase_m: null });
  });
});

describe("device_info validation", () => {
  it.each([
    [{}],
    [{ device_id: "" }],
    [{ device_id: "   " }],
    [{ device_id: null }],
  ])("POST %j is 422 'Device ID is required'", async (json) => {
    const r = await createDevice(cast.owner.token, json);
    expectInvalid(r, "device_id", "Device ID is required");
    expect(r.body.detail).toBe("Device ID is required");
  });

  it("takes device ids of 1 to 100 characters", async () => {
    expect((await createDevice(cast.owner.token, { device_id: "x".repeat(100) })).status).toBe(201);
    expect((await createDevice(cast.owner.token, { device_id: "y" })).status).toBe(201);
    expectInvalid(await createDevice(cast.owner.token, { device_id: "z".repeat(101) }), "device_id");
  });

  it.each([
    [{ device_id: "a", device_type: "toaster" }, "device_type"],
    [{ device_id: "a", phase_m: "two" }, "phase_m"],
    [{ device_id: "a", device_type: 3 }, "device_type"],
    [{ device_id: 42 }, "device_id"],
    [{ device_id: "a", location_id: "home" }, "location_id"],
    [{ device_id: "a", owner_id: 1.5 }, "owner_id"],
  ])("POST %j is 422 on %s", async (json, path) => {
    expectInvalid(await createDevice(cast.owner.token, json), path);
  });

  it("PUT validates too, and a blank device id is refused", async () => {
    expectInvalid(await putDevice(cast.owner.token, fx.deviceId, { device_id: "" }), "device_id", "Device ID is required");
    expectInvalid(await putDevice(cast.owner.token, fx.deviceId, { device_type: "toaster" }), "device_type");
    expect((await db.device.findUniqueOrThrow({ where: { id: fx.deviceId } })).deviceId).toBe("spoony-1");
  });

  it.each([
    ["bad JSON", { body: "{device_id:", headers: { "content-type": "application/json" } }],
    ["a form body", { body: "device_id=x", headers: { "content-type": "application/x-www-form-urlencoded" } }],
    ["plain text", { body: "x", headers: { "content-type": "text/plain" } }],
    ["an empty body", { body: "", headers: { "content-type": "application/json" } }],
  ])("answers 400 to %s", async (_name, o) => {
    const post = await call(deviceInfos.POST, { method: "POST", token: cast.owner.token, ...o });
    expectError(post, 400);
    const put = await call(deviceInfo.PUT, { method: "PUT", token: cast.owner.token, params: at(fx.deviceId), ...o });
    expectError(put, 400);
    const m = await call(measurements.POST, { method: "POST", token: cast.owner.token, ...o });
    expectError(m, 400);
  });
});

describe("device_info references in the body", () => {
  it("device_id is unique per owner (409), while two owners may use the same one", async () => {
    const dup = await createDevice(cast.owner.token, { device_id: "spoony-1" });
    expectError(dup, 409);
    const theirs = await createDevice(cast.other.token, { device_id: "spoony-1" });
    expect(theirs.status).toBe(201);
    const byAdmin = await createDevice(cast.admin.token, { device_id: "spoony-1", owner_id: cast.owner.id });
    expectError(byAdmin, 409);
    expect(await db.device.count({ where: { deviceId: "spoony-1" } })).toBe(2);
  });

  it("PUT renaming onto another device's id of the same owner is 409 and changes nothing", async () => {
    const second = await makeDevice(cast.owner.id, { deviceId: "second" });
    expectError(await putDevice(cast.owner.token, second.id, { device_id: "spoony-1" }), 409);
    expect((await db.device.findUniqueOrThrow({ where: { id: second.id } })).deviceId).toBe("second");
    await makeDevice(cast.other.id, { deviceId: "theirs" });
    expect((await putDevice(cast.owner.token, second.id, { device_id: "theirs" })).status).toBe(200);
  });

  it("owner_id defaults to the caller; a non-admin naming anyone else gets 403", async () => {
    expect((await createDevice(cast.owner.token, { device_id: "mine", owner_id: cast.owner.id })).body.owner_id).toBe(cast.owner.id);
    expectError(await createDevice(cast.owner.token, { device_id: "for-other", owner_id: cast.other.id }), 403);
    expectError(await createDevice(cast.owner.token, { device_id: "for-admin", owner_id: cast.admin.id }), 403);
    expectError(await createDevice(cast.owner.token, { device_id: "for-nobody", owner_id: 999999 }), 403);
    expect(await db.device.count({ where: { deviceId: { startsWith: "for-" } } })).toBe(0);
  });

  it("an admin creates for another user; a missing owner is 422 on owner_id", async () => {
    const r = await createDevice(cast.admin.token, { device_id: "for-owner", owner_id: cast.owner.id, location_id: fx.locationId });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ owner_id: cast.owner.id, location_id: fx.locationId });
    expectInvalid(await createDevice(cast.admin.token, { device_id: "for-nobody", owner_id: 999999 }), "owner_id");
  });

  it("a location must exist and belong to the device's owner (422 on location_id)", async () => {
    const theirs = await makeLocation(cast.other.id);
    const adminsOwn = await makeLocation(cast.admin.id);
    expectInvalid(await createDevice(cast.owner.token, { device_id: "a", location_id: theirs.id }), "location_id");
    expectInvalid(await createDevice(cast.owner.token, { device_id: "b", location_id: 999999 }), "location_id");
    // an admin creating for the owner cannot use the admin's own location
    expectInvalid(await createDevice(cast.admin.token, { device_id: "c", owner_id: cast.owner.id, location_id: adminsOwn.id }), "location_id");
    expectInvalid(await putDevice(cast.owner.token, fx.deviceId, { location_id: theirs.id }), "location_id");
    expectInvalid(await putDevice(cast.admin.token, fx.deviceId, { location_id: adminsOwn.id }), "location_id");
    expect((await db.device.findUniqueOrThrow({ where: { id: fx.deviceId } })).locationId).toBe(fx.locationId);
    const ok = await createDevice(cast.owner.token, { device_id: "d", location_id: fx.locationId });
    expect(ok.status).toBe(201);
    expect(await db.device.count({ where: { deviceId: { in: ["a", "b", "c"] } } })).toBe(0);
  });

  it("an integration must be one of the owner's (422 on integration_id)", async () => {
    const mine = await makeIntegration(cast.owner.id, "linky");
    const theirs = await makeIntegration(cast.other.id, "linky");
    expectInvalid(await createDevice(cast.owner.token, { device_id: "a", integration_id: theirs.id }), "integration_id");
    expectInvalid(await createDevice(cast.owner.token, { device_id: "b", integration_id: 999999 }), "integration_id");
    expectInvalid(await putDevice(cast.owner.token, fx.deviceId, { integration_id: theirs.id }), "integration_id");
    const ok = await createDevice(cast.owner.token, { device_id: "c", integration_id: mine.id });
    expect(ok.status).toBe(201);
    expect(ok.body.integration_id).toBe(mine.id);
  });

  it("PUT: a non-admin cannot give a device away (403); an admin can, to an existing user", async () => {
    expectError(await putDevice(cast.owner.token, fx.deviceId, { owner_id: cast.other.id }), 403);
    expect((await putDevice(cast.owner.token, fx.deviceId, { owner_id: cast.owner.id })).status).toBe(200);
    expectInvalid(await putDevice(cast.admin.token, fx.deviceId, { owner_id: 999999 }), "owner_id");
    // the device's location is the old owner's: it must go with the move
    expectInvalid(await putDevice(cast.admin.token, fx.deviceId, { owner_id: cast.other.id }), "location_id");
    const moved = await putDevice(cast.admin.token, fx.deviceId, { owner_id: cast.other.id, location_id: null });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ owner_id: cast.other.id, location_id: null });
    expect((await getDevice(cast.other.token, fx.deviceId)).status).toBe(200);
    expect((await getDevice(cast.owner.token, fx.deviceId)).status).toBe(404);
  });
});

describe("device_info lists", () => {
  it("an owner sees only their own devices; an admin sees all, with X-Total-Count", async () => {
    const second = await makeDevice(cast.owner.id, { deviceId: "second" });
    const theirs = await makeDevice(cast.other.id, { deviceId: "theirs" });
    const mine = await listDevices(cast.owner.token);
    expectListHeaders(mine, 2);
    expect(ids(mine)).toEqual([fx.deviceId, second.id]);
    expect(mine.body[0].metadata.map((m: { name: string }) => m.name)).toEqual(["grid"]);
    const all = await listDevices(cast.admin.token);
    expectListHeaders(all, 3);
    expect(ids(all)).toEqual([fx.deviceId, second.id, theirs.id]);
    const withoutSlash = await call(deviceInfos.GET, { token: cast.other.token, path: "/api/v1/device_info" });
    expect(ids(withoutSlash)).toEqual([theirs.id]);
  });

  it("filters on owner_id and location_id; a non-admin's owner filter never reaches others' devices", async () => {
    const elsewhere = await makeLocation(cast.owner.id);
    const second = await makeDevice(cast.owner.id, { locationId: elsewhere.id });
    const theirs = await makeDevice(cast.other.id);
    const byOwner = await listDevices(cast.admin.token, `?owner_id=${cast.other.id}`);
    expectListHeaders(byOwner, 1);
    expect(ids(byOwner)).toEqual([theirs.id]);
    expect(ids(await listDevices(cast.admin.token, `?location_id=${elsewhere.id}`))).toEqual([second.id]);
    expect(ids(await listDevices(cast.owner.token, `?location_id=${fx.locationId}`))).toEqual([fx.deviceId]);
    const snooping = await listDevices(cast.owner.token, `?owner_id=${cast.other.id}`);
    expectListHeaders(snooping, 0);
    expect(ids(await listDevices(cast.owner.token, `?owner_id=${cast.owner.id}`))).toEqual([fx.deviceId, second.id]);
  });

  it("filters on the other fields of the view: device_type, phase_m, device_id", async () => {
    const three = await makeDevice(cast.owner.id, { deviceId: "linky-77", deviceType: "linky", phaseM: "three" });
    expect(ids(await listDevices(cast.owner.token, "?phase_m=three"))).toEqual([three.id]);
    expect(ids(await listDevices(cast.owner.token, "?device_type=linky&device_id=linky-77"))).toEqual([three.id]);
    expectListHeaders(await listDevices(cast.owner.token, "?phase_m=four"), 0);
  });

  it("pages and sorts with _start, _end, _sort and _order; X-Total-Count counts before slicing", async () => {
    for (const name of ["b-dev", "d-dev", "a-dev", "c-dev"]) await makeDevice(cast.owner.id, { deviceId: name });
    const page = await listDevices(cast.owner.token, "?_start=1&_end=3&_sort=device_id&_order=DESC");
    expectListHeaders(page, 5);
    expect(page.body.map((d: { device_id: string }) => d.device_id)).toEqual(["d-dev", "c-dev"]);
    const asc = await listDevices(cast.owner.token, "?_sort=device_id&_order=ASC&_end=2");
    expect(asc.body.map((d: { device_id: string }) => d.device_id)).toEqual(["a-dev", "b-dev"]);
    expectInvalid(await listDevices(cast.owner.token, "?_sort=nonsense"), "_sort");
  });
});

describe("DELETE /device_info/{id}", () => {
  it("answers 204 with no body and removes the device's measurements too", async () => {
    await makeMeasurement(fx.deviceId, { name: "solar" });
    const r = await deleteDevice(cast.owner.token, fx.deviceId);
    expect(r.status).toBe(204);
    expect(r.body).toBeNull();
    expect(await db.device.count({ where: { id: fx.deviceId } })).toBe(0);
    expect(await db.measurement.count({ where: { deviceId: fx.deviceId } })).toBe(0);
    expect((await getMeasurement(cast.owner.token, fx.measurementId)).status).toBe(404);
    expect((await getDevice(cast.owner.token, fx.deviceId)).status).toBe(404);
    expect(await db.location.count({ where: { id: fx.locationId } })).toBe(1);
  });

  it("deleting a user (admin) removes their devices, measurements and locations, and no one else's", async () => {
    const theirs = await makeDevice(cast.other.id, { measurements: [{}] });
    const r = await call(user.DELETE, { method: "DELETE", token: cast.admin.token, params: at(cast.owner.id) });
    expect(r.status).toBe(204);
    expect(await db.device.count({ where: { ownerId: cast.owner.id } })).toBe(0);
    expect(await db.measurement.count({ where: { deviceId: fx.deviceId } })).toBe(0);
    expect(await db.location.count({ where: { ownerId: cast.owner.id } })).toBe(0);
    expect(await db.measurement.count({ where: { deviceId: theirs.id } })).toBe(1);
  });
});

describe("device_measurement_metadata bodies", () => {
  it("POST answers 201 with the contract's Measurement, defaults filled in", async () => {
    const r = await createMeasurement(cast.owner.token, { device_id: fx.deviceId, name: "solar" });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(
      ["classification", "created_at", "device_id", "display_name", "id", "measure_type", "name", "prefix", "programmable", "quantities", "smart_appliance_category", "suffix"],
    );
    expect(r.body).toMatchObject({ device_id: fx.deviceId, name: "solar", measure_type: "unset", quantities: [] });
    expect(new Date(r.body.created_at).toISOString()).toBe(r.body.created_at);
  });

  it("POST stores every field, and the device shows it", async () => {
    const json = {
      device_id: fx.deviceId, name: "heat-pump", display_name: "Heat pump", measure_type: "other", classification: "consumption",
      programmable: true, smart_appliance_category: "hvac", prefix: "hp_", suffix: "_w",
      quantities: [{ unit: "W", databaseMeasurementPrefix: "power" }, { unit: "Wh", databaseMeasurementPrefix: "energy" }],
    };
    const r = await createMeasurement(cast.owner.token, json);
    expect(r.status).toBe(201);
    const { device_id: _d, ...rest } = json;
    expect(r.body).toMatchObject({ ...rest, device_id: fx.deviceId });
    const d = await getDevice(cast.owner.token, fx.deviceId);
    expect(d.body.metadata.find((m: { id: number }) => m.id === r.body.id)).toEqual(r.body);
    expect((await getMeasurement(cast.owner.token, r.body.id)).body).toEqual(r.body);
  });

  it.each(["unset", "unused", "pv", "ev", "total_home", "calc", "other"])("accepts measure_type %s", async (measure_type) => {
    const r = await createMeasurement(cast.owner.token, { device_id: fx.deviceId, name: measure_type, measure_type });
    expect(r.status).toBe(201);
    expect(r.body.measure_type).toBe(measure_type);
  });

  it.each(["consumption", "production", "channel_classification_unknown"])("accepts classification %s", async (classification) => {
    const r = await createMeasurement(cast.owner.token, { device_id: fx.deviceId, name: classification, classification });
    expect(r.status).toBe(201);
    expect(r.body.classification).toBe(classification);
  });

  it.each([
    [{ name: "x" }, "device_id"],
    [{ device_id: 1 }, "name"],
    [{ device_id: "abc", name: "x" }, "device_id"],
    [{ device_id: 1, name: "" }, "name"],
    [{ device_id: 1, name: "x", measure_type: "nuclear" }, "measure_type"],
    [{ device_id: 1, name: "x", classification: "both" }, "classification"],
    [{ device_id: 1, name: "x", programmable: "yes" }, "programmable"],
    [{ device_id: 1, name: "x", quantities: "W" }, "quantities"],
    [{ device_id: 1, name: "x", smart_appliance_category: "toaster" }, "smart_appliance_category"],
  ])("POST %j is 422 on %s", async (json, path) => {
    const r = await createMeasurement(cast.owner.token, json);
    expectInvalid(r, path);
    expect(await db.measurement.count()).toBe(1);
  });

  it("a device_id the caller cannot see, or that does not exist, is 422 on device_id", async () => {
    const theirs = await makeDevice(cast.other.id);
    expectInvalid(await createMeasurement(cast.owner.token, { device_id: theirs.id, name: "x" }), "device_id");
    expectInvalid(await createMeasurement(cast.owner.token, { device_id: 999999, name: "x" }), "device_id");
    expect(await db.measurement.count({ where: { deviceId: theirs.id } })).toBe(0);
    // an admin sees every device
    expect((await createMeasurement(cast.admin.token, { device_id: theirs.id, name: "x" })).status).toBe(201);
  });

  it("a name is unique within its device (409), not across devices", async () => {
    const dup = await createMeasurement(cast.owner.token, { device_id: fx.deviceId, name: "grid" });
    expectError(dup, 409);
    const second = await makeDevice(cast.owner.id);
    expect((await createMeasurement(cast.owner.token, { device_id: second.id, name: "grid" })).status).toBe(201);
    expect(await db.measurement.count({ where: { deviceId: fx.deviceId } })).toBe(1);
  });

  it("PUT changes any field but the name; repeating the same name is fine, another is 422", async () => {
    const same = await putMeasurement(cast.owner.token, fx.measurementId, {
      id: fx.measurementId, device_id: fx.deviceId, name: "grid", display_name: "Grid meter", measure_type: "total_home", classification: "production",
      programmable: false, prefix: "g_", quantities: [{ unit: "kWh", databaseMeasurementPrefix: "energy" }],
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ id: fx.measurementId, name: "grid", display_name: "Grid meter", measure_type: "total_home", classification: "production", programmable: false, prefix: "g_", quantities: [{ unit: "kWh", databaseMeasurementPrefix: "energy" }] });
    const renamed = await putMeasurement(cast.owner.token, fx.measurementId, { name: "mains", display_name: "Mains" });
    expectInvalid(renamed, "name");
    const row = await db.measurement.findUniqueOrThrow({ where: { id: fx.measurementId } });
    expect(row).toMatchObject({ name: "grid", displayName: "Grid meter" });
  });

  it("PUT keeps the fields it is not given", async () => {
    await putMeasurement(cast.owner.token, fx.measurementId, { display_name: "Grid", measure_type: "total_home" });
    const r = await putMeasurement(cast.owner.token, fx.measurementId, { suffix: "_x" });
    expect(r.body).toMatchObject({ display_name: "Grid", measure_type: "total_home", suffix: "_x", classification: "consumption", quantities: [{ unit: "W", databaseMeasurementPrefix: "power" }] });
  });

  it("PUT validates, and may not move a measurement to a device the caller cannot see (422)", async () => {
    expectInvalid(await putMeasurement(cast.owner.token, fx.measurementId, { measure_type: "nuclear" }), "measure_type");
    const theirs = await makeDevice(cast.other.id);
    expectInvalid(await putMeasurement(cast.owner.token, fx.measurementId, { device_id: theirs.id }), "device_id");
    expectInvalid(await putMeasurement(cast.owner.token, fx.measurementId, { device_id: 999999 }), "device_id");
    expect((await db.measurement.findUniqueOrThrow({ where: { id: fx.measurementId } })).deviceId).toBe(fx.deviceId);
  });

  it("DELETE answers 204 and removes only that measurement", async () => {
    const solar = await makeMeasurement(fx.deviceId, { name: "solar" });
    const r = await deleteMeasurement(cast.owner.token, fx.measurementId);
    expect(r.status).toBe(204);
    expect(r.body).toBeNull();
    const d = await getDevice(cast.owner.token, fx.deviceId);
    expect(d.body.metadata.map((m: { id: number }) => m.id)).toEqual([solar.id]);
  });
});

describe("measurement limits", () => {
  const limits: [string | null, string | null, number][] = [
    ["spoony", "single", 3],
    ["shelly", "single", 3],
    ["spoony", "three", 1],
    ["shelly", "three", 1],
    ["shelly", null, 1],
    ["spoony", null, 1],
    ["netatmo", "single", 1],
    ["linky", "single", 1],
    ["dcbel", "single", 1],
    ["legrand", "single", 1],
    ["unknown_device_type", "single", 1],
    [null, "single", 1],
    [null, null, 1],
  ];

  it.each(limits)("a %s device with phase %s takes %i measurement(s), then 409", async (deviceType, phaseM, limit) => {
    const d = await makeDevice(cast.owner.id, { deviceType: deviceType as never, phaseM: phaseM as never });
    for (let i = 0; i < limit; i++) {
      const r = await createMeasurement(cast.owner.token, { device_id: d.id, name: `ch${i}` });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const over = await createMeasurement(cast.owner.token, { device_id: d.id, name: "one-too-many" });
    expectError(over, 409, limit === 3 ? "This device already has its maximum of 3 measurements" : "This device already has its maximum of 1 measurement");
    expect(await db.measurement.count({ where: { deviceId: d.id } })).toBe(limit);
  });

  it("the limit holds for an admin too", async () => {
    const d = await makeDevice(cast.owner.id, { deviceType: "linky", phaseM: null, measurements: [{}] });
    expectError(await createMeasurement(cast.admin.token, { device_id: d.id, name: "second" }), 409, "This device already has its maximum of 1 measurement");
  });

  it("a deleted measurement frees its slot", async () => {
    const d = await makeDevice(cast.owner.id, { deviceType: "shelly", phaseM: "three", measurements: [{}] });
    expect((await createMeasurement(cast.owner.token, { device_id: d.id, name: "b" })).status).toBe(409);
    expect((await deleteMeasurement(cast.owner.token, d.measurements[0].id)).status).toBe(204);
    expect((await createMeasurement(cast.owner.token, { device_id: d.id, name: "b" })).status).toBe(201);
  });

  it("two creates racing for the last slot: exactly one wins (over several rounds)", async () => {
    for (let round = 0; round < 8; round++) {
      const d = await makeDevice(cast.owner.id, { deviceType: "spoony", phaseM: "single", measurements: [{}, {}] });
      const rs = await Promise.all([
        createMeasurement(cast.owner.token, { device_id: d.id, name: "race-a" }),
        createMeasurement(cast.owner.token, { device_id: d.id, name: "race-b" }),
      ]);
      expect(rs.map((r) => r.status).sort(), `round ${round}`).toEqual([201, 409]);
      expect(rs.find((r) => r.status === 409)!.body.detail).toBe("This device already has its maximum of 3 measurements");
      expect(await db.measurement.count({ where: { deviceId: d.id } })).toBe(3);
    }
  });

  it("six creates racing for the only slot: exactly one wins", async () => {
    const d = await makeDevice(cast.owner.id, { deviceType: "shelly", phaseM: null });
    const rs = await Promise.all(Array.from({ length: 6 }, (_, i) => createMeasurement(cast.owner.token, { device_id: d.id, name: `race-${i}` })));
    expect(rs.filter((r) => r.status === 201)).toHaveLength(1);
    expect(rs.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await db.measurement.count({ where: { deviceId: d.id } })).toBe(1);
  });

  it("creates racing with the same name: exactly one wins, the others are 409", async () => {
    const d = await makeDevice(cast.owner.id, { deviceType: "spoony", phaseM: "single" });
    const rs = await Promise.all(Array.from({ length: 3 }, () => createMeasurement(cast.owner.token, { device_id: d.id, name: "same" })));
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await db.measurement.count({ where: { deviceId: d.id } })).toBe(1);
  });

  it("moving a measurement onto a full device is 409", async () => {
    const full = await makeDevice(cast.owner.id, { deviceType: "linky", phaseM: null, measurements: [{}] });
    expectError(await putMeasurement(cast.owner.token, fx.measurementId, { device_id: full.id }), 409, "This device already has its maximum of 1 measurement");
    expect((await db.measurement.findUniqueOrThrow({ where: { id: fx.measurementId } })).deviceId).toBe(fx.deviceId);
    const roomy = await makeDevice(cast.owner.id);
    const moved = await putMeasurement(cast.owner.token, fx.measurementId, { device_id: roomy.id });
    expect(moved.status).toBe(200);
    expect(moved.body.device_id).toBe(roomy.id);
  });

  it("a device_info PUT that would leave more measurements than the new type or phase allows is 409", async () => {
    await makeMeasurement(fx.deviceId, { name: "b" });
    expectError(await putDevice(cast.owner.token, fx.deviceId, { phase_m: "three" }), 409, "This device already has its maximum of 1 measurement");
    expectError(await putDevice(cast.owner.token, fx.deviceId, { device_type: "linky" }), 409);
    const row = await db.device.findUniqueOrThrow({ where: { id: fx.deviceId } });
    expect(row).toMatchObject({ deviceType: "spoony", phaseM: "single" });
    expect((await putDevice(cast.owner.token, fx.deviceId, { device_type: "shelly" })).status).toBe(200);
  });
});
