// The database enforces what the application assumes, on its own: rows written with plain SQL
// (as any writer other than the app would) are held to the zod ranges, e-mail addresses are
// unique regardless of case, a device's location and integration are its owner's, timestamps
// carry their zone. Then the locks of the device and location services under real concurrency.
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import pg from "pg";
import { call } from "../helpers/api";
import { expectError, expectInvalid } from "../helpers/assert";
import { makeCast, type TestUser } from "../factories/users";
import { makeDevice, makeIntegration } from "../factories/devices";
import { makeLocation } from "../factories/locations";
import { db } from "@/lib/db";
import * as deviceInfos from "@/app/api/v1/device_info/route";
import * as measurements from "@/app/api/v1/device_measurement_metadata/route";
import * as measurement from "@/app/api/v1/device_measurement_metadata/[id]/route";
import * as userDevice from "@/app/api/v1/user_devices/[id]/route";
import * as location from "@/app/api/v1/locations/[id]/route";
import { refusal } from "../helpers/db";

let cast: Record<"owner" | "other" | "admin", TestUser>;
beforeEach(async () => {
  cast = await makeCast();
});


/** Runs `sql` and expects the database to refuse it naming `constraint`. */
async function expectRefused(sql: string, constraint: string) {
  const err = await refusal(sql);
  expect(err, `${sql} was accepted`).not.toBeNull();
  expect(err).toContain(constraint);
}

async function expectAccepted(sql: string) {
  expect(await refusal(sql)).toBeNull();
}

const q = (s: string) => `'${s.replaceAll("'", "''")}'`;
const long = (n: number) => "x".repeat(n);

describe("timestamps", () => {
  it("every timestamp column is timestamptz(3)", async () => {
    const cols = await db.$queryRaw<{ table_name: string; column_name: string; data_type: string; datetime_precision: number }[]>`
      SELECT table_name, column_name, data_type, datetime_precision FROM information_schema.columns
      WHERE table_schema = current_schema() AND data_type LIKE 'timestamp%' AND table_name <> '_prisma_migrations'`;
    expect(cols.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(expect.arrayContaining(["users.created_at", "devices.updated_at", "integrations.token_expires_at", "oauth_states.expires_at", "password_reset_tokens.used_at"]));
    expect(cols.filter((c) => c.data_type !== "timestamp with time zone" || c.datetime_precision !== 3)).toEqual([]);
  });

  it("an instant written in another zone reads back as the same instant", async () => {
    await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL TIME ZONE 'America/New_York'`);
      await tx.$executeRawUnsafe(`UPDATE users SET created_at = '2026-01-15 12:00:00-05' WHERE id = ${cast.owner.id}`);
    });
    const u = await db.user.findUniqueOrThrow({ where: { id: cast.owner.id } });
    expect(u.createdAt.toISOString()).toBe("2026-01-15T17:00:00.000Z");
  });
});

describe("CHECK constraints mirror the zod ranges", () => {
  let owner: number;
  let deviceId: number;
  beforeEach(async () => {
    owner = cast.owner.id;
    deviceId = (await makeDevice(owner)).id;
  });
  const insertLocation = (name: string, lat: string, lon: string) =>
    `INSERT INTO locations (owner_id, name, country, lat, lon, updated_at) VALUES (${owner}, ${q(name)}, 'FR', ${lat}, ${lon}, now())`;
  const insertDevice = (id: string, mqttHost = "NULL") => `INSERT INTO devices (device_id, owner_id, mqtt_host, updated_at) VALUES (${q(id)}, ${owner}, ${mqttHost}, now())`;
  const insertMeasurement = (name: string, o: { display?: string; quantities?: string } = {}) =>
    `INSERT INTO measurements (device_id, name, display_name, quantities, updated_at) VALUES (${deviceId}, ${q(name)}, ${o.display === undefined ? "NULL" : q(o.display)}, ${q(o.quantities ?? "[]")}, now())`;
  const insertUser = (email: string, first = "NULL") => `INSERT INTO users (email, hashed_password, first_name, updated_at) VALUES (${q(email)}, 'x', ${first}, now())`;
  const part = { months: [1, 12], days: [0, 6], hours: [0, 23], average_power: 1 };
  const data = (o: Record<string, unknown> = {}) => ({ der_name: "Battery", average_power: 10000, months: [1, 2], days: [0], hours: [23], start_date: "2026-01-01T00:00:00.000Z", ...o });
  const insertSchedule = (d: unknown, derName = "Battery") =>
    `INSERT INTO schedules (user_id, der_name, data, updated_at) VALUES (${owner}, ${q(derName)}, ${q(JSON.stringify(d))}, now())`;

  it.each([
    ["a latitude above 90", () => insertLocation("Home", "90.00000001", "0"), "locations_lat_check"],
    ["a latitude below -90", () => insertLocation("Home", "-91", "0"), "locations_lat_check"],
    ["a longitude above 180", () => insertLocation("Home", "0", "180.5"), "locations_lon_check"],
    ["a longitude below -180", () => insertLocation("Home", "0", "-180.00000001"), "locations_lon_check"],
    ["an empty location name", () => insertLocation("", "0", "0"), "locations_name_check"],
    ["a blank location name", () => insertLocation("   ", "0", "0"), "locations_name_check"],
    ["a location name of 101 characters", () => insertLocation(long(101), "0", "0"), "locations_name_check"],
    ["an empty device_id", () => insertDevice(""), "devices_device_id_check"],
    ["a device_id of 101 characters", () => insertDevice(long(101)), "devices_device_id_check"],
    ["an MQTT host of 256 characters", () => insertDevice("d-long-host", q(long(256))), "devices_mqtt_host_check"],
    ["an empty measurement name", () => insertMeasurement(""), "measurements_name_check"],
    ["a measurement name of 101 characters", () => insertMeasurement(long(101)), "measurements_name_check"],
    ["a display name of 101 characters", () => insertMeasurement("m", { display: long(101) }), "measurements_text_check"],
    ["quantities that are not a list", () => insertMeasurement("m", { quantities: "{}" }), "measurements_quantities_check"],
    ["21 quantities", () => insertMeasurement("m", { quantities: JSON.stringify(Array(21).fill({ unit: "W" })) }), "measurements_quantities_check"],
    ["an e-mail address with capitals", () => insertUser("Alice@example.com"), "users_email_check"],
    ["an e-mail address with spaces around", () => insertUser(" alice@example.com"), "users_email_check"],
    ["an e-mail address of 255 characters", () => insertUser(`${long(243)}@example.com`), "users_email_check"],
    ["an empty first name (the app stores none)", () => insertUser("first@example.com", "''"), "users_first_name_check"],
    ["a first name of 101 characters", () => insertUser("first@example.com", q(long(101))), "users_first_name_check"],
    ["an average power of 0", () => insertSchedule(data({ average_power: 0 })), "schedules_data_check"],
    ["an average power above 10000", () => insertSchedule(data({ average_power: 10000.5 })), "schedules_data_check"],
    ["an average power as text", () => insertSchedule(data({ average_power: "500" })), "schedules_data_check"],
    ["no average power", () => insertSchedule(data({ average_power: undefined })), "schedules_data_check"],
    ["month 0", () => insertSchedule(data({ months: [0] })), "schedules_data_check"],
    ["month 13", () => insertSchedule(data({ months: [1, 13] })), "schedules_data_check"],
    ["a repeated month", () => insertSchedule(data({ months: [3, 3] })), "schedules_data_check"],
    ["no month", () => insertSchedule(data({ months: [] })), "schedules_data_check"],
    ["months that are not a list", () => insertSchedule(data({ months: 3 })), "schedules_data_check"],
    ["day 7", () => insertSchedule(data({ days: [7] })), "schedules_data_check"],
    ["day -1", () => insertSchedule(data({ days: [-1] })), "schedules_data_check"],
    ["hour 24", () => insertSchedule(data({ hours: [24] })), "schedules_data_check"],
    ["a fractional hour", () => insertSchedule(data({ hours: [1.5] })), "schedules_data_check"],
    ["an hour as text", () => insertSchedule(data({ hours: ["1"] })), "schedules_data_check"],
    ["a part with month 13", () => insertSchedule(data({ schedules: [part, { ...part, months: [13] }] })), "schedules_data_check"],
    ["a part with power 10001", () => insertSchedule(data({ schedules: [{ ...part, average_power: 10001 }] })), "schedules_data_check"],
    ["three parts", () => insertSchedule(data({ schedules: [part, part, part] })), "schedules_data_check"],
    ["parts that are not a list", () => insertSchedule(data({ schedules: part })), "schedules_data_check"],
    ["data that is not an object", () => insertSchedule([1, 2]), "schedules_data_check"],
    ["a der_name apart from its data's", () => insertSchedule(data(), "Other"), "schedules_der_name_check"],
    ["an empty der_name", () => insertSchedule(data({ der_name: "" }), ""), "schedules_der_name_check"],
  ])("refuses %s", async (_name, sql, constraint) => {
    await expectRefused(sql(), constraint);
  });

  it("accepts every boundary the app accepts", async () => {
    await expectAccepted(insertLocation(long(100), "90", "-180"));
    await expectAccepted(insertLocation("South", "-90.00000000", "180.00000000"));
    await expectAccepted(insertDevice(long(100), q(long(255))));
    await expectAccepted(insertMeasurement(long(100), { display: long(100), quantities: JSON.stringify(Array(20).fill({ unit: "W", databaseMeasurementPrefix: null })) }));
    await expectAccepted(insertUser(`${long(242)}@example.com`, q(long(100))));
    await expectAccepted(insertSchedule(data({ average_power: 1, months: [12, 1], days: [6, 0], hours: [23, 0] })));
    await expectAccepted(insertSchedule(data({ average_power: 999.5, schedules: [part, { ...part, months: [3], average_power: 10000 }] })));
    // a schedule as the API stores it
    await expectAccepted(insertSchedule({ der_name: "Battery", average_power: 2000, months: [1, 2, 3], days: [0, 1], hours: [10, 11], start_date: "2026-11-23T00:00:00.000Z" }));
  });
});

describe("e-mail addresses are unique regardless of case", () => {
  it("refuses an address that differs from a stored one only by case", async () => {
    const email = "Case@Example.com";
    await expectAccepted(`INSERT INTO users (email, hashed_password, updated_at) VALUES (${q(email.toLowerCase())}, 'x', now())`);
    // the same address again, in any case: the lower-case check or the unique index refuses it
    await expectRefused(`INSERT INTO users (email, hashed_password, updated_at) VALUES (${q(email)}, 'x', now())`, "users_email_check");
    await expectRefused(`INSERT INTO users (email, hashed_password, updated_at) VALUES (${q(email.toUpperCase())}, 'x', now())`, "users_email_check");
    await expectRefused(`INSERT INTO users (email, hashed_password, updated_at) VALUES (${q(email.toLowerCase())}, 'x', now())`, "users_email_key");
    await expectRefused(`UPDATE users SET email = upper(email) WHERE email = ${q(email.toLowerCase())}`, "users_email_check");
  });
});

describe("a device's location and integration are its owner's", () => {
  it("refuses another user's location or integration, on insert and on update", async () => {
    const theirs = await makeLocation(cast.other.id);
    const theirIntegration = await makeIntegration(cast.other.id);
    const mine = await makeLocation(cast.owner.id);
    await expectRefused(
      `INSERT INTO devices (device_id, owner_id, location_id, updated_at) VALUES ('d1', ${cast.owner.id}, ${theirs.id}, now())`,
      "devices_location_id_owner_id_fkey",
    );
    await expectRefused(
      `INSERT INTO devices (device_id, owner_id, integration_id, updated_at) VALUES ('d1', ${cast.owner.id}, ${theirIntegration.id}, now())`,
      "devices_integration_id_owner_id_fkey",
    );
    const device = await makeDevice(cast.owner.id, { locationId: mine.id });
    await expectRefused(`UPDATE devices SET location_id = ${theirs.id} WHERE id = ${device.id}`, "devices_location_id_owner_id_fkey");
    // moving the device to another owner keeps its location: that is the old owner's
    await expectRefused(`UPDATE devices SET owner_id = ${cast.other.id} WHERE id = ${device.id}`, "devices_location_id_owner_id_fkey");
    await expectAccepted(`UPDATE devices SET owner_id = ${cast.other.id}, location_id = ${theirs.id} WHERE id = ${device.id}`);
  });

  it("refuses to give a location with devices to another owner", async () => {
    const home = await makeLocation(cast.owner.id);
    await makeDevice(cast.owner.id, { locationId: home.id });
    await expectRefused(`UPDATE locations SET owner_id = ${cast.other.id} WHERE id = ${home.id}`, "devices_location_id_owner_id_fkey");
    const integration = await makeIntegration(cast.owner.id);
    await makeDevice(cast.owner.id, { integrationId: integration.id });
    await expectRefused(`UPDATE integrations SET user_id = ${cast.other.id} WHERE id = ${integration.id}`, "devices_integration_id_owner_id_fkey");
  });

  it("deleting a location empties only the location of its devices", async () => {
    const home = await makeLocation(cast.owner.id);
    const integration = await makeIntegration(cast.owner.id);
    const device = await makeDevice(cast.owner.id, { locationId: home.id, integrationId: integration.id });
    await db.$executeRawUnsafe(`DELETE FROM locations WHERE id = ${home.id}`);
    expect(await db.device.findUniqueOrThrow({ where: { id: device.id } })).toMatchObject({ ownerId: cast.owner.id, locationId: null, integrationId: integration.id });
  });

  it("deleting an integration empties only the integration of its devices", async () => {
    const home = await makeLocation(cast.owner.id);
    const integration = await makeIntegration(cast.owner.id);
    const device = await makeDevice(cast.owner.id, { locationId: home.id, integrationId: integration.id });
    await db.$executeRawUnsafe(`DELETE FROM integrations WHERE id = ${integration.id}`);
    expect(await db.device.findUniqueOrThrow({ where: { id: device.id } })).toMatchObject({ ownerId: cast.owner.id, locationId: home.id, integrationId: null });
  });

  it("deleting a user deletes everything of theirs, and nothing of anyone else", async () => {
    const home = await makeLocation(cast.owner.id);
    const integration = await makeIntegration(cast.owner.id);
    await makeDevice(cast.owner.id, { locationId: home.id, integrationId: integration.id, measurements: [{}, {}] });
    await db.schedule.create({ data: { userId: cast.owner.id, derName: "Battery", data: { der_name: "Battery", average_power: 1, months: [1], days: [0], hours: [0] } } });
    await db.passwordResetToken.create({ data: { userId: cast.owner.id, tokenHash: "h", expiresAt: new Date(Date.now() + 60_000) } });
    const theirs = await makeDevice(cast.other.id, { locationId: (await makeLocation(cast.other.id)).id });
    await db.$executeRawUnsafe(`DELETE FROM users WHERE id = ${cast.owner.id}`);
    const left = await db.$queryRaw<{ n: number }[]>`
      SELECT (SELECT count(*) FROM locations WHERE owner_id = ${cast.owner.id})
           + (SELECT count(*) FROM devices WHERE owner_id = ${cast.owner.id})
           + (SELECT count(*) FROM integrations WHERE user_id = ${cast.owner.id})
           + (SELECT count(*) FROM schedules WHERE user_id = ${cast.owner.id})
           + (SELECT count(*) FROM password_reset_tokens WHERE user_id = ${cast.owner.id})
           + (SELECT count(*) FROM measurements) AS n`;
    expect(Number(left[0].n)).toBe(0);
    expect(await db.device.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ ownerId: cast.other.id, locationId: theirs.locationId });
  });
});

describe("indexes", () => {
  it("foreign keys that are filtered or cascaded are indexed; booleans are not", async () => {
    const rows = await db.$queryRaw<{ indexname: string }[]>`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()`;
    const names = rows.map((r) => r.indexname);
    expect(names).toEqual(expect.arrayContaining([
      "devices_integration_id_idx", "devices_location_id_idx", "oauth_states_user_id_idx", "oauth_states_expires_at_idx",
      "password_reset_tokens_user_id_idx", "password_reset_tokens_expires_at_idx",
    ]));
    expect(names).not.toContain("users_is_active_idx");
    expect(names).not.toContain("users_is_superuser_idx");
  });
});

// ---- concurrency: another session holds a row while a request runs ----

/** A second session, outside the app's pool, that opens a transaction and holds what it writes. */
async function otherSession() {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  await client.query("BEGIN");
  return client;
}
let session: pg.Client | undefined;
afterEach(async () => {
  await session?.query("ROLLBACK").catch(() => {});
  await session?.end();
  session = undefined;
});

/** Resolves once some session of this database waits for a lock (the request under test). */
async function someoneWaitsForALock() {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const rows = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    if (rows[0].n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("no session ever waited for a lock");
}

const putLocation = (token: string, id: number, json: unknown) => call(location.PUT, { method: "PUT", token, params: { id: String(id) }, json });
const locationBody = (ownerId: number) => ({ name: "Home", country: "FR", lat: 48.85, lon: 2.35, owner_id: ownerId });

describe("a location's owner change against a device being created there", () => {
  it("a device created meanwhile makes the owner change a 422", async () => {
    const home = await makeLocation(cast.owner.id);
    session = await otherSession();
    await session.query(`INSERT INTO devices (device_id, owner_id, location_id, updated_at) VALUES ('racing', $1, $2, now())`, [cast.owner.id, home.id]);
    const change = putLocation(cast.admin.token, home.id, locationBody(cast.other.id));
    await someoneWaitsForALock();
    await session.query("COMMIT");
    expectInvalid(await change, "owner_id", "A location with devices cannot change owner");
    expect((await db.location.findUniqueOrThrow({ where: { id: home.id } })).ownerId).toBe(cast.owner.id);
  });

  it("an owner change meanwhile makes the device's creation a 422", async () => {
    const home = await makeLocation(cast.owner.id);
    session = await otherSession();
    await session.query(`UPDATE locations SET owner_id = $1 WHERE id = $2`, [cast.other.id, home.id]);
    const create = call(deviceInfos.POST, { token: cast.owner.token, json: { device_id: "racing", location_id: home.id } });
    await someoneWaitsForALock();
    await session.query("COMMIT");
    expectInvalid(await create, "location_id", "This location does not exist or does not belong to the device's owner");
    expect(await db.device.count({ where: { locationId: home.id } })).toBe(0);
  });
});

describe("measurement limits against a concurrent change of the device's type or phase", () => {
  it("a measurement added while the device turns three-phase meets the new limit of 1", async () => {
    const device = await makeDevice(cast.owner.id, { deviceType: "spoony", phaseM: "single", measurements: [{ name: "a" }] });
    session = await otherSession();
    await session.query(`UPDATE devices SET phase_m = 'three' WHERE id = $1`, [device.id]);
    const create = call(measurements.POST, { token: cast.owner.token, json: { device_id: device.id, name: "b" } });
    await someoneWaitsForALock();
    await session.query("COMMIT");
    expectError(await create, 409, "This device already has its maximum of 1 measurement");
    expect(await db.measurement.count({ where: { deviceId: device.id } })).toBe(1);
  });

  it("a measurement moved onto a device that turns into a linky meets the new limit", async () => {
    const target = await makeDevice(cast.owner.id, { deviceType: "shelly", phaseM: "single", measurements: [{ name: "a" }] });
    const source = await makeDevice(cast.owner.id, { measurements: [{ name: "b" }] });
    session = await otherSession();
    await session.query(`UPDATE devices SET device_type = 'linky' WHERE id = $1`, [target.id]);
    const move = call(measurement.PUT, { method: "PUT", token: cast.owner.token, params: { id: String(source.measurements[0].id) }, json: { device_id: target.id } });
    await someoneWaitsForALock();
    await session.query("COMMIT");
    expectError(await move, 409, "This device already has its maximum of 1 measurement");
    expect(await db.measurement.count({ where: { deviceId: target.id } })).toBe(1);
  });

  it("channels sent while the device turns three-phase are checked against the new phase", async () => {
    const home = await makeLocation(cast.owner.id);
    const device = await makeDevice(cast.owner.id, { deviceType: "shelly", phaseM: "single", locationId: home.id });
    session = await otherSession();
    await session.query(`UPDATE devices SET phase_m = 'three' WHERE id = $1`, [device.id]);
    const channels = ["a", "b", "c"].map((name) => ({ name, classification: "consumption" }));
    // phase_m left out: the device's own (now three-phase) stays
    const put = call(userDevice.PUT, {
      method: "PUT", token: cast.owner.token, params: { id: String(device.id) },
      json: { device_id: "shelly-1", device_type: "shelly", location_id: home.id, data: { source: "mqtt", channels } },
    });
    await someoneWaitsForALock();
    await session.query("COMMIT");
    expectError(await put, 409, "This device already has its maximum of 1 measurement");
    expect(await db.measurement.count({ where: { deviceId: device.id } })).toBe(0);
  });
});
