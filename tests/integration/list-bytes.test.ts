// The hot lists read their page and total in one SQL statement, the rows as PostgreSQL's JSON
// (lib/services/sql-page.ts). Their answers must stay byte for byte what Prisma's reads gave: each
// list here is compared with a reference, the services' previous Prisma reads (findMany with the
// relations, count) put through the same serializers, on awkward data (a location without
// devices, a device without measurements, odd names, coordinates and quantities, timestamps of
// every millisecond, before 1970) and every parameter a list accepts.
import { beforeEach, describe, expect, it } from "vitest";
import { resolveCaller, type Caller } from "@/lib/auth/caller";
import { db, Prisma } from "@/lib/db";
import { orderByWithId, parseListParams } from "@/lib/http/list";
import { ownerScope, userScope } from "@/lib/services/access";
import { LOCATION_SORTABLE, withDevices } from "@/lib/services/locations/locations";
import { ADMIN_DEVICE_SORTABLE, DEVICE_SORTABLE, withMeasurements } from "@/lib/services/devices/devices";
import { SCHEDULE_SORTABLE } from "@/lib/services/schedules/schedules";
import { USER_SORTABLE, userViewSelect } from "@/lib/services/users/accounts";
import { toLocationView } from "@/lib/serializers/location";
import { toAdminDeviceView, toDeviceInfoView, toUserDeviceView } from "@/lib/serializers/device";
import { toScheduleView } from "@/lib/serializers/schedule";
import { toUserView } from "@/lib/serializers/user";
import { PRIVACY_NOTICE } from "@/lib/privacy/notice";
import { adminDeviceListFilters, deviceInfoListFilters, locationListFilters, scheduleListFilters, userListFilters } from "@/lib/validation/list-filters";
import * as myLocations from "@/app/api/v1/locations/my/route";
import * as locations from "@/app/api/v1/locations/route";
import * as locations1 from "@/app/api/v1/locations1/route";
import * as deviceInfo from "@/app/api/v1/device_info/route";
import * as userDevices from "@/app/api/v1/user_devices/route";
import * as devices from "@/app/api/v1/devices/route";
import * as schedules from "@/app/api/v1/schedules/route";
import * as users from "@/app/api/v1/users/route";
import { makeUser, type TestUser } from "../factories/users";
import { makeDevice } from "../factories/devices";
import { makeLocation } from "../factories/locations";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Page = { items: unknown[]; total: number };

// ---- the references: the services' Prisma reads before issue 14's one-statement lists ----

async function prismaLocations(caller: Caller, req: Request, o: { onlyOwn?: boolean } = {}): Promise<Page> {
  const p = parseListParams(req, { sortable: LOCATION_SORTABLE, filters: locationListFilters });
  const where: Prisma.LocationWhereInput = { ...ownerScope(caller, "ownerId", p.filters.owner_id, o) };
  if (p.ids) where.id = { in: p.ids };
  const country = p.filters.country;
  if (country === null) return { items: [], total: 0 };
  if (country !== undefined) where.country = country;
  if (p.filters.name !== undefined) where.name = p.filters.name;
  if (p.q) where.name = { contains: p.q, mode: "insensitive" };
  const column = { owner_id: "ownerId", created_at: "createdAt", updated_at: "updatedAt" }[p.sort.field as string] ?? p.sort.field;
  const orderBy = orderByWithId<Prisma.LocationOrderByWithRelationInput>(column, p.sort.order);
  const [items, total] = await Promise.all([
    db.location.findMany({ where, orderBy, skip: p.skip, take: p.take, include: withDevices }),
    db.location.count({ where }),
  ]);
  return { items: items.map(toLocationView), total };
}

const deviceColumns: Record<string, string> = {
  id: "id", device_id: "deviceId", name: "deviceId", device_type: "deviceType", type: "deviceType", phase_m: "phaseM",
  measurement_type: "phaseM", owner_id: "ownerId", user_id: "ownerId", location_id: "locationId", data_source: "dataSource",
  created_at: "createdAt", updated_at: "updatedAt",
};

async function prismaDevices(caller: Caller, req: Request, admin: boolean, view: (d: never) => unknown): Promise<Page> {
  const p = admin
    ? parseListParams(req, { sortable: ADMIN_DEVICE_SORTABLE, filters: adminDeviceListFilters })
    : parseListParams(req, { sortable: DEVICE_SORTABLE, filters: deviceInfoListFilters });
  const f = p.filters as Record<string, never>;
  const where: Prisma.DeviceWhereInput = { ...ownerScope(caller, "ownerId", f.owner_id ?? f.user_id) };
  if (p.ids) where.id = { in: p.ids };
  if (f.location_id !== undefined) where.locationId = f.location_id;
  if (f.integration_id !== undefined) where.integrationId = f.integration_id;
  const type = f.device_type === undefined ? f.type : f.device_type;
  const source = f.data_source;
  const phase = f.phase_m === undefined ? f.measurement_type : f.phase_m;
  if (type === null || source === null || phase === null) return { items: [], total: 0 };
  if (type !== undefined) where.deviceType = type;
  if (source !== undefined) where.dataSource = source;
  if (phase !== undefined) where.phaseM = phase;
  const deviceId = f.device_id ?? f.name;
  if (deviceId !== undefined) where.deviceId = deviceId;
  if (p.q) where.deviceId = { contains: p.q, mode: "insensitive" };
  const orderBy = orderByWithId<Prisma.DeviceOrderByWithRelationInput>(deviceColumns[p.sort.field] ?? "id", p.sort.order);
  const [items, total] = await Promise.all([
    db.device.findMany({ where, orderBy, skip: p.skip, take: p.take, include: withMeasurements }),
    db.device.count({ where }),
  ]);
  return { items: items.map(view as (d: (typeof items)[number]) => unknown), total };
}

async function prismaSchedules(caller: Caller, req: Request): Promise<Page> {
  const p = parseListParams(req, { sortable: SCHEDULE_SORTABLE, filters: scheduleListFilters });
  const where: Prisma.ScheduleWhereInput = { ...ownerScope(caller, "userId", p.filters.user_id) };
  if (p.ids) where.id = { in: p.ids };
  if (p.filters.der_name !== undefined) where.derName = p.filters.der_name;
  if (p.filters.type !== undefined) where.type = p.filters.type;
  if (p.q) where.derName = { contains: p.q, mode: "insensitive" };
  const column = { user_id: "userId", der_name: "derName", created_at: "createdAt", updated_at: "updatedAt" }[p.sort.field as string] ?? p.sort.field;
  const orderBy = orderByWithId<Prisma.ScheduleOrderByWithRelationInput>(column, p.sort.order);
  const [items, total] = await Promise.all([db.schedule.findMany({ where, orderBy, skip: p.skip, take: p.take }), db.schedule.count({ where })]);
  return { items: items.map(toScheduleView), total };
}

async function prismaUsers(caller: Caller, req: Request): Promise<Page> {
  const p = parseListParams(req, { sortable: USER_SORTABLE, filters: userListFilters });
  const where: Prisma.UserWhereInput = {};
  if (p.ids) where.id = { in: p.ids };
  Object.assign(where, userScope(caller));
  const { is_active: isActive, is_superuser: isSuperuser, accepted_tos: acceptedTos } = p.filters;
  if (isActive !== undefined) where.isActive = isActive;
  if (isSuperuser !== undefined) where.isSuperuser = isSuperuser;
  const current: Prisma.UserWhereInput = { acceptedTos: true, tosVersion: { gte: PRIVACY_NOTICE.version } };
  if (acceptedTos !== undefined) where.AND = [acceptedTos ? current : { OR: [{ acceptedTos: false }, { tosVersion: null }, { tosVersion: { lt: PRIVACY_NOTICE.version } }] }];
  if (p.filters.email) where.email = p.filters.email.trim().toLowerCase();
  if (p.filters.first_name !== undefined) where.firstName = p.filters.first_name;
  if (p.filters.last_name !== undefined) where.lastName = p.filters.last_name;
  if (p.q) {
    where.OR = [
      { email: { contains: p.q, mode: "insensitive" } },
      { firstName: { contains: p.q, mode: "insensitive" } },
      { lastName: { contains: p.q, mode: "insensitive" } },
    ];
  }
  const column = { first_name: "firstName", last_name: "lastName", is_active: "isActive", is_superuser: "isSuperuser", created_at: "createdAt" }[p.sort.field as string] ?? p.sort.field;
  const orderBy =
    p.sort.field === "accepted_tos"
      ? [{ tosVersion: { sort: p.sort.order, nulls: p.sort.order === "asc" ? "first" : "last" } } as const, { id: "asc" } as const]
      : orderByWithId<Prisma.UserOrderByWithRelationInput>(column, p.sort.order);
  const [items, total] = await Promise.all([db.user.findMany({ where, orderBy, skip: p.skip, take: p.take, select: userViewSelect }), db.user.count({ where })]);
  return { items: items.map(toUserView), total };
}

// ---- the data ----

let owner: TestUser, other: TestUser, admin: TestUser;
const named: Record<string, number> = {};

const at = (iso: string) => new Date(iso);

beforeEach(async () => {
  owner = await makeUser({ firstName: "Hélène", acceptedTos: true });
  other = await makeUser({ firstName: "O'Brien \"quoted\"" });
  admin = await makeUser({ admin: true, firstName: null });
  for (let i = 0; i < 6; i++) await makeUser({ firstName: i % 2 ? `Member ${i}` : null, active: i % 3 !== 0, acceptedTos: i % 2 === 0 });
  await db.user.updateMany({ where: { firstName: "Member 3" }, data: { acceptedTos: true, tosVersion: PRIVACY_NOTICE.version - 1, lastName: "100%_wild" } });
  await db.user.update({ where: { id: other.id }, data: { createdAt: at("1969-12-31T23:59:59.999Z") } });

  const places: [string, Prisma.LocationCreateInput["country"], string, string][] = [
    ["Home", "FR", "48.85660000", "2.35220000"],
    ["Chez \"moi\" \\ 🏠 \u2028 tab\t end", "IE", "-0.00000001", "-179.99999999"],
    ["Barn", "DE", "90", "180"],
    ["barn", "AT", "0", "0.1"],
    ["Élan 100%_x", "FR", "45.12345678", "-6.26030000"],
    ["Empty", "DE", "-90", "-180"],
  ];
  for (const [i, [name, country, lat, lon]] of places.entries()) {
    const l = await makeLocation(owner.id, { name, country, lat, lon });
    named[name] = l.id;
    await db.location.update({ where: { id: l.id }, data: { createdAt: at(`2026-0${1 + i}-0${1 + i}T0${i}:00:00.${String(i * 199).padStart(3, "0")}Z`) } });
  }
  const theirs = await makeLocation(other.id, { name: "Theirs", country: "IE" });
  named.Theirs = theirs.id;

  // Home: a device with three channels, one with none; Chez moi: one with odd channels; Barn: a linky
  const a = await makeDevice(owner.id, { deviceId: "spoony-A", locationId: named.Home, measurements: [{ name: "L1", programmable: true }, { name: "L2", prefix: "home/a", suffix: "/w", displayName: null }, { name: "L3", classification: null, measureType: "total_home" }] });
  await makeDevice(owner.id, { deviceId: "Shelly_b", deviceType: "shelly", phaseM: "three", dataSource: "shelly_api", locationId: named.Home });
  const odd = await makeDevice(owner.id, { deviceId: "odd 100%", deviceType: "dcbel", phaseM: null, mqttHost: "mqtt.example.com", locationId: named[places[1][0]] });
  const quantities: Prisma.InputJsonValue[] = [[], [{}], [{ unit: null }], ["x"], [{ unit: "kWh", databaseMeasurementPrefix: "energy", extra: 1.5 }], [{ unit: 1.5, databaseMeasurementPrefix: { nested: [1, 2.0, 1e-7] } }], [{ unit: "W" }, { unit: "Wh" }]];
  for (const [i, q] of quantities.entries()) {
    await db.measurement.create({ data: { deviceId: odd.id, name: `q${i}`, displayName: `Q ${i} é\u0001`, quantities: q, smartApplianceCategory: i % 2 ? "hvac" : null, programmable: i % 3 === 0 ? null : i % 3 === 1 } });
  }
  await makeDevice(owner.id, { deviceId: "linky-1", deviceType: "linky", phaseM: null, dataSource: "linky_api", locationId: named.Barn, measurements: [{ name: "grid" }] });
  await makeDevice(owner.id, { deviceId: "loose", deviceType: null, phaseM: null, dataSource: null, measurements: [{ name: "EV" }] });
  await makeDevice(other.id, { deviceId: "theirs", locationId: theirs.id, measurements: [{ name: "x" }] });
  // timestamps of every kind of millisecond (the JSON carries them as epoch milliseconds)
  await db.device.update({ where: { id: a.id }, data: { createdAt: at("1969-07-20T20:17:40.001Z"), updatedAt: at("2038-01-19T03:14:08.999Z") } });
  await db.measurement.updateMany({ where: { deviceId: a.id }, data: { createdAt: at("2026-11-24T10:00:00.010Z") } });

  for (const [i, der] of ["Boiler", "Heat pump", "Car charger 100%", "boiler"].entries()) {
    const data = { der_name: der, average_power: 500.5 + 1000.25 * i, months: [1 + i], days: [0, 6], hours: [i], start_date: "2026-01-05T00:00:00.000Z", ...(i === 2 ? { schedules: [{ average_power: 1e3, months: [2], days: [1], hours: [5], big: 1e21, small: 0.1, note: "é\u0001" }] } : {}) };
    await db.schedule.create({ data: { userId: i === 3 ? other.id : owner.id, derName: der, type: i === 1 ? "other_type" : "manual_weekahead", data } });
  }
});

// ---- the comparison ----

async function expectSameBytes(handler: Handler, reference: (caller: Caller, req: Request) => Promise<Page>, user: TestUser, path: string) {
  const req = () => new Request(`http://foyer.test${path}`, { headers: { authorization: `Bearer ${user.token}` } });
  const res = await handler(req(), { params: Promise.resolve({}) });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  const caller = (await resolveCaller(req()))!;
  const expected = await reference(caller, req());
  expect(body, path).toBe(JSON.stringify(expected.items));
  expect(res.headers.get("x-total-count"), path).toBe(String(expected.total));
  return JSON.parse(body) as unknown[];
}

const sorts = (fields: readonly string[]) => fields.flatMap((f) => [`?_sort=${f}&_order=ASC`, `?_sort=${f}&_order=DESC&_start=1&_end=4`]);
const pages = ["", "?_start=0&_end=2", "?_start=2&_end=5", "?_start=50&_end=60", "?_start=3&_end=3", "?_end=0", "?_start=1"];

describe("the lists answer Prisma's bytes", () => {
  const locationQueries = () => [
    ...pages,
    ...sorts(LOCATION_SORTABLE),
    "?country=IE", "?country=XX", "?name=Barn", "?name=barn", "?q=ARN", "?q=%25", "?q=_", "?q=100%25_", "?q=nothing", "?q=%20",
    `?id=${named.Home}&id=${named.Barn}&id=${named.Theirs}`, "?id=99999999999", `?owner_id=${other.id}`, `?owner_id=${owner.id}`, "?owner_id=99999999999",
    `?country=DE&_sort=name&_order=DESC`, `?q=a&_sort=lat&_start=1&_end=2`,
  ];

  it("GET /api/v1/locations/my, as the owner, another user and an admin", async () => {
    const ref = (c: Caller, r: Request) => prismaLocations(c, r, { onlyOwn: true });
    const all = await expectSameBytes(myLocations.GET, ref, owner, "/api/v1/locations/my");
    expect(all).toHaveLength(6);
    // a location without devices, one with a device without measurements
    expect(all).toContainEqual(expect.objectContaining({ name: "Empty", devices_info: [] }));
    for (const q of locationQueries()) await expectSameBytes(myLocations.GET, ref, owner, `/api/v1/locations/my${q}`);
    for (const q of locationQueries()) await expectSameBytes(myLocations.GET, ref, admin, `/api/v1/locations/my${q}`);
    await expectSameBytes(myLocations.GET, ref, other, "/api/v1/locations/my");
  });

  it("GET /api/v1/locations and /locations1, as the owner and an admin", async () => {
    for (const who of [owner, admin]) {
      for (const q of locationQueries()) {
        await expectSameBytes(locations.GET, prismaLocations, who, `/api/v1/locations${q}`);
        await expectSameBytes(locations1.GET, prismaLocations, who, `/api/v1/locations1${q}`);
      }
    }
  });

  const deviceQueries = (admin: boolean) => [
    ...pages,
    ...sorts(admin ? ADMIN_DEVICE_SORTABLE : DEVICE_SORTABLE),
    `?location_id=${named.Home}`, "?location_id=99999999999", "?integration_id=1", "?q=100%25", "?q=Y-a", "?q=_",
    `?id=${named.Home}&id=1&id=2&id=3`,
    ...(admin
      ? ["?type=linky", "?type=nonsense", "?data_source=mqtt", "?data_source=nope", "?measurement_type=three", "?name=loose", `?user_id=${other.id}`, "?type=spoony&name=spoony-A"]
      : ["?device_type=linky", "?device_type=nonsense", "?phase_m=single", "?phase_m=four", "?device_id=loose", `?owner_id=${other.id}`, `?owner_id=${owner.id}`, "?device_type=dcbel&device_id=odd%20100%25"]),
  ];

  it("GET /api/v1/device_info/ and /user_devices, as the owner and an admin", async () => {
    const info = (c: Caller, r: Request) => prismaDevices(c, r, false, toDeviceInfoView as never);
    const cards = (c: Caller, r: Request) => prismaDevices(c, r, false, toUserDeviceView as never);
    expect(await expectSameBytes(deviceInfo.GET, info, owner, "/api/v1/device_info/")).toHaveLength(5);
    for (const who of [owner, admin]) {
      for (const q of deviceQueries(false)) {
        await expectSameBytes(deviceInfo.GET, info, who, `/api/v1/device_info/${q}`);
        await expectSameBytes(userDevices.GET, cards, who, `/api/v1/user_devices${q}`);
      }
    }
  });

  it("GET /api/v1/devices (admin)", async () => {
    const ref = (c: Caller, r: Request) => prismaDevices(c, r, true, toAdminDeviceView as never);
    for (const q of deviceQueries(true)) await expectSameBytes(devices.GET, ref, admin, `/api/v1/devices${q}`);
  });

  it("GET /api/v1/schedules, as the owner and an admin", async () => {
    const queries = [...pages, ...sorts(SCHEDULE_SORTABLE), "?der_name=Boiler", "?der_name=boiler", "?type=other_type", "?q=BOIL", "?q=100%25", `?user_id=${other.id}`, `?id=1&id=3`, "?q=r&der_name=Boiler"];
    expect(await expectSameBytes(schedules.GET, prismaSchedules, owner, "/api/v1/schedules")).toHaveLength(3);
    for (const who of [owner, admin]) for (const q of queries) await expectSameBytes(schedules.GET, prismaSchedules, who, `/api/v1/schedules${q}`);
  });

  it("GET /api/v1/users, as an admin and as a user", async () => {
    const queries = [
      ...pages, ...sorts(USER_SORTABLE),
      "?is_active=false", "?is_superuser=true", "?accepted_tos=true", "?accepted_tos=false", "?accepted_tos=0&_sort=accepted_tos&_order=DESC",
      `?email=${encodeURIComponent(` ${owner.email.toUpperCase()} `)}`, "?first_name=Member%201", "?last_name=100%25_wild", "?q=MEMBER", "?q=100%25", "?q=_", "?q=example",
      `?id=${owner.id}&id=${other.id}`, "?_start=0&_end=25&_sort=id&_order=ASC",
    ];
    for (const who of [admin, owner]) for (const q of queries) await expectSameBytes(users.GET, prismaUsers, who, `/api/v1/users${q}`);
  });
});
