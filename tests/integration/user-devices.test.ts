import { beforeEach, describe, expect, it, vi } from "vitest";
import { call, type Auth, type CallResult } from "../helpers/api";
import { permissionTable, type Cast, type PermissionRow } from "../helpers/permissions";
import { expectError, expectInvalid, expectListHeaders, ids } from "../helpers/assert";
import { makeCast } from "../factories/users";
import { makeDevice, makeIntegration, makeMeasurement } from "../factories/devices";
import { makeLocation } from "../factories/locations";
import { db } from "@/lib/db";
import * as userDevices from "@/app/api/v1/user_devices/route";
import * as userDevice from "@/app/api/v1/user_devices/[id]/route";
import * as deviceInfo from "@/app/api/v1/device_info/[id]/route";
import * as deviceInfos from "@/app/api/v1/device_info/route";
import * as measurements from "@/app/api/v1/device_measurement_metadata/route";
import * as location from "@/app/api/v1/locations/[id]/route";

let cast: Cast;
/** The owner's location and a device there (a single-phase shelly with one channel "grid"). */
let fx: { locationId: number; deviceId: number };

beforeEach(async () => {
  cast = await makeCast();
  const home = await makeLocation(cast.owner.id);
  const device = await makeDevice(cast.owner.id, { deviceId: "shelly-1", deviceType: "shelly", phaseM: "single", locationId: home.id, measurements: [{ name: "grid" }] });
  fx = { locationId: home.id, deviceId: device.id };
});
const at = (id: number | string) => ({ id: String(id) });

type Channel = Record<string, unknown>;
const channel = (name: string, o: Channel = {}): Channel => ({
  name,
  classification: "consumption",
  prefix: `${name}_`,
  suffix: null,
  metadata: { "is.programmable": false, smartApplianceCategory: null, measurements: [{ unit: "W", databaseMeasurementPrefix: "power" }] },
  ...o,
});
/** A valid user_devices body for the owner's location (a single-phase shelly over MQTT). */
const body = (o: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
  device_id: "shelly-new",
  device_type: "shelly",
  phase_m: "single",
  location_id: fx.locationId,
  data: { source: "mqtt", mqtt: { host: "mqtt.example.org" }, channels: [channel("grid")], ...data },
  ...o,
});

const list = (token?: Auth, query = "") => call(userDevices.GET, { token, path: `/api/v1/user_devices${query}` });
const create = (token: Auth | undefined, json: unknown) => call(userDevices.POST, { token, json });
const get = (token: Auth | undefined, id: number | string) => call(userDevice.GET, { token, params: at(id) });
const put = (token: Auth | undefined, id: number | string, json: unknown) => call(userDevice.PUT, { method: "PUT", token, params: at(id), json });
const remove = (token: Auth | undefined, id: number | string) => call(userDevice.DELETE, { method: "DELETE", token, params: at(id) });
const names = (r: CallResult) => (r.body.data.channels as { name: string }[]).map((c) => c.name);

describe("who may do what on /api/v1/user_devices", () => {
  const rows: PermissionRow[] = [
    { route: "GET /api/v1/user_devices", name: "GET /user_devices", run: (t) => list(t), expect: { anon: 401, owner: 200, other: 200, admin: 200 } },
    // the location in the body is the owner's: anyone else names a location they cannot use
    { route: "POST /api/v1/user_devices", name: "POST /user_devices at the owner's location", run: (t) => create(t, body()), expect: { anon: 401, owner: 201, other: 422, admin: 422 } },
    { route: "GET /api/v1/user_devices/[id]", name: "GET /user_devices/{owner's}", run: (t) => get(t, fx.deviceId), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "GET /api/v1/user_devices/[id]", name: "GET /user_devices/{missing}", run: (t) => get(t, 999999), expect: { owner: 404, admin: 404 } },
    { route: "GET /api/v1/user_devices/[id]", name: "GET /user_devices/{non-numeric}", run: (t) => get(t, "shelly-1"), expect: { owner: 404, admin: 404 } },
    { route: "PUT /api/v1/user_devices/[id]", name: "PUT /user_devices/{owner's}", run: (t) => put(t, fx.deviceId, body({ device_id: "shelly-1" })), expect: { anon: 401, owner: 200, other: 404, admin: 200 } },
    { route: "PUT /api/v1/user_devices/[id]", name: "PUT /user_devices/{missing}", run: (t) => put(t, 999999, body()), expect: { owner: 404, admin: 404 } },
    { route: "PUT /api/v1/user_devices/[id]", name: "PUT /user_devices/{non-numeric}", run: (t) => put(t, "abc", body()), expect: { owner: 404, admin: 404 } },
    { route: "DELETE /api/v1/user_devices/[id]", name: "DELETE /user_devices/{owner's}", run: (t) => remove(t, fx.deviceId), expect: { anon: 401, owner: 204, other: 404, admin: 204 } },
    { route: "DELETE /api/v1/user_devices/[id]", name: "DELETE /user_devices/{missing}", run: (t) => remove(t, 999999), expect: { owner: 404, admin: 404 } },
    { route: "DELETE /api/v1/user_devices/[id]", name: "DELETE /user_devices/{non-numeric}", run: (t) => remove(t, "1e3"), expect: { owner: 404, admin: 404 } },
  ];
  permissionTable(rows, () => cast, (r, expected) => {
    if (expected === 422) expect(r.body.errors.map((e: { path: string }) => e.path)).toEqual(["location_id"]);
  });

  it("another user's PUT and DELETE change nothing", async () => {
    await put(cast.other.token, fx.deviceId, body({ device_id: "stolen" }, { channels: [] }));
    await remove(cast.other.token, fx.deviceId);
    const d = await db.device.findUniqueOrThrow({ where: { id: fx.deviceId }, include: { measurements: true } });
    expect(d.deviceId).toBe("shelly-1");
    expect(d.measurements.map((m) => m.name)).toEqual(["grid"]);
  });
});

describe("user_devices bodies", () => {
  it("POST creates the device with its channels: 201 with the contract's shape", async () => {
    const json = body({}, { channels: [channel("grid"), channel("solar", { classification: "production", prefix: null, suffix: "_pv", metadata: { "is.programmable": true, smartApplianceCategory: "hvac", measurements: [{ unit: "kWh", databaseMeasurementPrefix: "energy" }, { unit: "W", databaseMeasurementPrefix: "power" }] } })] });
    const r = await create(cast.owner.token, json);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(["data", "device_id", "device_type", "id", "integration_id", "location_id", "phase_m"]);
    expect(r.body).toEqual({
      id: r.body.id,
      device_id: "shelly-new",
      device_type: "shelly",
      phase_m: "single",
      location_id: fx.locationId,
      integration_id: null,
      data: {
        source: "mqtt",
        mqtt: { host: "mqtt.example.org" },
        channels: [
          { name: "grid", classification: "consumption", prefix: "grid_", suffix: null, metadata: { "is.programmable": false, smartApplianceCategory: null, measurements: [{ unit: "W", databaseMeasurementPrefix: "power" }] } },
          { name: "solar", classification: "production", prefix: null, suffix: "_pv", metadata: { "is.programmable": true, smartApplianceCategory: "hvac", measurements: [{ unit: "kWh", databaseMeasurementPrefix: "energy" }, { unit: "W", databaseMeasurementPrefix: "power" }] } },
        ],
      },
    });
    const row = await db.device.findUniqueOrThrow({ where: { id: r.body.id } });
    expect(row.ownerId).toBe(cast.owner.id);
    expect((await get(cast.owner.token, r.body.id)).body).toEqual(r.body);
  });

  it("phase_m is optional; a device with no channels is fine", async () => {
    const r = await create(cast.owner.token, { device_id: "netatmo-1", device_type: "netatmo", location_id: fx.locationId, data: { source: "mqtt" } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ phase_m: null, data: { source: "mqtt", channels: [] } });
  });

  it.each(["legrand", "linky", "netatmo", "shelly", "spoony", "unknown_device_type"])("accepts device_type %s", async (device_type) => {
    const r = await create(cast.owner.token, body({ device_type, phase_m: null }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.device_type).toBe(device_type);
  });

  it("lists own devices (admin: all) with X-Total-Count, paged and filtered", async () => {
    const second = await makeDevice(cast.owner.id, { deviceId: "a-second", locationId: fx.locationId });
    const theirs = await makeDevice(cast.other.id);
    const mine = await list(cast.owner.token);
    expectListHeaders(mine, 2);
    expect(ids(mine)).toEqual([fx.deviceId, second.id]);
    expect(mine.body[0].data.channels.map((c: { name: string }) => c.name)).toEqual(["grid"]);
    const all = await list(cast.admin.token);
    expectListHeaders(all, 3);
    expect(ids(all)).toEqual([fx.deviceId, second.id, theirs.id]);
    const page = await list(cast.admin.token, "?_sort=device_id&_order=ASC&_start=0&_end=1");
    expectListHeaders(page, 3);
    expect(ids(page)).toEqual([second.id]);
    expect(ids(await list(cast.admin.token, `?owner_id=${cast.other.id}`))).toEqual([theirs.id]);
    expect(ids(await list(cast.other.token, `?owner_id=${cast.owner.id}`))).toEqual([]);
  });
});

describe("user_devices validation", () => {
  it.each([
    ["no device_id", { device_id: undefined }, "device_id", "Device ID is required fill"],
    ["a blank device_id", { device_id: "  " }, "device_id", "Device ID is required fill"],
    ["no device_type", { device_type: undefined }, "device_type", "device_type required"],
    ["an empty device_type", { device_type: "" }, "device_type", "device_type required"],
    ["no location_id", { location_id: undefined }, "location_id", "location required"],
    ["a null location_id", { location_id: null }, "location_id", "location required"],
  ])("%s is 422 with the specification's message", async (_name, o, path, message) => {
    const r = await create(cast.owner.token, body(o));
    expectInvalid(r, path, message);
    expect(r.body.detail).toBe(message);
  });

  it.each([
    ["an empty data", { data: {} }, "data.source"],
    ["a data without source", { data: { mqtt: { host: "h" }, channels: [] } }, "data.source"],
    ["no data at all", { data: undefined }, "data.source"],
  ])("%s is 422 'Source required' on data.source", async (_name, o, path) => {
    const r = await create(cast.owner.token, body(o));
    expectInvalid(r, path, "Source required");
  });

  it("each channel needs a name and a classification, named by its index", async () => {
    const r = await create(cast.owner.token, body({}, { channels: [channel("grid"), { classification: "consumption" }, channel("solar", { classification: undefined }), channel("", { classification: "" })] }));
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        { path: "data.channels.1.name", message: "Channel name required" },
        { path: "data.channels.2.classification", message: "Channel classification required" },
        { path: "data.channels.3.name", message: "Channel name required" },
        { path: "data.channels.3.classification", message: "Channel classification required" },
      ]),
    );
    expect(r.body.errors.some((e: { path: string }) => e.path.startsWith("data.channels.0"))).toBe(false);
    expect(r.body.detail).toBe("Channel name required");
  });

  it.each(["legrand_api", "linky_api", "netatmo_api"])("source %s requires an integration: 'Integration is required fill'", async (source) => {
    const r = await create(cast.owner.token, body({}, { source }));
    expectInvalid(r, "integration_id", "Integration is required fill");
    expect(r.body.detail).toBe("Integration is required fill");
    const integration = await makeIntegration(cast.owner.id, source === "linky_api" ? "linky" : source === "netatmo_api" ? "netatmo" : "legrand");
    const ok = await create(cast.owner.token, body({ integration_id: integration.id }, { source }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ integration_id: integration.id, data: { source } });
  });

  it.each(["mqtt", "shelly_api", "unknown_data_source"])("source %s needs no integration", async (source) => {
    const r = await create(cast.owner.token, body({}, { source }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ integration_id: null, data: { source } });
  });

  it("a vendor source with everything missing lists every required field at once", async () => {
    const r = await create(cast.owner.token, { data: { source: "linky_api", channels: [{}] } });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        { path: "device_id", message: "Device ID is required fill" },
        { path: "device_type", message: "device_type required" },
        { path: "location_id", message: "location required" },
        { path: "data.channels.0.name", message: "Channel name required" },
        { path: "data.channels.0.classification", message: "Channel classification required" },
        { path: "integration_id", message: "Integration is required fill" },
      ]),
    );
    expect(r.body.detail).toBe(r.body.errors[0].message);
  });

  it.each([
    [{ device_type: "toaster" }, "device_type"],
    [{ phase_m: "two" }, "phase_m"],
    [{ location_id: "home" }, "location_id"],
    [{ integration_id: "x" }, "integration_id"],
    [{ data: { source: "carrier_pigeon" } }, "data.source"],
    [{ data: { source: "mqtt", channels: "grid" } }, "data.channels"],
    [{ data: { source: "mqtt", channels: [{ name: "a", classification: "both" }] } }, "data.channels.0.classification"],
    [{ data: { source: "mqtt", channels: [{ name: "a", classification: "consumption" }, { name: "a", classification: "production" }] } }, "data.channels.1.name"],
  ])("%j is 422 on %s", async (o, path) => {
    expectInvalid(await create(cast.owner.token, body(o)), path);
  });

  it("PUT takes the whole object and validates it the same way", async () => {
    expectInvalid(await put(cast.owner.token, fx.deviceId, { device_id: "shelly-1" }), "device_type", "device_type required");
    expectInvalid(await put(cast.owner.token, fx.deviceId, body({}, { channels: [{ classification: "consumption" }] })), "data.channels.0.name", "Channel name required");
    expectInvalid(await put(cast.owner.token, fx.deviceId, body({}, { source: "netatmo_api" })), "integration_id", "Integration is required fill");
    expect((await db.device.findUniqueOrThrow({ where: { id: fx.deviceId } })).dataSource).toBe("mqtt");
  });

  it("answers 400 to a body that is not JSON", async () => {
    expectError(await call(userDevices.POST, { method: "POST", token: cast.owner.token, body: "{", headers: { "content-type": "application/json" } }), 400);
    expectError(await call(userDevice.PUT, { method: "PUT", token: cast.owner.token, params: at(fx.deviceId), body: "x=1", headers: { "content-type": "application/x-www-form-urlencoded" } }), 400);
  });
});

describe("user_devices references", () => {
  it("a location the caller cannot see or that does not exist is 422 on location_id", async () => {
    const theirs = await makeLocation(cast.other.id);
    expectInvalid(await create(cast.owner.token, body({ location_id: theirs.id })), "location_id");
    expectInvalid(await create(cast.owner.token, body({ location_id: 999999 })), "location_id");
    expectInvalid(await put(cast.owner.token, fx.deviceId, body({ location_id: theirs.id })), "location_id");
    expect(await db.device.count({ where: { ownerId: cast.owner.id } })).toBe(1);
    expect((await db.device.findUniqueOrThrow({ where: { id: fx.deviceId } })).locationId).toBe(fx.locationId);
  });

  it("an integration must be one of the caller's (422 on integration_id)", async () => {
    const theirs = await makeIntegration(cast.other.id, "linky");
    expectInvalid(await create(cast.owner.token, body({ integration_id: theirs.id }, { source: "linky_api" })), "integration_id");
    expectInvalid(await create(cast.owner.token, body({ integration_id: 999999 }, { source: "linky_api" })), "integration_id");
    expectInvalid(await put(cast.owner.token, fx.deviceId, body({ integration_id: theirs.id }, { source: "linky_api" })), "integration_id");
    expect(await db.device.count({ where: { integrationId: theirs.id } })).toBe(0);
  });

  it("an admin edits a user's device; the location must still be the owner's", async () => {
    const adminsOwn = await makeLocation(cast.admin.id);
    expectInvalid(await put(cast.admin.token, fx.deviceId, body({ location_id: adminsOwn.id })), "location_id");
    const r = await put(cast.admin.token, fx.deviceId, body({ device_id: "renamed-by-admin" }));
    expect(r.status).toBe(200);
    expect(r.body.device_id).toBe("renamed-by-admin");
    expect((await db.device.findUniqueOrThrow({ where: { id: fx.deviceId } })).ownerId).toBe(cast.owner.id);
  });

  it("device_id is unique per owner (409), in every view; two owners may share one", async () => {
    expectError(await create(cast.owner.token, body({ device_id: "shelly-1" })), 409);
    const second = await create(cast.owner.token, body({ device_id: "second" }));
    expectError(await put(cast.owner.token, second.body.id, body({ device_id: "shelly-1" })), 409);
    const otherHome = await makeLocation(cast.other.id);
    const theirs = await create(cast.other.token, body({ device_id: "shelly-1", location_id: otherHome.id }));
    expect(theirs.status).toBe(201);
    expectError(await call(deviceInfos.POST, { token: cast.other.token, json: { device_id: "shelly-1" } }), 409);
    expect(await db.device.count({ where: { deviceId: "shelly-1" } })).toBe(2);
  });

  it("creates racing with the same device_id: exactly one wins", async () => {
    const rs = await Promise.all(Array.from({ length: 4 }, () => create(cast.owner.token, body({ device_id: "racer" }))));
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await db.device.count({ where: { deviceId: "racer" } })).toBe(1);
    expect(await db.measurement.count({ where: { device: { deviceId: "racer" } } })).toBe(1);
  });
});

describe("user_devices channels and measurement limits", () => {
  it.each([
    ["shelly", "single", 3],
    ["spoony", "single", 3],
    ["shelly", null, 1],
    ["shelly", "three", 1],
    ["linky", null, 1],
    ["legrand", "single", 1],
  ])("a %s device with phase %s takes %i channel(s); one more is 409 and creates nothing", async (device_type, phase_m, limit) => {
    const channels = Array.from({ length: limit + 1 }, (_, i) => channel(`ch${i}`));
    const over = await create(cast.owner.token, body({ device_id: "limited", device_type, phase_m }, { channels }));
    expectError(over, 409, limit === 3 ? "This device already has its maximum of 3 measurements" : "This device already has its maximum of 1 measurement");
    expect(await db.device.count({ where: { deviceId: "limited" } })).toBe(0);
    expect(await db.measurement.count()).toBe(1);
    const fits = await create(cast.owner.token, body({ device_id: "limited", device_type, phase_m }, { channels: channels.slice(0, limit) }));
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    expect(names(fits)).toEqual(channels.slice(0, limit).map((c) => c.name));
  });

  it("a PUT's channel list becomes the device's: adds, changes and removes (matched by name)", async () => {
    const created = await create(cast.owner.token, body({}, { channels: [channel("a"), channel("b")] }));
    const before = await call(deviceInfo.GET, { token: cast.owner.token, params: at(created.body.id) });
    const idOf = (r: CallResult, name: string) => r.body.metadata.find((m: { name: string }) => m.name === name)?.id;
    const r = await put(cast.owner.token, created.body.id, body({}, {
      channels: [
        channel("b", { classification: "production", suffix: "_new", metadata: { "is.programmable": true, smartApplianceCategory: "battery_operated_rechargeable_appliances", measurements: [{ unit: "kWh", databaseMeasurementPrefix: "energy" }] } }),
        channel("c"),
      ],
    }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(names(r)).toEqual(["b", "c"]);
    expect(r.body.data.channels[0]).toEqual({
      name: "b", classification: "production", prefix: "b_", suffix: "_new",
      metadata: { "is.programmable": true, smartApplianceCategory: "battery_operated_rechargeable_appliances", measurements: [{ unit: "kWh", databaseMeasurementPrefix: "energy" }] },
    });
    const after = await call(deviceInfo.GET, { token: cast.owner.token, params: at(created.body.id) });
    expect(idOf(after, "b")).toBe(idOf(before, "b"));
    expect(idOf(after, "a")).toBeUndefined();
    expect(idOf(after, "c")).toBeGreaterThan(idOf(before, "b"));
    expect(await db.measurement.count({ where: { deviceId: created.body.id } })).toBe(2);

    const emptied = await put(cast.owner.token, created.body.id, body({}, { channels: [] }));
    expect(names(emptied)).toEqual([]);
    expect(await db.measurement.count({ where: { deviceId: created.body.id } })).toBe(0);
  });

  it("a PUT without a channel list keeps the channels", async () => {
    const created = await create(cast.owner.token, body({}, { channels: [channel("a"), channel("b")] }));
    const { channels: _c, ...dataWithout } = created.body.data;
    const r = await put(cast.owner.token, created.body.id, { ...created.body, data: { ...dataWithout, source: "mqtt" } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(names(r)).toEqual(["a", "b"]);
  });

  it("a PUT changes the device's own fields too", async () => {
    const otherHome = await makeLocation(cast.owner.id);
    const integration = await makeIntegration(cast.owner.id, "legrand");
    const r = await put(cast.owner.token, fx.deviceId, { id: fx.deviceId, device_id: "legrand-1", device_type: "legrand", phase_m: "three", location_id: otherHome.id, integration_id: integration.id, data: { source: "legrand_api", mqtt: { host: null }, channels: [channel("grid")] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ id: fx.deviceId, device_id: "legrand-1", device_type: "legrand", phase_m: "three", location_id: otherHome.id, integration_id: integration.id, data: { source: "legrand_api", mqtt: { host: null } } });
    expect((await get(cast.owner.token, fx.deviceId)).body).toEqual(r.body);
  });

  it("a PUT over the limit is 409 and changes nothing", async () => {
    await makeMeasurement(fx.deviceId, { name: "solar" });
    const four = ["grid", "solar", "c", "d"].map((n) => channel(n));
    expectError(await put(cast.owner.token, fx.deviceId, body({ device_id: "shelly-1" }, { channels: four })), 409, "This device already has its maximum of 3 measurements");
    // dropping the phase brings the limit down to 1
    expectError(await put(cast.owner.token, fx.deviceId, body({ device_id: "shelly-1", phase_m: "three" }, { channels: four.slice(0, 2) })), 409, "This device already has its maximum of 1 measurement");
    const d = await db.device.findUniqueOrThrow({ where: { id: fx.deviceId }, include: { measurements: { orderBy: { id: "asc" } } } });
    expect(d.phaseM).toBe("single");
    expect(d.measurements.map((m) => m.name)).toEqual(["grid", "solar"]);
  });

  it("a rejected PUT leaves the device and its channels as they were", async () => {
    const theirs = await makeLocation(cast.other.id);
    await makeDevice(cast.owner.id, { deviceId: "taken" });
    const newChannels = { channels: [channel("x"), channel("y")] };
    expectInvalid(await put(cast.owner.token, fx.deviceId, body({ location_id: theirs.id }, newChannels)), "location_id");
    expectError(await put(cast.owner.token, fx.deviceId, body({ device_id: "taken" }, newChannels)), 409);
    const d = await db.device.findUniqueOrThrow({ where: { id: fx.deviceId }, include: { measurements: true } });
    expect(d).toMatchObject({ deviceId: "shelly-1", locationId: fx.locationId });
    expect(d.measurements.map((m) => m.name)).toEqual(["grid"]);
  });

  it("a channel list PUT racing measurement POSTs never takes the device over its limit", async () => {
    for (let round = 0; round < 6; round++) {
      const d = await makeDevice(cast.owner.id, { deviceType: "shelly", phaseM: "single", locationId: fx.locationId, measurements: [{ name: "a" }, { name: "b" }] });
      await Promise.all([
        put(cast.owner.token, d.id, body({ device_id: d.deviceId }, { channels: [channel("a"), channel("b"), channel("c")] })),
        call(measurements.POST, { token: cast.owner.token, json: { device_id: d.id, name: "d" } }),
        call(measurements.POST, { token: cast.owner.token, json: { device_id: d.id, name: "e" } }),
      ]);
      expect(await db.measurement.count({ where: { deviceId: d.id } }), `round ${round}`).toBeLessThanOrEqual(3);
    }
  });

  it("DELETE answers 204 and removes the device with its measurements", async () => {
    const r = await remove(cast.owner.token, fx.deviceId);
    expect(r.status).toBe(204);
    expect(r.body).toBeNull();
    expect(await db.device.count({ where: { id: fx.deviceId } })).toBe(0);
    expect(await db.measurement.count({ where: { deviceId: fx.deviceId } })).toBe(0);
  });
});

describe("one device, three views", () => {
  it("a channel added through user_devices is a measurement in device_info and in the location's devices_info", async () => {
    const r = await put(cast.owner.token, fx.deviceId, body({ device_id: "shelly-1" }, { channels: [channel("grid"), channel("heater", { classification: "consumption", prefix: "h_", suffix: "_w", metadata: { "is.programmable": true, smartApplianceCategory: "hvac", measurements: [{ unit: "W", databaseMeasurementPrefix: "power" }] } })] }));
    expect(r.status).toBe(200);
    const info = await call(deviceInfo.GET, { token: cast.owner.token, params: at(fx.deviceId) });
    const heater = info.body.metadata.find((m: { name: string }) => m.name === "heater");
    expect(heater).toMatchObject({
      device_id: fx.deviceId, name: "heater", classification: "consumption", programmable: true, smart_appliance_category: "hvac",
      prefix: "h_", suffix: "_w", quantities: [{ unit: "W", databaseMeasurementPrefix: "power" }],
    });
    expect(Number.isInteger(heater.id)).toBe(true);
    const loc = await call(location.GET, { token: cast.owner.token, params: at(fx.locationId) });
    const device = loc.body.devices_info.find((d: { id: number }) => d.id === fx.deviceId);
    expect(device.metadata).toEqual(info.body.metadata);
  });

  it("a measurement added through device_measurement_metadata is a channel in user_devices", async () => {
    const m = await call(measurements.POST, {
      token: cast.owner.token,
      json: { device_id: fx.deviceId, name: "solar", display_name: "Solar", classification: "production", programmable: false, smart_appliance_category: "continuous_appliances", prefix: "s_", suffix: "_kw", quantities: [{ unit: "kW", databaseMeasurementPrefix: "pv" }] },
    });
    expect(m.status).toBe(201);
    const r = await get(cast.owner.token, fx.deviceId);
    expect(names(r)).toEqual(["grid", "solar"]);
    expect(r.body.data.channels[1]).toEqual({
      name: "solar", classification: "production", prefix: "s_", suffix: "_kw",
      metadata: { "is.programmable": false, smartApplianceCategory: "continuous_appliances", measurements: [{ unit: "kW", databaseMeasurementPrefix: "pv" }] },
    });
  });

  it("a user_devices PUT repeating a channel keeps what only device_info shows (display name, measure type)", async () => {
    await call(measurements.POST, { token: cast.owner.token, json: { device_id: fx.deviceId, name: "solar", display_name: "Solar roof", measure_type: "pv", classification: "production" } });
    const r = await put(cast.owner.token, fx.deviceId, body({ device_id: "shelly-1" }, { channels: [channel("grid"), channel("solar", { classification: "production" })] }));
    expect(r.status).toBe(200);
    const info = await call(deviceInfo.GET, { token: cast.owner.token, params: at(fx.deviceId) });
    expect(info.body.metadata.find((x: { name: string }) => x.name === "solar")).toMatchObject({ display_name: "Solar roof", measure_type: "pv" });
  });
});

describe("user_devices writes are all or nothing", () => {
  /** Runs `fn` while PostgreSQL refuses to store a measurement named "boom" (the app answers 500). */
  async function withRefusedChannel(fn: () => Promise<void>) {
    await db.$executeRawUnsafe(`CREATE FUNCTION refuse_boom() RETURNS trigger AS $$ BEGIN IF NEW.name = 'boom' THEN RAISE EXCEPTION 'boom refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(`CREATE TRIGGER refuse_boom BEFORE INSERT OR UPDATE ON measurements FOR EACH ROW EXECUTE FUNCTION refuse_boom()`);
    // the unexpected error is logged: expected here, so it must not fail the test
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await fn();
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS refuse_boom ON measurements`);
      await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS refuse_boom()`);
    }
  }

  it("a POST whose last channel cannot be stored creates no device and no channel", async () => {
    await withRefusedChannel(async () => {
      const r = await create(cast.owner.token, body({ device_id: "atomic" }, { channels: [channel("first"), channel("boom")] }));
      expect(r.status).toBe(500);
      expect(r.body).toEqual({ detail: "Internal server error", code: "internal_error" });
    });
    expect(await db.device.count({ where: { deviceId: "atomic" } })).toBe(0);
    expect(await db.measurement.count({ where: { name: "first" } })).toBe(0);
  });

  it("a PUT whose new channel cannot be stored leaves the device and its channels as they were", async () => {
    await withRefusedChannel(async () => {
      const r = await put(cast.owner.token, fx.deviceId, body({ device_id: "renamed" }, { channels: [channel("grid", { classification: "production" }), channel("boom")] }));
      expect(r.status).toBe(500);
    });
    const d = await db.device.findUniqueOrThrow({ where: { id: fx.deviceId }, include: { measurements: true } });
    expect(d.deviceId).toBe("shelly-1");
    expect(d.measurements.map((m) => [m.name, m.classification])).toEqual([["grid", "consumption"]]);
  });
});
